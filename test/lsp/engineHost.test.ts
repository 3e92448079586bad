// The editor's engine host in the language server (server/src/host), driven over stdio like an
// editor would: prepare and copy-as-curl (secret-free), Send All with LSP work-done progress
// (`$/progress` on the token the client hands over), and a cancelled send that aborts the HTTP
// exchange in flight (a real socket that never answers sees its connection closed). Real server
// process (dist/server.js), real local sandbox started by the server and stopped by its shutdown.
import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  ShutdownRequest,
  WorkDoneProgress,
  type WorkDoneProgressBegin,
  type WorkDoneProgressReport,
} from 'vscode-languageserver-protocol/node';
import {
  CopyAsCurlRequest,
  ExplainRequest,
  PrepareRequest,
  SandboxStatusRequest,
  SendAllRequest,
  SendRequest,
  type PreparedData,
  type SandboxStatus,
  type SendOutcome,
} from '../../engine/protocol';
import { runningSandbox, stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('engine host requests over LSP (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  let secretKey: string;
  let partnerCode: string;
  const slow = { server: undefined as net.Server | undefined, accepted: 0, closed: 0, url: '' };
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-host-'));
    home = join(dir, 'home');
    ({ secretKey, partnerCode } = await ensureLocalCredentials(home));
    slow.server = net.createServer((s) => {
      slow.accepted++;
      s.on('close', () => slow.closed++);
      s.on('error', () => {});
    });
    await new Promise<void>((r) => slow.server!.listen(0, '127.0.0.1', r));
    slow.url = `http://127.0.0.1:${(slow.server.address() as net.AddressInfo).port}/never-answers`;
    const account = `### Account\n# @name account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n\n?? signature valid\n`;
    writeFileSync(
      join(dir, 'two.payout.http'),
      `${account}\n### Balance\n# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT"\n}\n`,
    );
    writeFileSync(join(dir, 'slow.payout.http'), `### Never answered\n# @name slow\nGET ${slow.url}\n`);
    // kulala's and JetBrains' `run` lines: a block of them alone, and one above a request.
    writeFileSync(
      join(dir, 'runs.payout.http'),
      `import ./two.payout.http\n\n###\nrun #Balance\n\n${account.replace('### Account\n# @name account', '### Again\n# @name again\nrun #account')}`,
    );
    server = await startServer({ environment: 'local' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    for (const f of ['two.payout.http', 'slow.payout.http', 'runs.payout.http'])
      await server.open(uriOf(f), readFileSync(join(dir, f), 'utf8'));
  });

  after(async () => {
    await server?.close();
    slow.server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('prepares the request at a line and copies it as curl, signed and secret-free', async () => {
    const p = await server.connection.sendRequest<PreparedData | null>(PrepareRequest.method, {
      uri: uriOf('two.payout.http'),
      line: 3,
      settings: SEND_SETTINGS,
    });
    assert.ok(p);
    assert.equal(p.signedDisplay, `${partnerCode}|<secretKey>`);
    assert.match(p.body ?? '', /"signature": ?"[A-Za-z0-9+/=]{300,}"/);
    const curl = await server.connection.sendRequest<{ curl: string }>(CopyAsCurlRequest.method, {
      uri: uriOf('two.payout.http'),
      line: 3,
      settings: SEND_SETTINGS,
    });
    assert.match(curl.curl, /^curl .*-X POST .*\/api\/v2\/account\/verify/s);
    for (const text of [JSON.stringify(p), curl.curl]) assert.ok(!text.includes(secretKey));
    // preparing the `local` environment started the sandbox, and the server says it started it
    const status = await server.connection.sendRequest<SandboxStatus>(SandboxStatusRequest.method, {});
    assert.equal(status.running, true);
    assert.equal(status.startedHere, true);
  });

  it('sends all with work-done progress on the token the client hands over, and a summary', async () => {
    const token = 'test-progress-1';
    const seen: (WorkDoneProgressBegin | WorkDoneProgressReport | { kind: 'end' })[] = [];
    const sub = server.connection.onProgress(WorkDoneProgress.type, token, (v) => {
      seen.push(v);
    });
    const outcome = await server.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('two.payout.http'),
      settings: SEND_SETTINGS,
      workDoneToken: token,
    });
    sub.dispose();
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.verdict, r.ok]),
      [
        ['account', 'verified', true],
        ['balance', 'verified', true],
      ],
    );
    assert.deepEqual(
      outcome.results.map((r) => r.line),
      [2, 13],
    );
    assert.match(outcome.summary ?? '', /^2\/2 passed$/m);
    assert.equal(seen[0]?.kind, 'begin');
    assert.ok(
      seen.some((v) => v.kind === 'report' && v.message === 'sending balance (2/2)…'),
      JSON.stringify(seen),
    );
    assert.equal(seen.at(-1)?.kind, 'end');
    assert.ok(!JSON.stringify(outcome).includes(secretKey));
  });

  it('Send All runs `run` lines: a block of them at its place, one above a request before it, from an imported file', async () => {
    const outcome = await server.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('runs.payout.http'),
      settings: SEND_SETTINGS,
    });
    assert.deepEqual(
      outcome.results.map((r) => [r.label, r.verdict, r.ok]),
      [
        ['two.payout.http: balance', 'verified', true],
        ['two.payout.http: account', 'verified', true],
        ['again', 'verified', true],
      ],
    );
    // `again` is at its own line; the imported file's requests are not taken for this file's
    assert.deepEqual(
      outcome.results.map((r) => r.line),
      [0, 0, 8],
    );
    assert.match(outcome.summary ?? '', /^3\/3 passed$/m);
  });

  // Issue 26: the editor's Explain finds a value that exists only in an earlier send of this editor
  // session (the file no longer holds it), and its advice names editor actions, not CLI flags.
  it('explains a signature over a value sent earlier in the editor, in editor words', async () => {
    const uri = uriOf('quote.payout.http');
    const quoteOf = (amount: number) =>
      `# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n\n{"partnerCode": "{{partnerCode}}", "currency": "USDT", "fiatAmount": ${amount}}\n`;
    writeFileSync(join(dir, 'quote.payout.http'), quoteOf(123400));
    await server.open(uri, quoteOf(123400));
    const sent = await server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri, line: 1, settings: SEND_SETTINGS });
    assert.equal(sent.results[0]?.ok, true, JSON.stringify(sent.results[0]));
    await server.change(uri, 2, [{ text: quoteOf(150000) }]);
    const pem = readFileSync(join(home, 'credentials', 'partner-private.pem'), 'utf8');
    const over = (text: string, key = pem) => sign('sha256', Buffer.from(text), key).toString('base64');
    const explain = (signature: string) =>
      server.connection.sendRequest<{ label: string; text: string }>(ExplainRequest.method, {
        uri,
        line: 1,
        signature,
        settings: SEND_SETTINGS,
      });
    const found = await explain(over(`${partnerCode}|USDT|123400|${secretKey}`));
    assert.match(
      found.text,
      /diagnosis: Your backend signed `fiatAmount` = `123400` where the request sends `150000` \(segment 3\)\. Everything else matches\. \(Found in: an earlier send of quote \(\d\d:\d\d:\d\d\)/,
    );
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const elsewhere = await explain(sign('sha256', Buffer.from(`${partnerCode}|USDT|150000|${secretKey}`), other).toString('base64'));
    assert.match(elsewhere.text, /verdict: the signature was not made with the key of this environment/);
    assert.match(elsewhere.text, /Payout HTTP: Select Environment/);
    assert.doesNotMatch(elsewhere.text, /--public-key/);
    for (const t of [found.text, elsewhere.text]) assert.ok(!t.includes(secretKey));
  });

  it('a cancelled send aborts the HTTP exchange in flight and says so', async () => {
    const before = { ...slow };
    const source = new CancellationTokenSource();
    const pending = server.connection.sendRequest<SendOutcome>(
      SendRequest.method,
      { uri: uriOf('slow.payout.http'), line: 2, settings: SEND_SETTINGS },
      source.token,
    );
    while (slow.accepted === before.accepted) await new Promise((r) => setTimeout(r, 20));
    source.cancel();
    const outcome = await pending;
    assert.equal(outcome.cancelled, true);
    assert.match(outcome.results[0].error ?? '', /^cancelled: /);
    assert.match(outcome.results[0].text, /^Error: cancelled: /m);
    while (slow.closed === before.closed) await new Promise((r) => setTimeout(r, 20));
  });

  // Last: it shuts the server down. Every part's shutdown work runs (the library keeps one handler;
  // a later registration once replaced the host's, and the sandbox outlived the editor).
  it('stops the sandbox it started when the editor shuts the server down, before answering', async () => {
    const { pid } = JSON.parse(readFileSync(join(home, 'sandbox.json'), 'utf8')) as { pid: number };
    assert.ok(await runningSandbox(home), 'the sandbox started by the first test is running');
    await server.connection.sendRequest(ShutdownRequest.type);
    assert.equal(await runningSandbox(home), undefined);
    assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' }, 'the sandbox process is gone');
  });
});
