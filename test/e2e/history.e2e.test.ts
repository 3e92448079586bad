// The Payout History view in real VS Code (code-server 4.100.3, headless chromium): the requests sent
// from the editor listed newest first under Today; an entry opens its response view; "Send Again"
// adds an entry; "Compare with Previous" opens a diff; the history survives a window reload, and its
// files (in the extension's global storage, not the workspace) hold no secretKey. Runs when
// PAYOUT_HTTP_E2E=1 (scripts/e2e-install.sh + npm run package first). Screenshots go to
// .test-artifacts/e2e/ (names starting with `history-`).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { editorSuite, SHOTS as shots } from './codeServer';
import { openFile, runCommand, screenshot, sendByLens, waitForLines } from './workbench';

const FILE = `### Account
# @name account
POST {{base_url}}/api/v2/account/verify
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}

### Balance
# @name balance
POST {{base_url}}/api/v2/wallet/balance
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
}
`;

/** The History view's pane. */
function historyPane(page: Page) {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Payout History' }) }).first();
}

/** The view's rows as shown, top to bottom: day headings, and entries as label then description. */
async function historyRows(page: Page): Promise<string[]> {
  const rows = historyPane(page).locator('.monaco-list-row');
  return rows.evaluateAll((els) =>
    els
      .map(
        (e) =>
          [parseFloat((e as unknown as { style: { top: string } }).style.top), (e.textContent ?? '').replace(/\s+/g, ' ').trim()] as [
            number,
            string,
          ],
      )
      .sort((a, b) => a[0] - b[0])
      .map(([, t]) => t),
  );
}

/** Waits (bounded by mocha's timeout) until the view lists `n` entries under its day headings. */
async function waitForEntries(page: Page, n: number): Promise<string[]> {
  for (;;) {
    const rows = await historyRows(page);
    if (rows.filter((r) => / · local · /.test(r)).length === n) return rows;
    await page.waitForTimeout(250);
  }
}

async function showHistory(page: Page): Promise<void> {
  await runCommand(page, 'Focus on Payout History View');
  await historyPane(page).locator('.monaco-list-row').first().waitFor();
}

describe('e2e: the Payout History view (code-server)', function () {
  this.timeout(240_000);
  let secretKey: string;
  const editor = editorSuite({
    shotPrefix: 'history-',
    ownsShot: (f) => f.startsWith('history-'),
    async prepare(sb, workspace) {
      secretKey = (await ensureLocalCredentials(sb.payoutHome)).secretKey;
      fs.writeFileSync(path.join(workspace, 'history.payout.http'), FILE);
    },
  });
  /** The history's folder: the extension's global storage under the editor's user data. */
  const historyDir = () => path.join(editor.sandbox.userData, 'User', 'globalStorage', 'payout-http.payout-http', 'history');

  it('lists the requests sent, newest first under Today, and opens one in the response view', async () => {
    const { page } = editor;
    await openFile(page, 'history.payout.http');
    await sendByLens(page, 0, /Signature: verified/, 'account');
    await sendByLens(page, 1, /Signature: verified/, 'balance');
    await showHistory(page);
    const rows = await waitForEntries(page, 2);
    await screenshot(page, shots, 'history-01-view.png');
    assert.equal(rows[0], 'Today', JSON.stringify(rows));
    assert.match(rows[1], /^balance ?POST 200 · \d\d:\d\d:\d\d · local · \d+ ms$/, JSON.stringify(rows));
    assert.match(rows[2], /^account ?POST 200 /, JSON.stringify(rows));

    await historyPane(page).locator('.monaco-list-row', { hasText: 'account' }).first().click();
    // Wait for the account exchange itself: balance's view, verified too, may still be the one shown.
    const view = (await waitForLines(page, 'payout-http-response:', /account\/verify[\s\S]*Signature: verified/, 'history')).join('\n');
    assert.match(view, /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/account\/verify$/m, view);
    assert.ok(!view.includes(secretKey));
  });

  it('"Send Again" sends the entry\'s request once more (a new entry), and "Compare with Previous" diffs the two responses', async () => {
    const { page } = editor;
    const row = historyPane(page).locator('.monaco-list-row', { hasText: 'balance' }).first();
    await row.hover();
    await row.locator('.action-label[aria-label="Send Again"]').click();
    const rows = await waitForEntries(page, 3);
    assert.match(rows[1], /^balance ?POST 200 /, JSON.stringify(rows));

    const newest = historyPane(page).locator('.monaco-list-row', { hasText: 'balance' }).first();
    await newest.hover();
    await newest.locator('.action-label[aria-label="Compare with Previous"]').click();
    await page.locator('.monaco-diff-editor').first().waitFor();
    await page.locator('.tabs-container .tab.active', { hasText: '↔' }).first().waitFor();
    await screenshot(page, shots, 'history-02-compare.png');
  });

  it('survives a window reload, and the stored files hold no secretKey', async () => {
    const { page } = editor;
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: 60_000 });
    await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
    await openFile(page, 'history.payout.http'); // activates the extension
    await showHistory(page);
    const rows = await waitForEntries(page, 3);
    await screenshot(page, shots, 'history-03-after-reload.png');
    assert.deepEqual(
      rows.map((r) => r.replace(/ ?POST .*$/, '')), // the label (the description follows it)
      ['Today', 'balance', 'balance', 'account'],
    );
    const files = fs.readdirSync(historyDir());
    assert.equal(files.filter((f) => f.endsWith('.json')).length, 3, JSON.stringify(files));
    for (const f of files) {
      const text = fs.readFileSync(path.join(historyDir(), f), 'utf8');
      assert.ok(!text.includes(secretKey), `${f} holds the secretKey`);
      assert.match(text, /<secretKey>/);
    }
    assert.ok(
      !fs.readdirSync(editor.workspace).some((f) => /history/i.test(f) && f !== 'history.payout.http'),
      'nothing written into the workspace',
    );
  });
});
