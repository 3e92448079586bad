// Bundles the entry points with esbuild: the VS Code client (VS Code wiring only, no engine code)
// and the CLI, which also runs the language server (`dist/cli.js language-server --stdio`; the
// editor starts it so) and the proxy's inspector thread, so the engine is in the VSIX once.
// The script worker is bundled apart, so each script's thread starts small.
// dist/server.js is a two-line stub that runs the same (`payout-http-language-server --stdio`).
// `--production` minifies and drops source maps (used for the VSIX). The build fails if the client
// bundle holds an engine module other than engine/protocol.ts: the client talks to the engine only
// through the language server.
import * as esbuild from 'esbuild';
import { chmodSync, statSync, writeFileSync } from 'node:fs';

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

const entries = [
  { in: 'client/src/extension.ts', out: 'dist/client.js', external: ['vscode'] },
  { in: 'cli/main.ts', out: 'dist/cli.js', bin: true },
  // A request file's scripts run in a thread of their own that loads only this (engine/scripts/runner.ts).
  { in: 'engine/scripts/worker.ts', out: 'dist/scriptWorker.js' },
];

const t0 = Date.now();
const results = await Promise.all(
  entries.map((e) =>
    esbuild.build({
      ...common,
      entryPoints: [e.in],
      outfile: e.out,
      external: e.external ?? [],
      banner: e.bin ? { js: '#!/usr/bin/env node' } : undefined,
    }),
  ),
);
for (const e of entries) if (e.bin) chmodSync(e.out, 0o755);

// the language server's own name, for other editors: the CLI's `language-server` command
writeFileSync(
  'dist/server.js',
  "#!/usr/bin/env node\n// payout-http-language-server: the language server inside the CLI bundle (cli.js language-server).\nrequire('./cli.js').main(['language-server', ...process.argv.slice(2)]).then((code) => { process.exitCode = code; });\n",
);
chmodSync('dist/server.js', 0o755);

const clientInputs = Object.keys(results[0].metafile.inputs);
const engineInClient = clientInputs.filter((f) => /^(engine|server|cli)\//.test(f) && f !== 'engine/protocol.ts');
if (engineInClient.length) {
  console.error(`dist/client.js must hold no engine code but engine/protocol.ts; it bundles: ${engineInClient.join(', ')}`);
  process.exit(1);
}
const kb = (f) => `${(statSync(f).size / 1024).toFixed(0)} KB`;
console.log(
  `bundled ${entries.length} entry points in ${Date.now() - t0} ms${production ? ' (production)' : ''}: client.js ${kb('dist/client.js')}, cli.js ${kb('dist/cli.js')}`,
);
