// Real VS Code for the e2e suites: code-server 4.100.3 (VS Code 1.100.3) installed by
// scripts/e2e-install.sh, run headless in a throw-away sandbox and driven through Debian's
// chromium with playwright-core. Every mutable path (user data, extensions, XDG dirs, TMPDIR,
// the chromium profile, PAYOUT_HTTP_HOME) lives in one temp folder removed at the end.
// editorSuite() (at the end) is the setup both suites share; each says only what differs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type * as Playwright from 'playwright-core';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { openWorkbench, screenshot } from './workbench';

export const DEFAULT_PREFIX = '/tmp/payout-http-e2e/code-server';

export function e2ePrefix(): string {
  return process.env.PAYOUT_HTTP_E2E_PREFIX || DEFAULT_PREFIX;
}

export function codeServerBin(prefix: string): string {
  return path.join(prefix, 'bin', 'code-server');
}

export function chromiumPath(): string {
  return process.env.CHROMIUM || '/usr/bin/chromium';
}

/** What is missing to run the suite, as messages that say how to get it. */
export function missingPrerequisites(prefix: string, vsix: string): string[] {
  const missing: string[] = [];
  if (!fs.existsSync(codeServerBin(prefix)))
    missing.push(`code-server is not installed in ${prefix}: run scripts/e2e-install.sh ${prefix}`);
  if (!fs.existsSync(chromiumPath()))
    missing.push(`chromium not found at ${chromiumPath()}: run scripts/e2e-install.sh (apt-get install chromium) or set CHROMIUM`);
  if (!fs.existsSync(vsix)) missing.push(`${path.basename(vsix)} not found: run npm run package first`);
  else {
    // a VSIX older than the last bundle would test yesterday's extension
    const client = path.join(path.dirname(vsix), 'dist', 'client.js');
    if (fs.existsSync(client) && fs.statSync(client).mtimeMs > fs.statSync(vsix).mtimeMs) {
      missing.push(`${path.basename(vsix)} is older than dist/client.js: run npm run package again`);
    }
  }
  return missing;
}

export interface Sandbox {
  root: string;
  userData: string;
  extensions: string;
  config: string;
  chromiumProfile: string;
  payoutHome: string;
  log: string;
  env: NodeJS.ProcessEnv;
}

export function makeSandbox(): Sandbox {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-http-e2e-'));
  const s: Sandbox = {
    root,
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    config: path.join(root, 'config.yaml'),
    chromiumProfile: path.join(root, 'chromium'),
    payoutHome: path.join(root, 'payout-home'),
    log: path.join(root, 'code-server.log'),
    env: {},
  };
  fs.mkdirSync(path.join(s.userData, 'User'), { recursive: true });
  fs.mkdirSync(s.extensions, { recursive: true });
  fs.writeFileSync(s.config, 'auth: none\ncert: false\n');
  // A quiet, deterministic workbench: no welcome page, trust prompt, update or telemetry noise.
  fs.writeFileSync(
    path.join(s.userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'workbench.welcomePage.walkthroughs.openOnInstall': false,
        'security.workspace.trust.enabled': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'git.enabled': false,
        'editor.codeLens': true,
        'editor.minimap.enabled': false,
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
        'window.restoreWindows': 'none',
        // The suites read a response document's lines from the DOM, where Monaco renders one element per
        // visual line; the response language's word wrap (package.json configurationDefaults, checked in
        // test/extension/manifest.test.ts) would split them at the width of the split.
        '[payout-http-response]': { 'editor.wordWrap': 'off' },
      },
      null,
      2,
    ),
  );
  s.env = {
    ...process.env,
    // code-server writes its config, logs and IPC socket under the XDG dirs and TMPDIR
    XDG_CONFIG_HOME: path.join(root, 'xdg-config'),
    XDG_DATA_HOME: path.join(root, 'xdg-data'),
    XDG_CACHE_HOME: path.join(root, 'xdg-cache'),
    XDG_STATE_HOME: path.join(root, 'xdg-state'),
    TMPDIR: path.join(root, 'tmp'),
    // the extension (and the local sandbox it starts) keep keys and state here, not in ~
    PAYOUT_HTTP_HOME: s.payoutHome,
  };
  fs.mkdirSync(s.env.TMPDIR!, { recursive: true });
  return s;
}

export function installExtension(prefix: string, s: Sandbox, vsix: string): string {
  const r = spawnSync(
    codeServerBin(prefix),
    ['--config', s.config, '--user-data-dir', s.userData, '--extensions-dir', s.extensions, '--install-extension', vsix],
    { env: s.env, encoding: 'utf8' },
  );
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0 || !/successfully installed/i.test(out)) {
    throw new Error(`code-server --install-extension ${vsix} failed (exit ${r.status}):\n${out}`);
  }
  return out.trim();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningCodeServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startCodeServer(prefix: string, s: Sandbox, folder: string): Promise<RunningCodeServer> {
  const port = await freePort();
  const log = fs.openSync(s.log, 'a');
  // detached: own process group, so stop() ends code-server and everything it started
  // (extension host, language server, the local sandbox) by that group id only.
  const child = spawn(
    codeServerBin(prefix),
    [
      '--config',
      s.config,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--user-data-dir',
      s.userData,
      '--extensions-dir',
      s.extensions,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      folder,
    ],
    { env: s.env, detached: true, stdio: ['ignore', log, log] },
  );
  const url = `http://127.0.0.1:${port}`;
  // Poll readiness (not a timed assertion: mocha's timeout bounds the wait).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited (${child.exitCode}) before answering; see ${s.log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stop() {
      const pid = child.pid!;
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        return;
      }
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(-pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    },
  };
}

function loadPlaywright(prefix: string): typeof Playwright {
  // scripts/e2e-install.sh puts playwright-core next to code-server; the project's devDependency
  // is the fallback.
  try {
    return createRequire(path.join(prefix, 'package.json'))('playwright-core');
  } catch {
    return createRequire(path.join(process.cwd(), 'package.json'))('playwright-core');
  }
}

export async function launchBrowser(prefix: string, s: Sandbox): Promise<{ context: BrowserContext; page: Page }> {
  const { chromium } = loadPlaywright(prefix);
  const context = await chromium.launchPersistentContext(s.chromiumProfile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  // Clipboard reads from the workbench (copy as curl) need the permission.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

// ---- the hooks every e2e suite shares: one editor for the whole suite ----

const ROOT = path.join(__dirname, '..', '..');
/** Screenshots and, after the run, the editor's logs. */
export const SHOTS = path.join(ROOT, '.test-artifacts', 'e2e');

function vsixPath(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return process.env.PAYOUT_HTTP_VSIX || path.join(ROOT, `${pkg.name}-${pkg.version}.vsix`);
}

/** The running editor of a suite; its fields are set by the suite's `before` hook. */
export interface Editor {
  sandbox: Sandbox;
  /** The folder the editor opened, where `prepare` wrote the suite's files. */
  workspace: string;
  server: RunningCodeServer;
  context: BrowserContext;
  page: Page;
}

export interface EditorSuiteOptions {
  /** Start of this suite's screenshot and log names in SHOTS. */
  shotPrefix: string;
  /** Whether a file in SHOTS is this suite's (from an earlier run): only those are removed first. */
  ownsShot(file: string): boolean;
  /** Writes the suite's files into the workspace before the editor opens it. */
  prepare(sandbox: Sandbox, workspace: string): void | Promise<void>;
  /** Reads the editor's log files once the editor has stopped, before the sandbox is removed. */
  readLogs?(logs: string[]): void;
}

/**
 * Registers the suite's hooks: before, a throw-away sandbox with the VSIX installed, code-server on
 * a free port opening `workspace`, and chromium showing the workbench; after each failed test, a
 * screenshot; after, everything stopped (the local sandbox too) and the logs kept next to the
 * screenshots. Skips the suite unless PAYOUT_HTTP_E2E=1; fails it when that is set but a
 * prerequisite is missing (CI must not pass without running it).
 */
export function editorSuite(o: EditorSuiteOptions): Editor {
  const editor = {} as Editor;
  before(async function () {
    if (process.env.PAYOUT_HTTP_E2E !== '1') {
      console.log('    (skipped: set PAYOUT_HTTP_E2E=1 after scripts/e2e-install.sh and npm run package to run the real-editor e2e suite)');
      this.skip();
    }
    const prefix = e2ePrefix();
    const vsix = vsixPath();
    const missing = missingPrerequisites(prefix, vsix);
    if (missing.length) throw new Error(`PAYOUT_HTTP_E2E=1 but the e2e prerequisites are missing:\n${missing.join('\n')}`);
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const f of fs.readdirSync(SHOTS)) if (o.ownsShot(f)) fs.rmSync(path.join(SHOTS, f), { recursive: true, force: true });

    editor.sandbox = makeSandbox();
    editor.workspace = path.join(editor.sandbox.root, 'workspace');
    fs.mkdirSync(editor.workspace);
    await o.prepare(editor.sandbox, editor.workspace);

    // figures printed for docs/extension.md (measured, never asserted)
    const t = [performance.now()];
    installExtension(prefix, editor.sandbox, vsix);
    t.push(performance.now());
    editor.server = await startCodeServer(prefix, editor.sandbox, editor.workspace);
    t.push(performance.now());
    ({ context: editor.context, page: editor.page } = await launchBrowser(prefix, editor.sandbox));
    t.push(performance.now());
    await openWorkbench(editor.page, editor.server.url, editor.workspace);
    t.push(performance.now());
    const s = (i: number) => ((t[i + 1] - t[i]) / 1000).toFixed(1);
    console.log(`    (install VSIX ${s(0)} s, code-server healthy ${s(1)} s, chromium ${s(2)} s, workbench ready ${s(3)} s)`);
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && editor.page) {
      const name = `${o.shotPrefix}failure-${this.currentTest.title.replace(/\W+/g, '-')}.png`;
      await screenshot(editor.page, SHOTS, name).catch(() => {});
    }
  });

  after(async () => {
    await editor.context?.close().catch(() => {});
    await editor.server?.stop();
    const sb = editor.sandbox;
    if (!sb) return;
    // the local sandbox runs detached (it outlives a killed editor by design): stop it by its pid file
    await stopLocalSandbox({ home: sb.payoutHome }).catch(() => false);
    const logs = findLogs(sb.root);
    o.readLogs?.(logs);
    // keep the logs of the editor, the extension host and the language server next to the screenshots
    for (const log of logs) {
      fs.copyFileSync(log, path.join(SHOTS, `${o.shotPrefix}${path.basename(path.dirname(log))}-${path.basename(log)}`));
    }
    fs.rmSync(sb.root, { recursive: true, force: true });
  });
  return editor;
}

/** The `.log` files under a sandbox: code-server's, the extension host's, the language server's. */
export function findLogs(dir: string): string[] {
  const out: string[] = [];
  const visit = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory() && !['extensions', 'chromium', 'node_modules', 'payout-home', 'workspace'].includes(e.name)) visit(p);
      else if (e.isFile() && /(\.log)$/.test(e.name)) out.push(p);
    }
  };
  visit(dir);
  return out;
}
