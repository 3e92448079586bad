// The same checks as test/e2e, through the VS Code extension API, in a VS Code downloaded by
// @vscode/test-electron. For machines that can download VS Code: set PAYOUT_HTTP_VSCODE_TEST=1
// (optionally VSCODE_VERSION). Never attempted otherwise, and never in CI here (no download
// possible: the real-editor check in CI is test/e2e with code-server).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.join(__dirname, '..', '..');

describe('VS Code API suite (@vscode/test-electron)', function () {
  this.timeout(600_000);

  it('passes inside a downloaded VS Code', async function () {
    if (process.env.PAYOUT_HTTP_VSCODE_TEST !== '1') {
      console.log(
        '    (skipped: set PAYOUT_HTTP_VSCODE_TEST=1 on a machine that can download VS Code to run the @vscode/test-electron suite; build first with npm run bundle)',
      );
      this.skip();
    }
    const { runTests } = await import('@vscode/test-electron');
    const out = path.join(root, '.test-artifacts', 'vscode-suite');
    // the suite runs inside the extension host, which loads JavaScript: bundle it (mocha stays external)
    await esbuild.build({
      entryPoints: [path.join(__dirname, 'suite', 'index.ts')],
      outfile: path.join(out, 'index.js'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha'],
    });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-http-vscode-'));
    const workspace = path.join(tmp, 'workspace');
    fs.mkdirSync(workspace);
    fs.copyFileSync(path.join(root, 'examples', 'quickstart.payout.http'), path.join(workspace, 'quickstart.payout.http'));
    try {
      await runTests({
        version: process.env.VSCODE_VERSION || 'stable',
        extensionDevelopmentPath: root,
        extensionTestsPath: path.join(out, 'index.js'),
        launchArgs: [workspace, '--disable-extensions', '--skip-welcome', '--disable-workspace-trust'],
        extensionTestsEnv: { PAYOUT_HTTP_HOME: path.join(tmp, 'payout-home'), PAYOUT_HTTP_WORKSPACE: workspace, PAYOUT_HTTP_ROOT: root },
      });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
