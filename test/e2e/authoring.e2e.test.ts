// Writing requests by hand in real VS Code (code-server 4.100.3 = VS Code 1.100.3, headless
// chromium), typed as a user types them: `{` and Enter, Ctrl+Space, Enter to accept, Tab. Asserts on
// the editor's text and views. Starts on an empty state folder, so the first Send is the one that
// creates the local credentials. Runs when PAYOUT_HTTP_E2E=1 (scripts/e2e-install.sh + npm run
// package first). Screenshots go to .test-artifacts/e2e/ (names starting with `authoring-`).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { editorSuite, SHOTS as shots } from './codeServer';
import { sendByLens, codeLensTexts, editorLinesOf, goTo, openFile, runCommand, screenshot, suggestLabels } from './workbench';

const root = path.join(__dirname, '..', '..');
/** Pause between keystrokes where the next key depends on the editor having handled the last (pacing, not an assertion). */
const KEY_INTERVAL_MS = 200;

// Headers only: the body is typed in the test. Line 5 is the blank line under the headers' blank line.
const CASHOUT_FILE = `### Cash out, typed by hand
POST {{base_url}}/api/v2/orders/create-cashout
Content-Type: application/json


`;
const REVIEW_FILE = `### Quote a cashout
POST {{base_url}}/api/v2/orders/review-cashout
Content-Type: application/json

{
  "fiatCurrency": "VND"
}
`;
const VERIFY_FILE = `### Verify the partner account
POST {{base_url}}/api/v2/account/verify
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}
`;

describe('e2e: writing a request by hand (code-server)', function () {
  this.timeout(240_000);
  const editor = editorSuite({
    shotPrefix: 'authoring-',
    ownsShot: (f) => f.startsWith('authoring-'), // the other suite's are left alone
    prepare(_sb, workspace) {
      // PAYOUT_HTTP_HOME stays an empty folder: no credentials, no `local` env files yet
      fs.writeFileSync(path.join(workspace, 'cashout.payout.http'), CASHOUT_FILE);
      fs.writeFileSync(path.join(workspace, 'review.payout.http'), REVIEW_FILE);
      fs.writeFileSync(path.join(workspace, 'verify.payout.http'), VERIFY_FILE);
      fs.copyFileSync(path.join(root, 'examples', 'scan-to-pay.payout.http'), path.join(workspace, 'scan-to-pay.payout.http'));
    },
  });

  it('`{` then Enter gives a closed, indented body (no list pops up to take the Enter)', async () => {
    await openFile(editor.page, 'cashout.payout.http');
    await codeLensTexts(editor.page, 'Send request'); // the server has analysed the file
    await goTo(editor.page, 5, 1);
    await editor.page.keyboard.type('{');
    // A person's interval between two keys. (Pressed in the same instant, VS Code's asynchronous
    // tokenizer has not yet given the new `{` the body's language, and Enter then indents nothing.)
    await editor.page.waitForTimeout(KEY_INTERVAL_MS);
    await editor.page.keyboard.press('Enter');
    const lines = await fileLines(editor.page, 'cashout.payout.http', (l) => l.includes('}'));
    await screenshot(editor.page, shots, 'authoring-01-brace-enter.png');
    assert.deepEqual(lines.slice(4, 7), ['{', '  ', '}'], JSON.stringify(lines));
    assert.equal(await cursorColumn(editor.page), 3, 'the cursor waits on the indented line');
  });

  it('four accepted completion items give valid JSON: commas, indentation, values that work', async () => {
    // The cursor is on the indented line of the body typed above. Each member: Ctrl+Space, type a
    // few letters, Enter to accept, fill its tab stop if any, End, Enter for the next line (no comma
    // typed: completion adds it to the previous line).
    await accept(editor.page, 'partnerCode');
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.press('Enter');
    await accept(editor.page, 'externalOrderId');
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.press('Enter');
    await accept(editor.page, 'cryptoCurrency');
    await editor.page.keyboard.type('USDT'); // the tab stop between the quotes
    await editor.page.keyboard.press('Tab');
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.press('Enter');
    await accept(editor.page, 'fiatAmount');
    await editor.page.keyboard.type('100000'); // replaces the selected 0
    await editor.page.keyboard.press('Tab');
    // The whole typed value: read as soon as `fiatAmount` showed, CI once found its last digit not yet there.
    const lines = await fileLines(editor.page, 'cashout.payout.http', (l) => l.some((x) => x.includes('"fiatAmount": 100000')));
    await screenshot(editor.page, shots, 'authoring-02-four-completions.png');
    const body = lines.slice(4).join('\n').trim();
    assert.deepEqual(
      JSON.parse(body),
      { partnerCode: '{{partnerCode}}', externalOrderId: '{{$uuid}}', cryptoCurrency: 'USDT', fiatAmount: 100000 },
      body,
    );
    assert.equal(
      body,
      '{\n  "partnerCode": "{{partnerCode}}",\n  "externalOrderId": "{{$uuid}}",\n  "cryptoCurrency": "USDT",\n  "fiatAmount": 100000\n}',
    );
    assert.ok(!body.includes('{{}}'), 'an empty template was inserted');
  });

  it('after a value and Enter without a comma, Ctrl+Space offers field names and adds the comma', async () => {
    await openFile(editor.page, 'review.payout.http');
    await codeLensTexts(editor.page, 'Send request');
    await goTo(editor.page, 6, 24); // end of `"fiatCurrency": "VND"`
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.press('Enter');
    const labels = await suggestLabels(editor.page, 'partnerCode');
    await screenshot(editor.page, shots, 'authoring-03-names-after-value.png');
    assert.ok(labels.includes('partnerCode') && labels.includes('fiatAmount'), JSON.stringify(labels));
    assert.ok(!labels.some((l) => ['VND', 'PHP', 'IDR'].includes(l)), `enum values offered: ${JSON.stringify(labels)}`);
    await editor.page.keyboard.type('fiatAm');
    await editor.page.locator('.editor-widget.suggest-widget .monaco-list-row.focused', { hasText: 'fiatAmount' }).first().waitFor();
    await editor.page.keyboard.press('Enter');
    await editor.page.keyboard.type('5000000');
    await editor.page.keyboard.press('Tab');
    const lines = await fileLines(editor.page, 'review.payout.http', (l) => l.some((x) => x.includes('"fiatAmount": 5000000')));
    assert.deepEqual(JSON.parse(lines.slice(4).join('\n')), { fiatCurrency: 'VND', fiatAmount: 5000000 }, lines.join('\n'));
  });

  it('shows the real partner code in the lenses and the signed-string view right after the first Send on an empty state folder', async () => {
    assert.ok(!fs.existsSync(path.join(editor.sandbox.payoutHome, 'credentials')), 'the state folder should start empty');
    await openFile(editor.page, 'verify.payout.http');
    const before = await codeLensTexts(editor.page, '<secretKey>');
    assert.ok(before.includes('Signs: {{partnerCode}}|<secretKey>'), JSON.stringify(before));
    await goTo(editor.page, 6, 5);
    await runCommand(editor.page, 'Payout HTTP: Show Signed String (live)');
    const view = editor.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('#display', { hasText: '{{partnerCode}}' }).waitFor();
    await openFile(editor.page, 'verify.payout.http');
    await sendByLens(editor.page, 0, /^Signature: verified/m);
    // The first Send wrote the local credentials; the lens and the view show them without reopening anything.
    const partnerCode = JSON.parse(fs.readFileSync(path.join(editor.sandbox.payoutHome, 'credentials', 'partner.json'), 'utf8'))
      .partnerCode as string;
    const after = await codeLensTexts(editor.page, partnerCode);
    await screenshot(editor.page, shots, 'authoring-04-first-send-lens.png');
    assert.ok(after.includes(`Signs: ${partnerCode}|<secretKey>`), JSON.stringify(after));
    // The response opened in the view's group: bring the view to the front again.
    await editor.page.locator('.tabs-container .tab', { hasText: 'Signed string' }).first().click();
    await view.locator('#display', { hasText: `${partnerCode}|<secretKey>` }).waitFor();
    await screenshot(editor.page, shots, 'authoring-04b-first-send-signed-string-view.png');
    await runCommand(editor.page, 'View: Close All Editors');
  });

  it('marks the replay that expects DUPLICATE_TRANSACTION_ID as holding', async () => {
    await openFile(editor.page, 'scan-to-pay.payout.http');
    await codeLensTexts(editor.page, 'Send request');
    await runCommand(editor.page, 'Payout HTTP: Send All Requests in File');
    const text = fs.readFileSync(path.join(editor.workspace, 'scan-to-pay.payout.http'), 'utf8').split('\n');
    const replayLine = text.findIndex((l, i) => l.startsWith('POST') && text[i - 1] === '# @name replay') + 1;
    assert.ok(replayLine > 0);
    await openFile(editor.page, 'scan-to-pay.payout.http');
    await goTo(editor.page, replayLine, 1);
    const mark = await waitForMark(editor.page, /DUPLICATE_TRANSACTION_ID/);
    await screenshot(editor.page, shots, 'authoring-05-expected-error-holds.png');
    assert.match(mark, /^✓ DUPLICATE_TRANSACTION_ID \(11\) as expected$/);
  });
});

/** The lines of the workspace file's editor, read until `ready` says the edit has landed. */
/** The file's lines once `ready` holds, or as they are after 10 s (the assertion then shows them). */
async function fileLines(page: Page, name: string, ready: (lines: string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // code-server names workspace files vscode-remote://…, a desktop editor file://…
    const lines = [...(await editorLinesOf(page, 'vscode-remote:', name)), ...(await editorLinesOf(page, 'file:', name))];
    if (ready(lines) || Date.now() > deadline) return lines;
    await page.waitForTimeout(100);
  }
}

async function cursorColumn(page: Page): Promise<number> {
  const text = await page.locator('#status\\.editor\\.selection').innerText();
  return Number(/Col (\d+)/.exec(text)?.[1]);
}

/** Ctrl+Space, type the start of the label, wait until it is the focused row, Enter. */
async function accept(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+Space');
  await page.locator('.editor-widget.suggest-widget .monaco-list-row').first().waitFor();
  await page.keyboard.type(label.slice(0, 6));
  await page.locator('.editor-widget.suggest-widget .monaco-list-row.focused', { hasText: label }).first().waitFor();
  await page.keyboard.press('Enter');
  await page
    .locator('.editor-widget.suggest-widget.visible')
    .waitFor({ state: 'hidden' })
    .catch(() => {});
}

/** The text of the request mark (an `after` decoration: CSS content of a span in the view lines) matching `re`. */
async function waitForMark(page: Page, re: RegExp): Promise<string> {
  for (;;) {
    const contents = await page.locator('.editor-instance .monaco-editor[data-uri*=".payout.http"] .view-lines span').evaluateAll((els) =>
      // (runs in the page: no named helpers, and the DOM's types are not in this project's lib)
      els
        .map(
          (e) =>
            (globalThis as unknown as { getComputedStyle(el: unknown, pseudo: string): { content: string } }).getComputedStyle(e, '::after')
              .content,
        )
        .filter((c) => c && c !== 'none' && c !== 'normal'),
    );
    const found = contents.map((c) => c.replace(/^"|"$/g, '')).find((c) => re.test(c));
    if (found) return found;
    await page.waitForTimeout(300);
  }
}
