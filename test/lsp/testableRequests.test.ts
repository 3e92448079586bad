// The Test Explorer's discovery (`payoutHttp/testableRequests`) and the per-assertion results a test
// run reads from a send, over a real language-server process (dist/server.js): a file on disk that
// is not open, the open document's unsaved text as it is edited (a request added, one renamed), a
// deleted file, and an actual send to the local sandbox whose failed `??` line comes back with its
// line, expected and actual values.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SendAllRequest, TestableRequestsRequest, type ResultOf, type SendOutcome } from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { removeFolder } from '../helpers/folders';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';

type Listed = ResultOf<typeof TestableRequestsRequest>;

const FILE = [
  '@amount = 100000', // 0
  '', // 1
  '### Check the account', // 2
  '# @name account', // 3
  'POST {{base_url}}/api/v2/account/verify', // 4
  'Content-Type: application/json', // 5
  '', // 6
  '{ "partnerCode": "{{partnerCode}}" }', // 7
  '', // 8
  '?? body success == true', // 9
  '?? status == 201', // 10
  '', // 11
  '### Balance in USDT', // 12
  'POST {{base_url}}/api/v2/wallet/balance', // 13
  'Content-Type: application/json', // 14
  '', // 15
  '{ "partnerCode": "{{partnerCode}}", "currency": "USDT" }', // 16
  '', // 17
  '###', // 18
  'GET {{base_url}}/api/v2/health', // 19
  '',
].join('\n');

describe('Test Explorer discovery and assertion results over LSP (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  let secretKey: string;
  const uriOf = (name: string) => pathToFileURL(join(dir, name)).href;
  const list = (name: string) => server.connection.sendRequest<Listed>(TestableRequestsRequest.method, { uri: uriOf(name) });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-tests-'));
    home = join(dir, 'home');
    ({ secretKey } = await ensureLocalCredentials(home));
    writeFileSync(join(dir, 'orders.payout.http'), FILE);
    server = await startServer({ environment: 'local' }, { ...process.env, PAYOUT_HTTP_HOME: home });
  });

  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('lists a file that is not open from disk: labels by name, title, request line; lines, ranges, assertions', async () => {
    const { requests, problem } = await list('orders.payout.http');
    assert.equal(problem, undefined);
    assert.deepEqual(
      requests.map((r) => [r.label, r.name, r.line, r.hasAssertions]),
      [
        ['account', 'account', 4, true],
        ['Balance in USDT', undefined, 13, false],
        ['GET {{base_url}}/api/v2/health', undefined, 19, false],
      ],
    );
    assert.deepEqual(requests[0].range, { start: { line: 2, character: 0 }, end: { line: 10, character: 16 } });
    assert.deepEqual(requests[2].range.start, { line: 18, character: 0 });
  });

  it('follows the open document as it is edited: a request added, a request renamed', async () => {
    const uri = uriOf('orders.payout.http');
    await server.open(uri, FILE, 1);
    assert.equal((await list('orders.payout.http')).requests.length, 3);
    // a fourth request typed at the end, unsaved
    await server.change(uri, 2, [{ text: `${FILE}\n### Quote\n# @name quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\n` }]);
    assert.deepEqual(
      (await list('orders.payout.http')).requests.map((r) => r.label),
      ['account', 'Balance in USDT', 'GET {{base_url}}/api/v2/health', 'quote'],
    );
    // `# @name account` renamed
    await server.change(uri, 3, [{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 15 } }, text: 'verify' }]);
    const renamed = (await list('orders.payout.http')).requests;
    assert.deepEqual(
      renamed.map((r) => r.label),
      ['verify', 'Balance in USDT', 'GET {{base_url}}/api/v2/health', 'quote'],
    );
    assert.equal(renamed[3].line, 23);
  });

  it('a deleted file lists nothing and says why', async () => {
    writeFileSync(join(dir, 'gone.payout.http'), 'GET https://example.com/\n');
    assert.equal((await list('gone.payout.http')).requests.length, 1);
    rmSync(join(dir, 'gone.payout.http'));
    const after = await list('gone.payout.http');
    assert.deepEqual(after.requests, []);
    assert.match(after.problem ?? '', /gone\.payout\.http: .*(no such|does not exist|missing)/i);
  });

  it("a send's assertion results carry the ?? line, the expected and the actual value (secret-free)", async () => {
    const outcome = await server.connection.sendRequest<SendOutcome>(SendAllRequest.method, {
      uri: uriOf('orders.payout.http'),
      settings: SEND_SETTINGS,
    });
    const verify = outcome.results.find((r) => r.label === 'verify');
    assert.ok(verify, JSON.stringify(outcome.results.map((r) => r.label)));
    assert.equal(verify.ok, false);
    assert.deepEqual(verify.assertions[0], { text: '?? body success == true', ok: true, line: 9, expected: 'true', actual: 'true' });
    const failed = verify.assertions[1];
    assert.equal(failed.ok, false);
    assert.equal(failed.line, 10);
    assert.equal(failed.expected, '201');
    assert.equal(failed.actual, '200');
    assert.equal(failed.message, 'expected status == 201, got 200');
    assert.match(verify.body ?? '', /"success":\s*true/);
    assert.ok(!JSON.stringify(outcome).includes(secretKey));
  });
});
