// A JetBrains-style chain in real VS Code (code-server 4.100.3, headless chromium): Send All on a file
// whose handlers store a test user and its access token in client.global for the next requests;
// the summary shows every request passed and each client.test as an assertion, no token in sight.
// Runs when PAYOUT_HTTP_E2E=1 (scripts/e2e-install.sh + npm run package first). Screenshots go to
// .test-artifacts/e2e/ (names starting with `scripts-`).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CHAIN } from '../scripts/chainFile';
import { editorSuite, SHOTS as shots } from './codeServer';
import { codeLensTexts, errorNotificationTexts, openFile, runCommand, screenshot, waitForLines } from './workbench';

describe('e2e: JetBrains-style scripts (code-server)', function () {
  this.timeout(240_000);
  const editor = editorSuite({
    shotPrefix: 'scripts-',
    ownsShot: (f) => f.startsWith('scripts-'),
    prepare(_sb, workspace) {
      fs.writeFileSync(path.join(workspace, 'chain.payout.http'), CHAIN);
    },
  });

  it('Send All runs the chain: the token a handler stores is used by the next request, client.test results are shown', async () => {
    await openFile(editor.page, 'chain.payout.http');
    await codeLensTexts(editor.page, 'Send request');
    await runCommand(editor.page, 'Payout HTTP: Send All Requests in File');
    const summary = (await waitForLines(editor.page, 'payout-http-response:', /^\d+\/3 passed/m, 'send-all')).join('\n');
    await screenshot(editor.page, shots, 'scripts-01-send-all-chain.png');
    assert.match(summary, /^3\/3 passed/m, summary);
    assert.match(summary, /^ {4}✓ a token is issued$/m, summary);
    assert.match(summary, /^✓ balances: GET .*· HTTP 200/m, summary);
    assert.match(summary, /^ {4}✓ the token is accepted$/m, summary);
    assert.ok(!/eyJ[\w-]+\.[\w-]+\./.test(summary), 'no JWT in the summary');
    assert.deepEqual(await errorNotificationTexts(editor.page), []);
  });
});
