// Bundles the entry points with esbuild: the VS Code client, the language server
// (also runnable on its own as `payout-http-language-server --stdio`), the CLI, and the proxy's
// inspector thread.
// `--production` minifies and drops source maps (used for the VSIX).
import * as esbuild from 'esbuild';
import { chmodSync } from 'node:fs';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  loader: { '.json': 'json' },
  // jsonc-parser's UMD build (its `main`) requires files by computed paths esbuild cannot follow;
  // its ESM build (`module`) bundles cleanly.
  mainFields: ['module', 'main'],
};

const entries = [
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
  { in: 'server/src/main.ts', out: 'dist/server.js', bin: true },
  { in: 'cli/main.ts', out: 'dist/cli.js', bin: true },
  // The proxy's inspector thread (engine/proxy/inspector.ts), loaded by the CLI and the server.
  { in: 'engine/proxy/inspectWorker.ts', out: 'dist/proxyInspector.js' },
];

const t0 = Date.now();
await Promise.all(entries.map((e) => esbuild.build({
  ...common,
  entryPoints: [e.in],
  outfile: e.out,
  external: e.external ?? [],
  banner: e.bin ? { js: '#!/usr/bin/env node' } : undefined,
})));
for (const e of entries) if (e.bin) chmodSync(e.out, 0o755);
console.log(`bundled ${entries.length} entry points in ${Date.now() - t0} ms${production ? ' (production)' : ''}`);
