// The inspecting proxy through the language server's typed protocol, as the Traffic view uses it:
// payoutHttp/proxy/start (upstream `local`: the server starts the sandbox), each exchange as a
// payoutHttp/proxy/exchange notification with its verdicts and explanation, "Open as Request" as
// payoutHttp/proxy/openAsRequest, and stop. Real server process (dist/server.js), real sandbox, and a
// client of the test's own signing with node:crypto.
import assert from 'node:assert/strict';
import { sign } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ProxyExchangeNotification,
  ProxyOpenAsRequest,
  ProxyStartRequest,
  ProxyStopRequest,
  SecretsRequest,
  type ProxyExchange,
  type ProxyStatus,
} from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { localEnv, localSecret, privateKeyPem, waitFor } from '../cli/run';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('inspecting proxy through the language server (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let server: ServerSession;
  const exchanges: ProxyExchange[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-lsp-proxy-'));
    home = join(dir, 'home');
    server = await startServer(
      { environment: 'local' },
      { ...process.env, PAYOUT_HTTP_HOME: home },
      { [SecretsRequest.method]: () => ({}) },
    );
    server.connection.onNotification(ProxyExchangeNotification.method, (e: ProxyExchange) => {
      exchanges.push(e);
    });
  });
  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('starts on the local sandbox, reports a mismatch explained, opens it as a request, and stops', async () => {
    const status: ProxyStatus = await server.connection.sendRequest(ProxyStartRequest.method, { upstream: 'local', folder: dir });
    assert.equal(status.running, true);
    assert.match(status.url!, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(status.environment, 'local');

    const secret = localSecret(home);
    const partnerCode = localEnv(home).partnerCode;
    const signature = sign('sha256', Buffer.from(`${partnerCode}|USDT|100000.00|${secret}`), privateKeyPem(home)).toString('base64');
    const res = await fetch(`${status.url}/api/v2/orders/review-sell-order`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ partnerCode, currency: 'USDT', fiatAmount: 100000, signature }),
    });
    assert.equal(((await res.json()) as { errorCode: number }).errorCode, 2);

    const e = await waitFor(() => exchanges[0], 'the exchange notification');
    assert.equal(e.endpoint, 'v2.orders.review-sell-order');
    assert.equal(e.requestSignature, 'mismatch');
    assert.ok(
      e.explanation.some((l) => /diagnosis: fiatAmount was formatted with two decimals/.test(l)),
      e.explanation.join('\n'),
    );
    assert.ok(e.explanation.some((l) => /segment 3: expected "100000", signed "100000\.00"/.test(l)));
    assert.equal(e.responseSignature, 'none');
    assert.match(e.responseBody!, /INVALID_SIGNATURE/);
    assert.ok(!JSON.stringify(exchanges).includes(secret), 'the secretKey reached the client');

    const { text } = await server.connection.sendRequest<{ text: string }>(ProxyOpenAsRequest.method, { id: e.id });
    assert.match(text, /^POST \{\{base_url\}\}\/api\/v2\/orders\/review-sell-order$/m);
    assert.match(text, /"partnerCode":\s*"\{\{partnerCode\}\}"/);
    assert.doesNotMatch(text, /"signature":/);

    const stopped = await server.connection.sendRequest<{ stopped: boolean }>(ProxyStopRequest.method, {});
    assert.equal(stopped.stopped, true);
    await assert.rejects(fetch(`${status.url}/api/v2/account/verify`, { method: 'POST', body: '{}' }));
    assert.ok(!server.logs.join('\n').includes(secret) && !server.stderr.join('').includes(secret), 'the secretKey was logged');
  });
});
