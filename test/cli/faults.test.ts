// `payout-http send` against a sandbox with injected faults (docs/sandbox.md "Fault injection"):
// the client's retry with backoff (engine/http/retry.ts) and its fallback text for msg.66, end to end.
import assert from 'node:assert/strict';
import { errorByCode } from '../../engine/catalogue/index';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { runCli } from './run';

describe('cli send: injected faults from the local sandbox', function () {
  this.timeout(60_000);
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess({ config: { faults: [{ endpoint: 'v2.wallet.balance', errorCode: 9, times: 1 }] } });
  });
  after(async () => sb?.stop());

  it('retries 9 with backoff and passes on the second attempt', async () => {
    const r = await runCli(['send', 'examples/quickstart.payout.http', '--name', 'balance'], { home: sb.home });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /attempt 1: SERVICE_UNDER_MAINTENANCE \(9\): .*; retrying in 500 ms/);
    assert.match(r.stdout, /HTTP 200 .*\n {2}success: SUCCESS \(0\)\n {2}signature: verified/);
    assert.match(r.stdout, /1 request: 1 passed, 0 failed/);
    assert.match(sb.output(), /POST \/api\/v2\/wallet\/balance -> 9 \(fault\)\n.*POST \/api\/v2\/wallet\/balance -> 0\n/);
  });

  it("shows the catalogue's fallback message for 66, not only msg.66", async () => {
    const res = await fetch(`${sb.url}/sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ endpoint: 'v2.wallet.balance', errorCode: 66 }),
    });
    assert.equal(res.status, 200);
    const r = await runCli(['send', 'examples/quickstart.payout.http', '--name', 'balance'], { home: sb.home });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    // Retried (66 is retryable) until the policy gave up, then shown with the client's own text.
    assert.match(r.stdout, /attempt 2: SERVICE_NOT_ACTIVATED \(66\)/);
    const fallback = errorByCode(66)!.fallbackMessage!;
    assert.ok(r.stdout.includes(`  message: ${fallback} (sent as "msg.66")`), r.stdout);
  });
});
