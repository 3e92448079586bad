// What a second user trial in real VS Code hit (issue 27), typed and clicked as a user does in
// code-server 4.100.3 (VS Code 1.100.3): a `# @user {{userEmail}}` step re-sent alone after Send
// All and after sending only its dependency; a `###` title and a comment line typed and ended with
// Enter, which must stay as typed (no suggest list takes the Enter). Runs when PAYOUT_HTTP_E2E=1
// (scripts/e2e-install.sh + npm run package first). Screenshots go to .test-artifacts/e2e/trial-*.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { editorSuite, SHOTS as shots } from './codeServer';
import { codeLensTexts, editorLinesOf, goTo, openFile, runCommand, screenshot, suggestLabels, waitForLines } from './workbench';

/** A person's pace between keys, and the time a suggest list takes to show (pacing, not assertions). */
const KEY_DELAY_MS = 60;
const SUGGEST_SETTLE_MS = 1500;

// testUser on line 5, fund's request line on line 10 (as in examples/sandbox-test-pass).
const CHAIN_FILE = `@userEmail = {{testUser.response.body.$.userEmail}}

### 0. A fresh test user
# @name testUser
POST {{base_url}}/sandbox/test-users

### 3. Check the fund
# @name fund
# @user {{userEmail}}
GET {{base_url}}/v3/fund/balances?currency=USDT
`;
// Line 9 is the empty last line, where the next request is typed.
const TYPING_FILE = `### Quote a cashout
POST {{base_url}}/api/v2/orders/review-cashout
Content-Type: application/json

{
  "fiatCurrency": "VND"
}

`;

// create-sell-order without the signed fiatAmount: its quick fix adds it (the body's `{` on line 5)
const FIX_FILE = `### Pay
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "o-1",
  "currency": "USDT",
  "userEmail": "alice@example.com",
  "bankCode": "970436",
  "bankAccountNumber": "0123456789",
  "content": "Coffee",
  "extendInfo": null
}
`;

// a body opened with `{` and Enter, no `}` yet: the cursor goes on line 7
const UNCLOSED_FILE = `### Quote a cashout
POST {{base_url}}/api/v2/orders/review-cashout
Content-Type: application/json

{
  "fiatCurrency": "VND",
`;

// an indented `}` and, after it, an indented `###` (line 9): read as body text of the request above
const INDENTED_FILE = `### Balance
POST {{base_url}}/api/v2/wallet/balance
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
  }
  ### Verify
POST {{base_url}}/api/v2/account/verify
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}
`;

describe('e2e: a second user trial (code-server)', function () {
  this.timeout(240_000);
  const editor = editorSuite({
    shotPrefix: 'trial-',
    ownsShot: (f) => f.startsWith('trial-'),
    prepare(_sb, workspace) {
      fs.writeFileSync(path.join(workspace, 'chain.payout.http'), CHAIN_FILE);
      fs.writeFileSync(path.join(workspace, 'typing.payout.http'), TYPING_FILE);
      fs.writeFileSync(path.join(workspace, 'comment.payout.http'), `${TYPING_FILE}### Next\n`);
      fs.writeFileSync(path.join(workspace, 'snippets.payout.http'), TYPING_FILE);
      fs.writeFileSync(path.join(workspace, 'indented.payout.http'), INDENTED_FILE);
      fs.writeFileSync(path.join(workspace, 'fix.payout.http'), FIX_FILE);
      fs.writeFileSync(path.join(workspace, 'rename.payout.http'), CHAIN_FILE);
      fs.writeFileSync(path.join(workspace, 'unclosed.payout.http'), UNCLOSED_FILE);
      // The user trial ran with VS Code's default quick suggestions (the suites' user settings turn
      // them off so that no list takes an Enter): this folder sets the defaults back.
      fs.mkdirSync(path.join(workspace, '.vscode'));
      fs.writeFileSync(
        path.join(workspace, '.vscode', 'settings.json'),
        JSON.stringify({ 'editor.quickSuggestions': { other: 'on', comments: 'off', strings: 'off' } }),
      );
    },
  });

  it('re-sends a `# @user {{userEmail}}` step alone after Send All, and after sending only its dependency', async () => {
    const page = editor.page;
    await openFile(page, 'chain.payout.http');
    await codeLensTexts(page, 'Send request');
    await runCommand(page, 'Payout HTTP: Send All Requests in File');
    await waitForLines(page, 'payout-http-response:', /^2\/2 passed/m, 'send-all', 90_000);
    // Send (Ctrl+Alt+R) on the step alone: it runs, as the user Send All created
    await openFile(page, 'chain.payout.http');
    await goTo(page, 10, 1);
    await page.keyboard.press('Control+Alt+R');
    const fund = (await waitForLines(page, 'payout-http-response:', /^Token: for \S+/m, 'fund.response', 60_000)).join('\n');
    await screenshot(page, shots, 'trial-01-step-after-send-all.png');
    assert.doesNotMatch(fund, /not sent/, fund);
    // the verdict also in the status bar, seen when the inline mark is off-screen
    await openFile(page, 'chain.payout.http');
    await page
      .locator('.part.statusbar .statusbar-item', { hasText: /^Payout: / })
      .first()
      .waitFor();
    // testUser alone, then the step: its token is for the user just created
    await openFile(page, 'chain.payout.http');
    await goTo(page, 5, 1);
    await page.keyboard.press('Control+Alt+R');
    const created = (await waitForLines(page, 'payout-http-response:', /"userEmail": ?"[^"]+"/, 'testUser.response', 60_000)).join('\n');
    const email = /"userEmail": ?"([^"]+)"/.exec(created)![1];
    await openFile(page, 'chain.payout.http');
    await goTo(page, 10, 1);
    await page.keyboard.press('Control+Alt+R');
    await waitForLines(
      page,
      'payout-http-response:',
      new RegExp(`^Token: for ${email.replace(/[.+]/g, '\\$&')},`, 'm'),
      'fund.response',
      60_000,
    );
    await screenshot(page, shots, 'trial-02-step-after-dependency.png');
  });

  it('a `###` title typed and ended with Enter stays as typed', async () => {
    const page = editor.page;
    await openFile(page, 'typing.payout.http');
    await codeLensTexts(page, 'Send request');
    await goTo(page, 9, 1);
    await page.keyboard.type('### Quote a sell order', { delay: KEY_DELAY_MS });
    await page.waitForTimeout(SUGGEST_SETTLE_MS);
    await screenshot(page, shots, 'trial-03-title-typed.png');
    await page.keyboard.press('Enter');
    const lines = await fileLines(page, 'typing.payout.http', (l) => l.length >= 10);
    assert.deepEqual(lines.slice(8, 10), ['### Quote a sell order', ''], JSON.stringify(lines));
  });

  it('a comment line typed and ended with Enter stays as typed', async () => {
    const page = editor.page;
    await openFile(page, 'comment.payout.http');
    await codeLensTexts(page, 'Send request');
    // under a `###` line, where a comment is a comment (after a body, `#` lines are body text, as in REST Client)
    await goTo(page, 10, 1);
    await page.keyboard.type('# a quote for the order', { delay: KEY_DELAY_MS });
    await page.waitForTimeout(SUGGEST_SETTLE_MS);
    await screenshot(page, shots, 'trial-04-comment-typed.png');
    await page.keyboard.press('Enter');
    const lines = await fileLines(page, 'comment.payout.http', (l) => l.length >= 11);
    assert.deepEqual(lines.slice(8, 11), ['### Next', '# a quote for the order', ''], JSON.stringify(lines));
  });

  it('endpoint requests are offered where a request can start only, not as snippets on any line', async () => {
    const page = editor.page;
    await openFile(page, 'snippets.payout.http');
    await codeLensTexts(page, 'Send request');
    // a header line: typing a word once popped the 38 endpoint snippets
    await goTo(page, 3, 1);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('orders', { delay: KEY_DELAY_MS });
    await page.waitForTimeout(SUGGEST_SETTLE_MS);
    await screenshot(page, shots, 'trial-05a-header-typed.png');
    const snippetRows = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row .codicon-symbol-snippet');
    assert.equal(await snippetRows.count(), 0, 'snippets offered on a header line');
    await page.keyboard.press('Escape');
    // after a `###` line, where a request starts: the catalogue's requests
    await goTo(page, 10, 1);
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('### Next\n');
    const labels = await suggestLabels(page, 'GET');
    await screenshot(page, shots, 'trial-05b-request-start.png');
    assert.ok(labels.includes('POST /api/v2/orders/create-cashout'), JSON.stringify(labels));
    await page.keyboard.press('Escape');
  });

  it('a quick fix leaves the value it adds selected as a placeholder: typing replaces it', async () => {
    const page = editor.page;
    await openFile(page, 'fix.payout.http');
    await codeLensTexts(page, 'Send request');
    await goTo(page, 5, 1);
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Add "fiatAmount"' }).first().waitFor();
    // (the widget takes keys, not clicks: a pointer block lies over it) down to the fix, Enter
    const focused = page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Add "fiatAmount"' });
    for (let i = 0; i < 10 && !(await focused.count()); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await fileLines(page, 'fix.payout.http', (l) => l.some((x) => x.includes('"fiatAmount"')));
    await page.keyboard.type('150000', { delay: KEY_DELAY_MS });
    const lines = await fileLines(page, 'fix.payout.http', (l) => l.some((x) => x.includes('"fiatAmount": 150000')));
    await screenshot(page, shots, 'trial-05-fix-placeholder.png');
    assert.ok(lines.includes('  "fiatAmount": 150000'), JSON.stringify(lines));
  });

  it('completes the fields of a body not closed yet', async () => {
    const page = editor.page;
    await openFile(page, 'unclosed.payout.http');
    await codeLensTexts(page, 'Send request');
    await goTo(page, 7, 1);
    await page.keyboard.type('  ');
    const labels = await suggestLabels(page, 'fiatAmount');
    await screenshot(page, shots, 'trial-06-unclosed-body.png');
    assert.ok(labels.includes('fiatAmount') && labels.includes('partnerCode'), JSON.stringify(labels));
    assert.ok(!labels.includes('fiatCurrency'), JSON.stringify(labels));
    await page.keyboard.press('Escape');
  });

  it('an indented ### is named on its line, and its quick fix outdents it: no problem left', async () => {
    const page = editor.page;
    await openFile(page, 'indented.payout.http');
    await codeLensTexts(page, 'Send request');
    await goTo(page, 9, 3);
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Outdent the ### line' }).first().waitFor();
    const focused = page.locator('.action-widget .monaco-list-row.focused', { hasText: 'Outdent the ### line' });
    for (let i = 0; i < 10 && !(await focused.count()); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const lines = await fileLines(page, 'indented.payout.http', (l) => l.includes('### Verify'));
    assert.equal(lines[8], '### Verify', JSON.stringify(lines));
    // the follow-on errors went with it: the file's problem count in the Explorer goes (the status
    // bar counts the whole workspace, whose other files here have problems on purpose)
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'indented.payout.http' }).first();
    const deadline = Date.now() + 20_000;
    while ((await row.innerText()).trim() !== 'indented.payout.http' && Date.now() < deadline) await page.waitForTimeout(200);
    await screenshot(page, shots, 'trial-07a-outdented.png');
    assert.equal((await row.innerText()).trim(), 'indented.payout.http', 'the file still has problems');
  });

  it('F2 renames a variable and a request name, every use updated', async () => {
    const page = editor.page;
    await openFile(page, 'rename.payout.http');
    await codeLensTexts(page, 'Send request');
    const rename = async (line: number, column: number, name: string) => {
      await goTo(page, line, column);
      await page.keyboard.press('F2');
      const input = page.locator('.rename-box input');
      await input.waitFor();
      await input.fill(name);
      await page.keyboard.press('Enter');
      await input.waitFor({ state: 'hidden' });
    };
    await rename(1, 3, 'email'); // `@userEmail = …`
    await fileLines(page, 'rename.payout.http', (l) => l.includes('# @user {{email}}'));
    await rename(4, 10, 'freshUser'); // `# @name testUser`
    const lines = await fileLines(page, 'rename.payout.http', (l) => l.includes('# @name freshUser'));
    await screenshot(page, shots, 'trial-07-rename.png');
    assert.deepEqual(
      lines.slice(0, 10),
      CHAIN_FILE.replace('@userEmail', '@email')
        .replace('{{userEmail}}', '{{email}}')
        .replaceAll('testUser', 'freshUser')
        .split('\n')
        .slice(0, 10),
    );
  });

  it('Open Example File lets the user pick any example; the copy names it', async () => {
    const page = editor.page;
    await openFile(page, 'chain.payout.http'); // the extension is active (its commands listed)
    await codeLensTexts(page, 'Send request');
    await runCommand(page, 'Payout HTTP: Open Example File');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'quickstart.payout.http' }).first().waitFor();
    await input.fill('sandbox-test-pass');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'sandbox-test-pass.payout.http' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab.active', { hasText: 'sandbox-test-pass.payout.http' }).first().waitFor();
    const lines = await fileLines(page, 'sandbox-test-pass.payout.http', (l) => l.length > 3);
    await screenshot(page, shots, 'trial-08-example-picked.png');
    assert.match(lines[0], /^# Your copy of the extension's example sandbox-test-pass\.payout\.http /);
    const copy = fs.readFileSync(path.join(editor.workspace, 'sandbox-test-pass.payout.http'), 'utf8');
    assert.ok(copy.includes('npx payout-http send sandbox-test-pass.payout.http --all') && !copy.includes('examples/'), copy.slice(0, 400));
  });

  it('an untitled payout-http buffer sends to the local sandbox', async () => {
    const page = editor.page;
    await page.keyboard.press('Control+Alt+N'); // File: New Untitled Text File (the palette ranks "Compare New Untitled Text Files" first)
    await page.locator('.tabs-container .tab.active', { hasText: 'Untitled' }).first().waitFor();
    await runCommand(page, 'Change Language Mode');
    const input = page.locator('.quick-input-widget input');
    await input.fill('Payout HTTP');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Payout HTTP' }).first().waitFor();
    await page.keyboard.press('Enter');
    // inserted as pasted text: no auto-closing or completion between the keys
    await page.keyboard.insertText(
      '### Verify from an untitled buffer\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n',
    );
    await goTo(page, 2, 1);
    await page.keyboard.press('Control+Alt+R');
    const view = await waitForLines(page, 'payout-http-response:', /^Signature: verified/m, 'Untitled', 90_000);
    await screenshot(page, shots, 'trial-09-untitled-sent.png');
    assert.match(view.join('\n'), /^HTTP 200/m);
  });

  it('a running proxy has a status bar item until it stops', async () => {
    const page = editor.page;
    await openFile(page, 'chain.payout.http');
    await codeLensTexts(page, 'Send request');
    await runCommand(page, 'Payout HTTP: Start Inspecting Proxy');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await page.keyboard.press('Enter'); // "local"
    const item = page.locator('.part.statusbar .statusbar-item', { has: page.locator('.codicon-radio-tower'), hasText: 'proxy' }).first();
    await item.waitFor();
    await runCommand(page, 'Notifications: Clear All Notifications');
    await screenshot(page, shots, 'trial-10-proxy-status.png');
    assert.ok(await item.isVisible(), 'the proxy item stays once the notification is gone');
    await runCommand(page, 'Payout HTTP: Stop Inspecting Proxy');
    await item.waitFor({ state: 'hidden' });
  });
});

/**
 * The lines of the workspace file's editor, read until `ready` says the edit has landed, or as they
 * are after 10 s (an Enter a suggest list took leaves fewer lines than asked for: the assertion says so).
 */
async function fileLines(page: Page, name: string, ready: (lines: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // code-server names workspace files vscode-remote://…, a desktop editor file://…
    const lines = [...(await editorLinesOf(page, 'vscode-remote:', name)), ...(await editorLinesOf(page, 'file:', name))];
    if (ready(lines) || Date.now() > deadline) return lines;
    await page.waitForTimeout(100);
  }
}
