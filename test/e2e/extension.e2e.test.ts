// The packaged extension in real VS Code (code-server 4.100.3 = VS Code 1.100.3, headless chromium):
// install the VSIX, open example files from a temp workspace and assert on what the editor shows.
// Runs when PAYOUT_HTTP_E2E=1 (scripts/e2e-install.sh + npm run package first; .ci/run does both).
// Screenshots of every step go to .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { endpointById, orderWebhook } from '../../engine/catalogue/index';
import { runningSandbox, stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { buildCanonical, readPrivateKeyFile, signText } from '../../engine/signing';
import {
  e2ePrefix,
  installExtension,
  launchBrowser,
  makeSandbox,
  missingPrerequisites,
  startCodeServer,
  type RunningCodeServer,
  type Sandbox,
} from './codeServer';
import {
  activeLanguage,
  clickCodeLens,
  clipboardText,
  codeLensTexts,
  editorLinesOf,
  goTo,
  errorNotificationTexts,
  openFile,
  openWorkbench,
  problemCounts,
  problemsViewRows,
  runCommand,
  screenshot,
  triggerSuggest,
} from './workbench';

const root = path.join(__dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const vsix = process.env.PAYOUT_HTTP_VSIX || path.join(root, `${pkg.name}-${pkg.version}.vsix`);
const shots = path.join(root, '.test-artifacts', 'e2e');
const enabled = process.env.PAYOUT_HTTP_E2E === '1';

// A request whose body the completion test types into, and one the lint test expects findings on.
const COMPLETION_FILE = `### Pay the merchant
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}"
}
`;
const LINT_FILE = `### Pay the merchant (incomplete on purpose)
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
}
`;

describe('e2e: the packaged extension in VS Code 1.100.3 (code-server)', function () {
  // Bounds for waiting on a real editor; nothing asserts on how long a step took.
  this.timeout(180_000);
  let sb: Sandbox;
  let server: RunningCodeServer | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let workspace: string;
  let partnerCode: string;
  let secretKey: string;
  let privateKeyFile: string;
  let servicePrivateKeyFile: string;
  // A server that accepts requests and never answers: what a Cancel is for. It counts the
  // connections that reached it and those closed again (the cancelled exchange's socket).
  const slow = { server: undefined as net.Server | undefined, accepted: 0, closed: 0 };

  before(async function () {
    if (!enabled) {
      console.log('    (skipped: set PAYOUT_HTTP_E2E=1 after scripts/e2e-install.sh and npm run package to run the real-editor e2e suite)');
      this.skip();
    }
    const prefix = e2ePrefix();
    const missing = missingPrerequisites(prefix, vsix);
    // Enabled but not installed is a failure, not a skip: CI must not pass without running it.
    assert.deepEqual(missing, [], `PAYOUT_HTTP_E2E=1 but the e2e prerequisites are missing:\n${missing.join('\n')}`);
    fs.rmSync(shots, { recursive: true, force: true });
    fs.mkdirSync(shots, { recursive: true });

    sb = makeSandbox();
    // The local credentials exist before the editor opens, so the preview's partnerCode is known.
    const creds = await ensureLocalCredentials(sb.payoutHome);
    partnerCode = creds.partnerCode;
    secretKey = creds.secretKey;
    privateKeyFile = creds.partnerPrivateKeyFile;
    servicePrivateKeyFile = creds.servicePrivateKeyFile;

    workspace = path.join(sb.root, 'workspace');
    fs.mkdirSync(workspace);
    fs.copyFileSync(path.join(root, 'examples', 'quickstart.payout.http'), path.join(workspace, 'quickstart.payout.http'));
    fs.writeFileSync(path.join(workspace, 'completion.payout.http'), COMPLETION_FILE);
    fs.writeFileSync(path.join(workspace, 'lint.payout.http'), LINT_FILE);
    slow.server = net.createServer((socket) => {
      slow.accepted++;
      socket.on('close', () => slow.closed++);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => slow.server!.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(slow.server.address() as net.AddressInfo).port}/never-answers`;
    fs.writeFileSync(path.join(workspace, 'slow.payout.http'), `### Never answered\n# @name slow\nGET ${slowUrl}\n`);
    const quick = fs.readFileSync(path.join(root, 'examples', 'quickstart.payout.http'), 'utf8');
    const account = quick.slice(quick.indexOf('### Check the partner account'), quick.indexOf('### Fund balance'));
    fs.writeFileSync(path.join(workspace, 'mixed.payout.http'), `${account}\n### Never answered\n# @name slow\nGET ${slowUrl}\n`);

    // figures printed for docs/extension.md (measured, never asserted)
    const t = [performance.now()];
    installExtension(prefix, sb, vsix);
    t.push(performance.now());
    server = await startCodeServer(prefix, sb, workspace);
    t.push(performance.now());
    ({ context, page } = await launchBrowser(prefix, sb));
    t.push(performance.now());
    await openWorkbench(page, server.url, workspace);
    t.push(performance.now());
    const s = (i: number) => ((t[i + 1] - t[i]) / 1000).toFixed(1);
    console.log(`    (install VSIX ${s(0)} s, code-server healthy ${s(1)} s, chromium ${s(2)} s, workbench ready ${s(3)} s)`);
    await screenshot(page, shots, '01-workbench.png');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await screenshot(page, shots, `failure-${this.currentTest.title.replace(/\W+/g, '-')}.png`).catch(() => {});
    }
  });

  after(async () => {
    slow.server?.close();
    await context?.close().catch(() => {});
    await server?.stop();
    if (!sb) return;
    // the sandbox runs detached (it outlives a killed editor by design): stop it by its pid file
    await stopLocalSandbox({ home: sb.payoutHome }).catch(() => false);
    // keep the logs of the editor, the extension host and the language server next to the screenshots
    for (const log of findLogs(sb.root))
      fs.copyFileSync(log, path.join(shots, path.basename(path.dirname(log)) + '-' + path.basename(log)));
    fs.rmSync(sb.root, { recursive: true, force: true });
  });

  it('shows the canonical string as a CodeLens above account/verify', async () => {
    await openFile(page, 'quickstart.payout.http');
    assert.equal(await activeLanguage(page), 'Payout HTTP');
    // the active environment is in the status bar: `local` (the local sandbox) by default
    await page
      .locator('.part.statusbar .statusbar-item', { hasText: /^\W*local$/ })
      .first()
      .waitFor();
    const lenses = await codeLensTexts(page, '<secretKey>');
    // doc 1 §4.1: account/verify signs `partnerCode|<secretKey>`; the secret itself is never shown
    // the server may prefix the string with a label ("Signs: "); the string itself must be exact
    assert.ok(
      lenses.some((l) => l === `${partnerCode}|<secretKey>` || l.endsWith(` ${partnerCode}|<secretKey>`)),
      `lenses: ${JSON.stringify(lenses)}`,
    );
    assert.ok(
      lenses.some((l) => /Send request/.test(l)),
      `no Send lens in ${JSON.stringify(lenses)}`,
    );
    assert.ok(
      lenses.every((l) => !l.includes(secretKey)),
      'a CodeLens shows the secretKey',
    );
    await screenshot(page, shots, '02-codelens-preview.png');
  });

  it('reports contract lint findings in the Problems view', async () => {
    await openFile(page, 'lint.payout.http');
    const rows = await problemsViewRows(page, 'externalOrderId');
    await screenshot(page, shots, '03-problems.png');
    const counts = await problemCounts(page);
    assert.ok(counts.errors + counts.warnings > 0, `status bar: ${counts.label}`);
    // create-sell-order requires externalOrderId (doc 1 §4.13); its omission is reported with a code
    assert.ok(
      rows.some((r) => /externalOrderId/.test(r) && /payout\//.test(r)),
      `rows: ${JSON.stringify(rows)}`,
    );
    await runCommand(page, 'View: Hide Panel');
  });

  it("completes exactly the endpoint's fields inside a JSON body", async () => {
    await openFile(page, 'completion.payout.http');
    await codeLensTexts(page, '<secretKey>'); // the server has analysed the file
    await goTo(page, 6, 35); // end of the partnerCode line
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await page.keyboard.press('Enter');
    const endpoint = endpointById('v2.orders.create-sell-order')!;
    const fields = endpoint.body!.map((f) => f.name).filter((n) => n !== 'partnerCode' && n !== 'signature');
    const labels = (await triggerSuggest(page, 'externalOrderId')).map((l) => l.replace(/^"|"$/g, ''));
    await screenshot(page, shots, '04-completion.png');
    assert.ok(labels.length > 0);
    for (const l of labels)
      assert.ok(
        fields.includes(l),
        `completion offered "${l}", which is not a field of create-sell-order still missing (${fields.join(', ')})`,
      );
    assert.ok(!labels.includes('partnerCode'), 'a field already present is offered again');
    await page.keyboard.press('Escape');
  });

  it('sends account/verify to the local sandbox and shows a verified response beside the file', async () => {
    await openFile(page, 'quickstart.payout.http');
    await codeLensTexts(page, 'Send request');
    await clickCodeLens(page, 'Send request', 0);
    await waitForLines(page, 'payout-http-response:', /^Signature: /m);
    await page.keyboard.press('Control+B'); // hide the side bar: the README screenshot is this one
    await page.waitForTimeout(300); // (layout settles; not an assertion)
    await screenshot(page, shots, '05-send-verified.png');
    await page.keyboard.press('Control+B');
    const lines = await editorLinesOf(page, 'payout-http-response:');
    const text = lines.join('\n');
    // the whole document is on screen (Monaco renders only visible lines): it ends with the body's }
    assert.equal(lines.filter((l) => l.trim()).at(-1), '}', text);
    assert.match(text, /^HTTP \d{3}/m);
    assert.match(text, /^Signature: verified/m, text);
    assert.match(text, /"semanticCode": "SUCCESS"/);
    assert.ok(!text.includes(secretKey), 'the response view shows the secretKey');
  });

  it('follows the cursor in the signed-string view and links a segment to its field', async () => {
    await openFile(page, 'quickstart.payout.http');
    await goTo(page, 16, 5); // inside the account/verify body
    await runCommand(page, 'Payout HTTP: Show Signed String (live)');
    const view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    const segment = view.locator('li.segment[data-range]', { hasText: 'partnerCode' }).first();
    await segment.waitFor();
    assert.match(await view.locator('#display').innerText(), new RegExp(`^${partnerCode}\\|<secretKey>$`));
    await screenshot(page, shots, '06-signed-string-view.png');
    await segment.click();
    // the click selects the field's value in the file: the status bar shows the selection on line 16
    await page.locator('#status\\.editor\\.selection', { hasText: /Ln 16, Col \d+ \(\d+ selected\)/ }).waitFor();
  });

  it("copies the cursor's request as a signed, secret-free curl command", async () => {
    await openFile(page, 'quickstart.payout.http');
    await goTo(page, 16, 5);
    await runCommand(page, 'Payout HTTP: Copy Request as curl');
    await page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'curl command for account copied' })
      .first()
      .waitFor();
    const curl = await clipboardText(page);
    assert.match(curl, /^curl .*-X POST .*\/api\/v2\/account\/verify/s);
    assert.match(curl, /"signature": ?"[A-Za-z0-9+/=]{300,}"/, curl);
    assert.ok(!curl.includes(secretKey), 'the curl command holds the secretKey');
  });

  it('explains which string a signature from elsewhere covers', async () => {
    // a backend that forgot the pipe before the secret (a documented mistake), signed for real
    const wrong = signText(`${partnerCode}${secretKey}`, readPrivateKeyFile(privateKeyFile));
    await openFile(page, 'quickstart.payout.http');
    await goTo(page, 16, 5);
    await runCommand(page, 'Payout HTTP: Explain Signature Mismatch');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(wrong);
    await page.keyboard.press('Enter');
    const lines = (await waitForLines(page, 'payout-http-response:', /the signature covers|does NOT match|matches it/, 'explain')).join(
      '\n',
    );
    await screenshot(page, shots, '07-explain.png');
    assert.match(lines, new RegExp(`^The tool signs: ${partnerCode}\\|<secretKey>$`, 'm'), lines);
    assert.match(lines, /does NOT match/);
    assert.match(lines, /the pipe before the secret is missing/);
    assert.ok(!lines.includes(secretKey));
  });

  it('verifies a webhook payload from the clipboard with the service key', async () => {
    // an order webhook (doc 1 §6) signed by the sandbox's service key over the catalogue's order template
    const order: Record<string, unknown> = { externalOrderId: 'e2e-1', type: 'SELL', fiatAmount: 100000, status: 'SUCCESS' };
    order.signature = signText(
      buildCanonical(orderWebhook.signature, order).withSecret(secretKey),
      readPrivateKeyFile(servicePrivateKeyFile),
    );
    await page.evaluate(
      (text) =>
        (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText(
          text,
        ),
      JSON.stringify(order),
    );
    await runCommand(page, 'Payout HTTP: Verify Webhook Payload');
    const lines = (await waitForLines(page, 'payout-http-response:', /^Signature: /m, 'webhook')).join('\n');
    assert.match(lines, /^Signature: verified ✓\n {2}over: e2e-1\|SELL\|100000\|SUCCESS\|<secretKey>$/m, lines);
    assert.ok(!lines.includes(secretKey));
  });

  it('signs with a secretKey kept in SecretStorage in preference to the env files', async () => {
    await openFile(page, 'quickstart.payout.http');
    await runCommand(page, 'Payout HTTP: Store secretKey in Secret Storage');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password', 'the secretKey input must be masked');
    await input.fill('not-the-sandbox-secret');
    await page.keyboard.press('Enter');
    await page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'secretKey stored for "local"' })
      .first()
      .waitFor();
    // the stored (wrong) secret is used: the sandbox rejects the signature (doc 1 error 2)
    await clickCodeLens(page, 'Send request', 0);
    const rejected = (await waitForLines(page, 'payout-http-response:', /^Result: .*INVALID_SIGNATURE/m)).join('\n');
    assert.ok(!rejected.includes('not-the-sandbox-secret'), 'the stored secret is shown in the response view');
    await screenshot(page, shots, '08-stored-secret-used.png');
    // forgotten again: the env file's secretKey signs, and the sandbox accepts it
    await runCommand(page, 'Payout HTTP: Forget Stored Secrets');
    // the command has finished (SecretStorage cleared, the server told) before the next Send
    await page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'stored secrets of "local" forgotten' })
      .first()
      .waitFor();
    await clickCodeLens(page, 'Send request', 0);
    await waitForLines(page, 'payout-http-response:', /^Signature: verified/m);
  });

  it('writes no secret into any log of the editor, the extension host or the language server', () => {
    const logs = findLogs(sb.root);
    assert.ok(
      logs.some((l) => /Payout HTTP/.test(path.basename(l))),
      `no Payout HTTP log among ${logs.map((l) => path.basename(l)).join(', ')}`,
    );
    for (const log of logs) {
      const text = fs.readFileSync(log, 'utf8');
      assert.ok(!text.includes('not-the-sandbox-secret'), `${path.basename(log)} holds the stored secretKey`);
      assert.ok(!text.includes(secretKey), `${path.basename(log)} holds the secretKey`);
    }
  });

  it('sends every request of the file with "Send All": one summary view, linking to each response', async () => {
    await openFile(page, 'quickstart.payout.http');
    await runCommand(page, 'Payout HTTP: Send All Requests in File');
    const summary = (await waitForLines(page, 'payout-http-response:', /^4\/4 passed/m, 'send-all')).join('\n');
    await screenshot(page, shots, '09-send-all.png');
    for (const name of ['account', 'balance', 'prices', 'banks']) {
      assert.match(summary, new RegExp(`^✓ ${name}: (GET|POST) .*· ✓ verified`, 'm'), summary);
    }
    assert.match(summary, /^ {4}✓ \?\? signature valid$/m, summary);
    assert.ok(!summary.includes(secretKey));
    // one tab for the whole run: no response view opened for the requests a single send never showed
    const tabs = await page.$$eval('.tabs-container .tab', (els) => els.map((e) => (e.textContent ?? '').trim()));
    assert.ok(!tabs.some((t) => /quickstart · (balance|prices|banks)\.response/.test(t)), `tabs: ${JSON.stringify(tabs)}`);
    // issue 16: Send All once raised "Could NOT open editor for payout-http-response:/…"
    assert.deepEqual(await errorNotificationTexts(page), [], 'Send All raised no error notification');
    // a summary line links to its response
    await page
      .locator('.monaco-editor[data-uri*="send-all"] .view-line', { hasText: /^✓\sbanks:/ })
      .first()
      .locator('.detected-link')
      .first()
      .click({ modifiers: ['Control'] });
    const banks = (await waitForLines(page, 'payout-http-response:', /^Assertions: /m, 'banks')).join('\n');
    assert.match(banks, /^Signature: verified/m, banks);
  });

  it('shows Send All progress and cancels it: the request in flight stops, the rest are not sent', async () => {
    await openFile(page, 'mixed.payout.http');
    const before = { accepted: slow.accepted, closed: slow.closed };
    await runCommand(page, 'Payout HTTP: Send All Requests in File');
    // progress names the request in flight and how far the run is
    const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'sending slow (2/2)' }).first();
    await toast.waitFor();
    while (slow.accepted === before.accepted) await new Promise((r) => setTimeout(r, 100));
    await screenshot(page, shots, '10-send-all-progress.png');
    await toast.hover();
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const summary = (await waitForLines(page, 'payout-http-response:', /cancelled/, 'send-all')).join('\n');
    assert.match(summary, /^✓ account: POST .*· ✓ verified/m, summary);
    assert.match(summary, /^✗ slow: GET .*not sent/m, summary);
    // the HTTP exchange itself was aborted: its socket was closed by the client
    while (slow.closed === before.closed) await new Promise((r) => setTimeout(r, 100));
  });

  it('cancels a single Send: the response view says so and the connection is closed', async () => {
    await openFile(page, 'slow.payout.http');
    const before = { accepted: slow.accepted, closed: slow.closed };
    // this file's own lens (other editors beside it show "Send request" lenses too)
    await page.locator('.monaco-editor[data-uri*="slow.payout.http"] .codelens-decoration a', { hasText: 'Send request' }).first().click();
    const toast = page.locator('.notifications-toasts .notification-list-item', { hasText: 'sending slow' }).first();
    await toast.waitFor();
    while (slow.accepted === before.accepted) await new Promise((r) => setTimeout(r, 100));
    await toast.hover();
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const view = (await waitForLines(page, 'payout-http-response:', /^Error: cancelled/m, 'slow')).join('\n');
    await screenshot(page, shots, '11-send-cancelled.png');
    assert.match(view, /^GET http:\/\/127\.0\.0\.1:\d+\/never-answers$/m, view);
    while (slow.closed === before.closed) await new Promise((r) => setTimeout(r, 100));
  });

  it('shows an exchange through the inspecting proxy in the Traffic view, with its mismatch explained', async () => {
    await openFile(page, 'quickstart.payout.http'); // the keys come from this file's folder
    await runCommand(page, 'Payout HTTP: Start Inspecting Proxy');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await page.keyboard.press('Enter'); // upstream: local
    const toast = page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'inspecting proxy on' }).first();
    await toast.waitFor();
    const url = /inspecting proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(await toast.innerText())![1];
    // the integrator's backend: signs with two decimals where the service prints 100000
    const signature = signText(`${partnerCode}|USDT|100000.00|${secretKey}`, readPrivateKeyFile(privateKeyFile));
    const res = await fetch(`${url}/api/v2/orders/review-sell-order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000, signature }),
    });
    assert.equal(((await res.json()) as { errorCode: number }).errorCode, 2);
    const row = page.locator('.monaco-list-row', { hasText: 'POST /api/v2/orders/review-sell-order' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /request mismatch/);
    await row.click();
    const lines = (await waitForLines(page, 'payout-http-response:', /diagnosis: /, 'exchange-')).join('\n');
    await screenshot(page, shots, '13-traffic.png');
    assert.match(lines, /^request signature: mismatch/m, lines);
    assert.match(lines, /diagnosis: fiatAmount was formatted with two decimals/);
    assert.match(lines, /segment 3: expected "100000", signed "100000\.00"/);
    assert.ok(!lines.includes(secretKey));
    await runCommand(page, 'Payout HTTP: Stop Inspecting Proxy');
  });

  it('stops the local sandbox it started with "Stop Local Sandbox"', async () => {
    assert.ok(await runningSandbox(sb.payoutHome), 'the send above should have left the sandbox running');
    await runCommand(page, 'Payout HTTP: Stop Local Sandbox');
    await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'local sandbox stopped' }).first().waitFor();
    assert.equal(await runningSandbox(sb.payoutHome), undefined);
  });

  it('stops the sandbox it started when the editor goes away (window reload deactivates the extension)', async () => {
    await openFile(page, 'quickstart.payout.http');
    await clickCodeLens(page, 'Send request', 0);
    // the send starts the sandbox again (the view from the earlier send is already on screen, so poll the sandbox)
    while (!(await runningSandbox(sb.payoutHome))) await new Promise((r) => setTimeout(r, 200));
    await runCommand(page, 'Developer: Reload Window');
    // polling, bounded by mocha's timeout: deactivate() stops what this extension host started
    while (await runningSandbox(sb.payoutHome)) await new Promise((r) => setTimeout(r, 200));
  });
});

/** Reads the lines of the editor showing `uriPrefix…` until they match `until` (the view fills in after the send). */
async function waitForLines(page: Page, uriPrefix: string, until: RegExp, uriContains = ''): Promise<string[]> {
  for (;;) {
    const lines = await editorLinesOf(page, uriPrefix, uriContains);
    if (until.test(lines.join('\n'))) return lines;
    // an error shown instead of a response ends the wait with that error
    const failure = (await errorNotificationTexts(page)).find((t) => t.startsWith('Payout HTTP:'));
    if (failure) throw new Error(`the editor showed an error instead of the response: ${failure}`);
    await page.waitForTimeout(200);
  }
}

function findLogs(dir: string): string[] {
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
