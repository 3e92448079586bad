// Bundles the entry points with esbuild: the VS Code client (VS Code wiring only, no engine code)
// and the CLI, which also runs the language server (`dist/cli.js language-server --stdio`; the
// editor starts it so) and the proxy's inspector thread, so the engine is in the VSIX once.
// The script worker is bundled apart, so each script's thread starts small.
// dist/server.js runs the same (`payout-http-language-server --stdio`, and the VS Code client starts it),
// compiling cli.js with V8's code cache (cli/serverStart.ts).
// The language server answers its first diagnostics with the parser, the catalogue and lint only, so
// dist/cli.js holds what it loads at start (its static imports) and nothing else: every module the
// sources load with a dynamic `import()` (the CLI's commands, the server's send, codegen, proxy,
// sandbox features: see cli/main.ts and server/src/host/index.ts) is bundled into dist/lazy.js,
// which cli.js requires on the first such import; `yaml` (required on the first YAML document,
// engine/openapi/parseText.ts) is dist/yaml.js. lazy.js takes the modules cli.js already holds from
// cli.js itself (its exports s0, s1…), so each module is in the VSIX once and has one instance.
// `--production` minifies and drops source maps (used for the VSIX). The build fails if the client
// bundle holds an engine module other than engine/protocol.ts: the client talks to the engine only
// through the language server.
import * as esbuild from 'esbuild';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  // UTF-8 text (✓, ·, →) written as is rather than \u-escaped
  charset: 'utf8',
  logLevel: 'warning',
  metafile: true,
  loader: { '.json': 'json' },
  // jsonc-parser's UMD build (its `main`) requires files by computed paths esbuild cannot follow;
  // its ESM build (`module`) bundles cleanly.
  mainFields: ['module', 'main'],
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Loaded at start although imported dynamically: the language server itself.
const atStart = new Set(['cli/commands/languageServer.ts']);
const own = (path) => /^(engine|server|cli)\//.test(relative(root, path).split('\\').join('/'));

/** Loads `yaml` from dist/yaml.js, beside the bundle, when it is first required. */
const yamlApart = {
  name: 'yaml-apart',
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, () => ({ path: './yaml.js', external: true }));
  },
};

/**
 * undici parses responses with llhttp compiled to WebAssembly, shipped twice as base64 (70 KB
 * each): a SIMD build it tries first and a plain one it falls back to when that fails
 * (undici/lib/dispatcher/client-h1.js, `lazyllhttp`). The plain build runs everywhere; the SIMD
 * one is only faster on large bodies, so the VSIX (≤ 600 KB) carries the plain one alone: the SIMD
 * module is replaced by one that throws, which undici catches and falls back from, as it does on
 * ppc64 or with UNDICI_NO_WASM_SIMD=1.
 */
const plainLlhttpOnly = {
  name: 'plain-llhttp-only',
  setup(b) {
    b.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (a) => ({ path: a.path, namespace: 'no-simd-llhttp' }));
    b.onLoad({ filter: /.*/, namespace: 'no-simd-llhttp' }, () => ({
      contents: "throw new Error('payout-http ships the plain llhttp build only (scripts/build.mjs)');",
      loader: 'js',
    }));
  },
};

// Put into cli.js as it is written (so plain JS): a missing lazy.js is named, with the fix.
function requireLazy() {
  try {
    return require('./lazy.js');
  } catch (e) {
    if (e?.code !== 'MODULE_NOT_FOUND' || !String(e.message).includes('lazy.js')) throw e;
    throw new Error(
      `payout-http cannot load ${__dirname}/lazy.js, the part of the bundle loaded on first use: reinstall the extension or the CLI, or run npm run build.`,
    );
  }
}

/** The main bundle: each dynamic import of an own module becomes a require of dist/lazy.js. */
function deferDynamicImports(lazy) {
  return {
    name: 'defer-dynamic-imports',
    setup(b) {
      b.onResolve({ filter: /^\.\/lazy\.js$/ }, () => ({ path: './lazy.js', external: true }));
      b.onResolve({ filter: /.*/ }, async (a) => {
        if (a.kind !== 'dynamic-import' || a.pluginData === 'resolving') return undefined;
        const r = await b.resolve(a.path, { kind: a.kind, resolveDir: a.resolveDir, importer: a.importer, pluginData: 'resolving' });
        if (r.errors.length || !own(r.path) || atStart.has(relative(root, r.path).split('\\').join('/'))) return undefined;
        if (!lazy.has(r.path)) lazy.set(r.path, `m${lazy.size}`);
        return { path: lazy.get(r.path), namespace: 'lazy' };
      });
      // one loader for all of them: each import takes its module from what it returns
      b.onResolve({ filter: /^lazy-loader$/ }, () => ({ path: 'loader', namespace: 'lazy-loader' }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-loader' }, () => ({ contents: `module.exports = ${requireLazy};`, loader: 'js' }));
      b.onLoad({ filter: /.*/, namespace: 'lazy' }, (a) => ({
        contents: `module.exports = require('lazy-loader')().${a.path};`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The names `importer` imports from `spec`, when it imports named bindings only (`import { a, b as c }`,
 * `export { a } from`); undefined when it takes the whole module (a namespace, a default, `export *`,
 * a dynamic import, or a package's own file). `import type` is erased and counts for nothing.
 */
function importedNames(importer, spec) {
  if (!own(importer)) return undefined;
  const quoted = spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = new Set();
  let found = false;
  for (const m of readFileSync(importer, 'utf8').matchAll(
    new RegExp(`\\b(?:import|export)\\s+([^;]*?)\\s*from\\s*['"]${quoted}['"]`, 'g'),
  )) {
    const clause = m[1].trim();
    if (/^type\s/.test(clause)) continue;
    if (!/^\{[^}]*\}$/.test(clause)) return undefined;
    found = true;
    for (const part of clause.slice(1, -1).split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return found ? names : undefined;
}

/**
 * dist/lazy.js: the modules dist/cli.js already holds are taken from it. `used` gathers, per module,
 * the names lazy.js imports (cli.js exports those alone, keeping the rest tree-shaken) or 'all'.
 */
function fromMainBundle(shared, used) {
  return {
    name: 'from-main-bundle',
    setup(b) {
      b.onResolve({ filter: /^\.\/cli\.js$/ }, () => ({ path: './cli.js', external: true }));
      b.onResolve({ filter: /.*/ }, async (a) => {
        if (a.pluginData === 'resolving' || a.kind === 'entry-point') return undefined;
        const r = await b.resolve(a.path, { kind: a.kind, resolveDir: a.resolveDir, importer: a.importer, pluginData: 'resolving' });
        if (r.errors.length || !shared.has(r.path)) return undefined;
        const names = a.kind === 'import-statement' ? importedNames(a.importer, a.path) : undefined;
        const before = used.get(r.path);
        used.set(r.path, !names || before === 'all' ? 'all' : new Set([...(before ?? []), ...names]));
        return { path: shared.get(r.path), namespace: 'main' };
      });
      // read when the module is first used, after cli.js has run: getters keep the bindings live
      b.onLoad({ filter: /.*/, namespace: 'main' }, (a) => ({ contents: shimOf(a.path, used.get(keyPaths.get(a.path))), loader: 'js' }));
    },
  };
}
const keyPaths = new Map();
function shimOf(key, names) {
  if (names === 'all') return `module.exports = require('./cli.js').${key};`;
  const getters = [...names].map((n) => `get ${n}() { return m.${key}_${n}; }`);
  return `const m = require('./cli.js');\nmodule.exports = { ${getters.join(', ')} };`;
}

const t0 = Date.now();
const build = (options) => esbuild.build({ ...common, ...options });
const exportOf = (path, key, names) =>
  names === 'all'
    ? `export * as ${key} from ${JSON.stringify(path)};`
    : `export { ${[...names].map((n) => `${n} as ${key}_${n}`).join(', ')} } from ${JSON.stringify(path)};`;
const exportsOf = (map) => [...map].map(([path, key]) => `export * as ${key} from ${JSON.stringify(path)};`).join('\n');

const client = build({ entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] });
// First pass: which own modules cli.js holds (its static imports) and which load lazily.
const lazy = new Map();
const probe = await build({
  entryPoints: ['cli/main.ts'],
  write: false,
  outfile: 'dist/cli.js',
  plugins: [yamlApart, deferDynamicImports(lazy)],
});
const shared = new Map(
  Object.keys(probe.metafile.inputs)
    .filter((f) => !f.endsWith('.json') && !f.includes(':'))
    .map((f, i) => [resolve(root, f), `s${i}`]),
);
for (const [path, key] of shared) keyPaths.set(key, path);
// lazy.js next, noting which of those it takes from cli.js, and which names: cli.js exports only
// these. Twice: a module's import shim is written when first met, the names are known at the end.
const used = new Map();
const lazyOptions = {
  stdin: { contents: exportsOf(lazy), resolveDir: root, sourcefile: 'lazy-bundle.ts', loader: 'ts' },
  outfile: 'dist/lazy.js',
};
await build({ ...lazyOptions, write: false, plugins: [yamlApart, plainLlhttpOnly, fromMainBundle(shared, used)] });
const lazyBundle = await build({ ...lazyOptions, plugins: [yamlApart, plainLlhttpOnly, fromMainBundle(shared, used)] });
const cli = await build({
  stdin: {
    contents: `export * from './cli/main';\n${[...used].map(([path, names]) => exportOf(path, shared.get(path), names)).join('\n')}`,
    resolveDir: root,
    sourcefile: 'cli-bundle.ts',
    loader: 'ts',
  },
  outfile: 'dist/cli.js',
  banner: { js: '#!/usr/bin/env node' },
  plugins: [yamlApart, deferDynamicImports(new Map(lazy))],
});
const yaml = await build({ entryPoints: ['yaml'], outfile: 'dist/yaml.js', mainFields: ['main'] });
// A request file's scripts run in a thread of their own that loads only this (engine/scripts/runner.ts).
const scriptWorker = await build({ entryPoints: ['engine/scripts/worker.ts'], outfile: 'dist/scriptWorker.js' });
const results = [await client, cli, lazyBundle, yaml, scriptWorker];
chmodSync('dist/cli.js', 0o755);

// the language server's own name, for other editors, and what the VS Code client starts: the CLI's
// `language-server` command, with cli.js compiled from V8's code cache (cli/serverStart.ts)
await build({ entryPoints: ['cli/serverStart.ts'], outfile: 'dist/server.js', banner: { js: '#!/usr/bin/env node' } });
chmodSync('dist/server.js', 0o755);

const clientInputs = Object.keys(results[0].metafile.inputs);
const engineInClient = clientInputs.filter((f) => /^(engine|server|cli)\//.test(f) && f !== 'engine/protocol.ts');
if (engineInClient.length) {
  console.error(`dist/client.js must hold no engine code but engine/protocol.ts; it bundles: ${engineInClient.join(', ')}`);
  process.exit(1);
}
// Which modules each server bundle holds (esbuild's metafile), for `npm run bench` and a reader.
writeFileSync('dist/cli.meta.json', JSON.stringify(cli.metafile));
writeFileSync('dist/lazy.meta.json', JSON.stringify(lazyBundle.metafile));
const kb = (f) => `${(statSync(f).size / 1024).toFixed(0)} KB`;
const modules = (r) => Object.keys(r.metafile.inputs).length;
console.log(
  `bundled in ${Date.now() - t0} ms${production ? ' (production)' : ''}: client.js ${kb('dist/client.js')}, ` +
    `cli.js ${kb('dist/cli.js')} (${modules(cli)} modules: what the language server loads at start), ` +
    `lazy.js ${kb('dist/lazy.js')} (${modules(lazyBundle)} modules, on first use), yaml.js ${kb('dist/yaml.js')}`,
);
