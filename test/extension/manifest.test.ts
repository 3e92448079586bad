// package.json's contributes must match what the client registers and what the VSIX carries.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { COMMANDS } from '../../client/src/commandIds';

const root = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const c = pkg.contributes;

describe('extension manifest (package.json contributes)', () => {
  it('declares exactly the commands the client defines', () => {
    const declared = c.commands.map((x: { command: string }) => x.command).sort();
    assert.deepEqual(declared, Object.values(COMMANDS).sort());
  });

  it('registers every declared command in client/src', () => {
    const src = fs
      .readdirSync(path.join(root, 'client', 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => fs.readFileSync(path.join(root, 'client', 'src', f), 'utf8'))
      .join('\n');
    for (const [key, id] of Object.entries(COMMANDS)) {
      // extension.ts registers through a small `register(id, fn)` wrapper around registerCommand
      assert.match(src, new RegExp(`register(Command)?\\(\\s*COMMANDS\\.${key}\\b`), `${id} is declared but never registered`);
    }
  });

  it('keybindings and menus only name declared commands', () => {
    const ids = new Set(c.commands.map((x: { command: string }) => x.command));
    const used = [
      ...c.keybindings.map((k: { command: string }) => k.command),
      ...Object.values(c.menus)
        .flat()
        .map((m) => (m as { command: string }).command),
    ];
    for (const id of used) assert.ok(ids.has(id), `${id} is used in keybindings/menus but not declared`);
  });

  it('every file it points at exists and is shipped by "files"', () => {
    const paths = [
      pkg.icon,
      ...c.languages.map((l: { configuration?: string }) => l.configuration).filter(Boolean), // the response views' language has none
      ...c.grammars.map((g: { path: string }) => g.path),
      ...c.snippets.map((s: { path: string }) => s.path),
      ...c.walkthroughs.flatMap((w: { steps: { media: { markdown: string } }[] }) => w.steps.map((s) => s.media.markdown)),
    ].map((p: string) => p.replace(/^\.\//, ''));
    for (const p of paths) {
      assert.ok(fs.existsSync(path.join(root, p)), `${p} is referenced by package.json but missing`);
      const shipped = pkg.files.some((pattern: string) => {
        const re = new RegExp(
          '^' +
            pattern
              .replace(/\./g, '\\.')
              .replace(/\*\*/g, '.+')
              .replace(/(?<!\.)\*/g, '[^/]+') +
            '$',
        );
        return re.test(p) || p.startsWith(pattern.replace(/\/\*\*$/, '/'));
      });
      assert.ok(shipped, `${p} is referenced by package.json but not in "files", so the VSIX would lack it`);
    }
  });

  it('activates on the language and on a workspace holding request files (the Test Explorer lists them), and accepts VS Code 1.91+', () => {
    assert.deepEqual(pkg.activationEvents, ['onLanguage:payout-http', 'workspaceContains:**/*.payout.http']);
    assert.equal(pkg.engines.vscode, '^1.91.0');
    assert.equal(pkg.main, './dist/client.js');
  });

  it('describes every setting, and the trace setting matches the language client id', () => {
    const props = c.configuration.properties as Record<string, { markdownDescription?: string; description?: string }>;
    for (const [name, p] of Object.entries(props)) assert.ok(p.markdownDescription || p.description, `${name} has no description`);
    assert.ok(props['payoutHttp.trace.server'], 'LanguageClient id "payoutHttp" reads payoutHttp.trace.server');
    assert.match(fs.readFileSync(path.join(root, 'client/src/languageClient.ts'), 'utf8'), /new LanguageClient\('payoutHttp'/);
  });

  it('packages only what runs inside the editor (vsce ls)', function () {
    this.timeout(60_000);
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    for (const f of ['dist/client.js', 'dist/server.js', 'dist/cli.js', 'dist/scriptWorker.js']) {
      assert.ok(files.includes(f), `${f} is not in the VSIX (run npm run bundle first)`);
    }
    for (const f of [
      'package.json',
      'LICENSE',
      'README.md',
      'language-configuration.json',
      'snippets/payout-http.code-snippets',
      'examples/quickstart.payout.http',
    ]) {
      assert.ok(files.includes(f), `${f} is not in the VSIX`);
    }
    const unwanted = files.filter(
      (f) =>
        /^(engine|client|server|cli|test|scripts|docs|node_modules)\//.test(f) || /\.(ts|map)$/.test(f) || /private\.env\.json$/.test(f),
    );
    assert.deepEqual(unwanted, [], 'sources, tests, maps or private env files would ship');
  });

  it('walkthrough steps show no literal backticks (their descriptions render links, not code spans)', () => {
    for (const w of c.walkthroughs) {
      for (const step of w.steps) assert.ok(!step.description.includes('`'), `step ${step.id} shows backticks: ${step.description}`);
    }
  });
});
