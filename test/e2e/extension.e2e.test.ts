// The packaged extension in real VS Code (code-server 4.100.3 = VS Code 1.100.3, headless chromium):
// install the VSIX, open example files from a temp workspace and assert on what the editor shows.
// Runs when PAYOUT_HTTP_E2E=1 (scripts/e2e-install.sh + npm run package first; .ci/run does both).
// Screenshots of every step go to .test-artifacts/e2e/.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { endpointById, orderWebhook } from '../../engine/catalogue/index';
import { runningSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { buildCanonical, readPrivateKeyFile, signText } from '../../engine/signing';
import { recordActivationTime } from './activation';
import { editorSuite, findLogs, SHOTS as shots } from './codeServer';
import {
  activeLanguage,
  clickCodeLensUntil,
  sendByLens,
  clipboardText,
  codeLensTexts,
  editorLinesOf,
  goTo,
  errorNotificationTexts,
  openFile,
  problemCounts,
  problemsViewRows,
  runCommand,
  screenshot,
  sandboxStatusItem,
  setBooleanSetting,
  suggestLabels,
  waitForLines,
  waitForToast,
} from './workbench';

const root = path.join(__dirname, '..', '..');
const AUTO_START = 'payoutHttp.sandbox.autoStart';
const autoStartDefault: boolean = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).contributes.configuration.properties[
  AUTO_START
].default;

// A request whose body the completion test types into, and one the lint test expects findings on.
const COMPLETION_FILE = `### Pay the merchant
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "currency": "USDT"
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
  let partnerCode: string;
  let secretKey: string;
  let privateKeyFile: string;
  let servicePrivateKeyFile: string;
  // A server that accepts requests and never answers: what a Cancel is for. It counts the
  // connections that reached it and those closed again (the cancelled exchange's socket).
  const slow = { server: undefined as net.Server | undefined, accepted: 0, closed: 0 };

  const editor = editorSuite({
    shotPrefix: '',
    ownsShot: (f) => !f.startsWith('authoring-'), // the authoring suite's are left alone
    async prepare(sb, workspace) {
      // The local credentials exist before the editor opens, so the preview's partnerCode is known.
      const creds = await ensureLocalCredentials(sb.payoutHome);
      partnerCode = creds.partnerCode;
      secretKey = creds.secretKey;
      privateKeyFile = creds.partnerPrivateKeyFile;
      servicePrivateKeyFile = creds.servicePrivateKeyFile;

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
    },
    // the activation time activate() logged, for `npm run bench` (a missing line is a note, not a failure)
    readLogs: (logs) => void recordActivationTime(logs, 'code-server 4.100.3 (VS Code 1.100.3)'),
  });
  after(() => slow.server?.close());

  it('shows the canonical string as a CodeLens above account/verify', async () => {
    await screenshot(editor.page, shots, '01-workbench.png');
    await openFile(editor.page, 'quickstart.payout.http');
    assert.equal(await activeLanguage(editor.page), 'Payout HTTP');
    // the active environment is in the status bar: `local` (the local sandbox) by default
    await editor.page
      .locator('.part.statusbar .statusbar-item', { hasText: /^\W*local$/ })
      .first()
      .waitFor();
    const lenses = await codeLensTexts(editor.page, '<secretKey>');
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
    await screenshot(editor.page, shots, '02-codelens-preview.png');
  });

  it('runs the language server with the V8 flags and environment of client/serverProcess.json', () => {
    // The server the client started for this editor: `server.js --node-ipc` from this suite's
    // extensions folder (Linux's /proc, where this suite runs).
    const options = JSON.parse(fs.readFileSync(path.join(root, 'client', 'serverProcess.json'), 'utf8')) as {
      execArgv: string[];
      env: Record<string, string>;
    };
    const servers = fs
      .readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .map((pid) => {
        try {
          const read = (f: string) => fs.readFileSync(`/proc/${pid}/${f}`, 'utf8').split('\0');
          return { argv: read('cmdline'), env: read('environ') };
        } catch {
          return undefined; // ended meanwhile, or not ours to read
        }
      })
      .filter(
        (p) => p?.argv.some((a) => a.startsWith(editor.sandbox.extensions) && a.endsWith('server.js')) && p.argv.includes('--node-ipc'),
      );
    assert.equal(servers.length, 1, `language servers found: ${JSON.stringify(servers.map((p) => p?.argv))}`);
    const { argv, env } = servers[0]!;
    for (const flag of options.execArgv) assert.ok(argv.includes(flag), `${flag} not in ${JSON.stringify(argv)}`);
    for (const [name, value] of Object.entries(options.env))
      assert.ok(env.includes(`${name}=${value}`), `${name}=${value} not in its environment`);
  });

  it('reports contract lint findings in the Problems view', async () => {
    await openFile(editor.page, 'lint.payout.http');
    const rows = await problemsViewRows(editor.page, 'externalOrderId');
    await screenshot(editor.page, shots, '03-problems.png');
    const counts = await problemCounts(editor.page);
    assert.ok(counts.errors + counts.warnings > 0, `status bar: ${counts.label}`);
    // create-sell-order requires externalOrderId (doc 1 §4.13); its omission is reported with a code
    assert.ok(
      rows.some((r) => /externalOrderId/.test(r) && /payout\//.test(r)),
      `rows: ${JSON.stringify(rows)}`,
    );
    await runCommand(editor.page, 'View: Hide Panel');
  });

  it('offers every field of the endpoint still missing from the body, and only those', async () => {
    await openFile(editor.page, 'completion.payout.http');
    await codeLensTexts(editor.page, '<secretKey>'); // the server has analysed the file
    await goTo(editor.page, 7, 1); // the body's last member
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.type(',');
    await editor.page.keyboard.press('Enter');
    // From the catalogue: every body field of create-sell-order but those the file has and the one
    // the client computes when sending (signature).
    const present = Object.keys(JSON.parse(COMPLETION_FILE.slice(COMPLETION_FILE.indexOf('\n{'))));
    const missing = endpointById('v2.orders.create-sell-order')!
      .body!.filter((f) => !f.filledByClient && !present.includes(f.name))
      .map((f) => f.name);
    assert.ok(missing.length >= 5, `the catalogue lists only ${missing.join(', ')} as missing`);
    const labels = (await suggestLabels(editor.page, 'externalOrderId')).map((l) => l.replace(/^"|"$/g, ''));
    await screenshot(editor.page, shots, '04-completion.png');
    await editor.page.keyboard.press('Escape');
    for (const name of present) assert.ok(!labels.includes(name), `"${name}" is in the body already and offered again`);
    assert.deepEqual(
      [...labels].sort(),
      [...missing].sort(),
      `offered: ${labels.join(', ')}; missing from the body: ${missing.join(', ')}`,
    );
  });

  it('sends account/verify to the local sandbox and shows a verified response beside the file', async () => {
    await openFile(editor.page, 'quickstart.payout.http');
    await codeLensTexts(editor.page, 'Send request');
    await sendByLens(editor.page, 0, /^Signature: /m);
    await editor.page.keyboard.press('Control+B'); // hide the side bar: the README screenshot is this one
    await editor.page.waitForTimeout(300); // (layout settles; not an assertion)
    await screenshot(editor.page, shots, '05-send-verified.png');
    await editor.page.keyboard.press('Control+B');
    const lines = await editorLinesOf(editor.page, 'payout-http-response:');
    const text = lines.join('\n');
    // the whole document is on screen (Monaco renders only visible lines): it ends with the body's }
    assert.equal(lines.filter((l) => l.trim()).at(-1), '}', text);
    assert.match(text, /^HTTP \d{3}/m);
    assert.match(text, /^Signature: verified/m, text);
    assert.match(text, /"semanticCode": "SUCCESS"/);
    assert.ok(!text.includes(secretKey), 'the response view shows the secretKey');
  });

  it('follows the cursor in the signed-string view and links a segment to its field', async () => {
    await openFile(editor.page, 'quickstart.payout.http');
    await goTo(editor.page, 16, 5); // inside the account/verify body
    await runCommand(editor.page, 'Payout HTTP: Show Signed String (live)');
    const view = editor.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    const segment = view.locator('li.segment[data-range]', { hasText: 'partnerCode' }).first();
    await segment.waitFor();
    assert.match(await view.locator('#display').innerText(), new RegExp(`^${partnerCode}\\|<secretKey>$`));
    await screenshot(editor.page, shots, '06-signed-string-view.png');
    await segment.click();
    // the click selects the field's value in the file: the status bar shows the selection on line 16
    await editor.page.locator('#status\\.editor\\.selection', { hasText: /Ln 16, Col \d+ \(\d+ selected\)/ }).waitFor();
  });

  it("copies the cursor's request as a signed, secret-free curl command", async () => {
    await openFile(editor.page, 'quickstart.payout.http');
    await goTo(editor.page, 16, 5);
    await runCommand(editor.page, 'Payout HTTP: Copy Request as curl');
    await editor.page
      .locator('.notifications-toasts .notification-list-item-message', { hasText: 'curl command for account copied' })
      .first()
      .waitFor();
    const curl = await clipboardText(editor.page);
    assert.match(curl, /^curl .*-X POST .*\/api\/v2\/account\/verify/s);
    assert.match(curl, /"signature": ?"[A-Za-z0-9+/=]{300,}"/, curl);
    assert.ok(!curl.includes(secretKey), 'the curl command holds the secretKey');
  });

  it('explains which string a signature from elsewhere covers', async () => {
    // a backend that forgot the pipe before the secret (a documented mistake), signed for real
    const wrong = signText(`${partnerCode}${secretKey}`, readPrivateKeyFile(privateKeyFile));
    await openFile(editor.page, 'quickstart.payout.http');
    await goTo(editor.page, 16, 5);
    await runCommand(editor.page, 'Payout HTTP: Explain Signature Mismatch');
    const input = editor.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(wrong);
    await editor.page.keyboard.press('Enter');
    const lines = (
      await waitForLines(editor.page, 'payout-http-response:', /the signature covers|does NOT match|matches it/, 'explain')
    ).join('\n');
    await screenshot(editor.page, shots, '07-explain.png');
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
    await editor.page.evaluate(
      (text) =>
        (globalThis as unknown as { navigator: { clipboard: { writeText(t: string): Promise<void> } } }).navigator.clipboard.writeText(
          text,
        ),
      JSON.stringify(order),
    );
    await runCommand(editor.page, 'Payout HTTP: Verify Webhook Payload');
    const lines = (await waitForLines(editor.page, 'payout-http-response:', /^Signature: /m, 'webhook')).join('\n');
    assert.match(lines, /^Signature: verified ✓\n {2}over: e2e-1\|SELL\|100000\|SUCCESS\|<secretKey>$/m, lines);
    assert.ok(!lines.includes(secretKey));
  });

  it('signs with a secretKey kept in SecretStorage in preference to the env files', async () => {
    await openFile(editor.page, 'quickstart.payout.http');
    await runCommand(editor.page, 'Payout HTTP: Store secretKey in Secret Storage');
    const input = editor.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password', 'the secretKey input must be masked');
    await input.fill('not-the-sandbox-secret');
    await editor.page.keyboard.press('Enter');
    await waitForToast(editor.page, 'secretKey stored for "local"');
    // the stored (wrong) secret is used: the sandbox rejects the signature (doc 1 error 2). (The
    // server re-renders the lenses once it has the new secret: sendByLens clicks again if one is lost.)
    const rejected = (await sendByLens(editor.page, 0, /^Result: .*INVALID_SIGNATURE/m)).join('\n');
    assert.ok(!rejected.includes('not-the-sandbox-secret'), 'the stored secret is shown in the response view');
    await screenshot(editor.page, shots, '08-stored-secret-used.png');
    // forgotten again: the env file's secretKey signs, and the sandbox accepts it
    await runCommand(editor.page, 'Payout HTTP: Forget Stored Secrets');
    // the command has finished (SecretStorage cleared, the server told) before the next Send
    await waitForToast(editor.page, 'stored secrets of "local" forgotten');
    await sendByLens(editor.page, 0, /^Signature: verified/m);
  });

  it('writes no secret into any log of the editor, the extension host or the language server', () => {
    const logs = findLogs(editor.sandbox.root);
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
    await openFile(editor.page, 'quickstart.payout.http');
    await runCommand(editor.page, 'Payout HTTP: Send All Requests in File');
    const summary = (await waitForLines(editor.page, 'payout-http-response:', /^4\/4 passed/m, 'send-all')).join('\n');
    await screenshot(editor.page, shots, '09-send-all.png');
    for (const name of ['account', 'balance', 'prices', 'banks']) {
      assert.match(summary, new RegExp(`^✓ ${name}: (GET|POST) .*· ✓ verified`, 'm'), summary);
    }
    assert.match(summary, /^ {4}✓ \?\? signature valid$/m, summary);
    assert.ok(!summary.includes(secretKey));
    // one tab for the whole run: no response view opened for the requests a single send never showed
    const tabs = await editor.page.$$eval('.tabs-container .tab', (els) => els.map((e) => (e.textContent ?? '').trim()));
    assert.ok(!tabs.some((t) => /quickstart · (balance|prices|banks)\.response/.test(t)), `tabs: ${JSON.stringify(tabs)}`);
    // issue 16: Send All once raised "Could NOT open editor for payout-http-response:/…"
    assert.deepEqual(await errorNotificationTexts(editor.page), [], 'Send All raised no error notification');
    // a summary line links to its response
    await editor.page
      .locator('.monaco-editor[data-uri*="send-all"] .view-line', { hasText: /^✓\sbanks:/ })
      .first()
      .locator('.detected-link')
      .first()
      .click({ modifiers: ['Control'] });
    const banks = (await waitForLines(editor.page, 'payout-http-response:', /^Assertions: /m, 'banks')).join('\n');
    assert.match(banks, /^Signature: verified/m, banks);
  });

  it('shows Send All progress and cancels it: the request in flight stops, the rest are not sent', async () => {
    await openFile(editor.page, 'mixed.payout.http');
    const before = { accepted: slow.accepted, closed: slow.closed };
    await runCommand(editor.page, 'Payout HTTP: Send All Requests in File');
    // progress names the request in flight and how far the run is
    const toast = editor.page.locator('.notifications-toasts .notification-list-item', { hasText: 'sending slow (2/2)' }).first();
    await toast.waitFor();
    while (slow.accepted === before.accepted) await new Promise((r) => setTimeout(r, 100));
    await screenshot(editor.page, shots, '10-send-all-progress.png');
    await toast.hover();
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const summary = (await waitForLines(editor.page, 'payout-http-response:', /cancelled/, 'send-all')).join('\n');
    assert.match(summary, /^✓ account: POST .*· ✓ verified/m, summary);
    assert.match(summary, /^✗ slow: GET .*not sent/m, summary);
    // the HTTP exchange itself was aborted: its socket was closed by the client
    while (slow.closed === before.closed) await new Promise((r) => setTimeout(r, 100));
  });

  it('cancels a single Send: the response view says so and the connection is closed', async () => {
    await openFile(editor.page, 'slow.payout.http');
    const before = { accepted: slow.accepted, closed: slow.closed };
    // this file's own lens (other editors beside it show "Send request" lenses too)
    await editor.page
      .locator('.monaco-editor[data-uri*="slow.payout.http"] .codelens-decoration a', { hasText: 'Send request' })
      .first()
      .click();
    const toast = editor.page.locator('.notifications-toasts .notification-list-item', { hasText: 'sending slow' }).first();
    await toast.waitFor();
    while (slow.accepted === before.accepted) await new Promise((r) => setTimeout(r, 100));
    await toast.hover();
    await toast.getByRole('button', { name: 'Cancel' }).click();
    const view = (await waitForLines(editor.page, 'payout-http-response:', /^Error: cancelled/m, 'slow')).join('\n');
    await screenshot(editor.page, shots, '11-send-cancelled.png');
    assert.match(view, /^GET http:\/\/127\.0\.0\.1:\d+\/never-answers$/m, view);
    while (slow.closed === before.closed) await new Promise((r) => setTimeout(r, 100));
  });

  it('shows an exchange through the inspecting proxy in the Traffic view, with its mismatch explained', async () => {
    await openFile(editor.page, 'quickstart.payout.http'); // the keys come from this file's folder
    await runCommand(editor.page, 'Payout HTTP: Start Inspecting Proxy');
    const input = editor.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await editor.page.keyboard.press('Enter'); // upstream: local
    const toast = editor.page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'inspecting proxy on' }).first();
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
    const row = editor.page.locator('.monaco-list-row', { hasText: 'POST /api/v2/orders/review-sell-order' }).first();
    await row.waitFor();
    assert.match(await row.innerText(), /request mismatch/);
    await row.click();
    const lines = (await waitForLines(editor.page, 'payout-http-response:', /diagnosis: /, 'exchange-')).join('\n');
    await screenshot(editor.page, shots, '13-traffic.png');
    assert.match(lines, /^request signature: mismatch/m, lines);
    assert.match(lines, /diagnosis: fiatAmount was formatted with two decimals/);
    assert.match(lines, /segment 3: expected "100000", signed "100000\.00"/);
    assert.ok(!lines.includes(secretKey));
    await runCommand(editor.page, 'Payout HTTP: Stop Inspecting Proxy');
  });

  it('stops the local sandbox with "Stop Local Sandbox": its status bar item goes, and a Send then offers to start it', async () => {
    const { page } = editor;
    const home = editor.sandbox.payoutHome;
    assert.ok(await runningSandbox(home), 'the send above should have left the sandbox running');
    const item = sandboxStatusItem(page);
    await item.waitFor(); // shown while it runs
    await runCommand(page, 'Payout HTTP: Stop Local Sandbox');
    await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'local sandbox stopped' }).first().waitFor();
    await item.waitFor({ state: 'hidden' });
    assert.equal(await runningSandbox(home), undefined);

    // With autoStart off a Send does not start it again: the editor says so, with a button that does.
    await setBooleanSetting(page, AUTO_START, false, autoStartDefault);
    await openFile(page, 'quickstart.payout.http');
    const notice = page.locator('.notifications-toasts .notification-list-item', { hasText: 'local sandbox is not running' }).first();
    await clickCodeLensUntil(page, 'Send request', 0, () => notice.isVisible());
    const message = await notice.locator('.notification-list-item-message').innerText();
    assert.match(message, /^Payout HTTP: .*the local sandbox is not running.*"Payout HTTP: Start Local Sandbox"/, message);
    assert.ok(!(await item.isVisible()), 'the status bar shows a sandbox that is not running');
    assert.equal(await runningSandbox(home), undefined, 'the Send started the sandbox although autoStart is off');
    await notice.hover(); // (shows its buttons)
    await screenshot(page, shots, '14-send-sandbox-stopped.png');
    await notice.getByRole('button', { name: 'Start Local Sandbox' }).click();
    await item.waitFor(); // the button started it, and the status bar says so
    assert.ok(await runningSandbox(home));

    // the item's own command stops it again (the next test starts it with a Send)
    await setBooleanSetting(page, AUTO_START, true, autoStartDefault);
    await item.click();
    await item.waitFor({ state: 'hidden' });
    assert.equal(await runningSandbox(home), undefined);
  });

  it('stops the sandbox it started when the editor goes away (window reload deactivates the extension)', async () => {
    // started from the editor by its command (the test above covers a Send starting it; here what
    // counts is that the editor started it, not whether autoStart is back on yet)
    await runCommand(editor.page, 'Payout HTTP: Start Local Sandbox');
    while (!(await runningSandbox(editor.sandbox.payoutHome))) await new Promise((r) => setTimeout(r, 200));
    await runCommand(editor.page, 'Developer: Reload Window');
    // polling, bounded by mocha's timeout: deactivate() stops what this extension host started
    while (await runningSandbox(editor.sandbox.payoutHome)) await new Promise((r) => setTimeout(r, 200));
  });
});
