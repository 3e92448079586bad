// `payout-http webhooks listen` as a separate process receiving a real webhook from the local
// sandbox (a separate process too, configured to deliver to the listener), a forged one, and one
// signed by the service over another amount than it shows, explained from `send --history`.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localSecret, runCli, startCli, waitFor } from './run';
import { signText } from '../../engine/signing';

const RECEIVER = 'cli-test-receiver';

describe('cli webhooks listen', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'payout-webhooks-'));
  let listener: ReturnType<typeof startCli>;
  let url: string;
  let sb: SandboxProcess;

  before(async () => {
    listener = startCli(['webhooks', 'listen', '--port', '0'], { home });
    url = await waitFor(() => /listening for webhooks at (http:\/\/\S+)/.exec(listener.stderr())?.[1], 'the listener URL');
    sb = await startSandboxProcess({ home, config: { local: { webhooks: [{ secretKey: RECEIVER, url }] } }, args: ['--kyc-delay', '0'] });
  });
  after(async () => {
    await sb?.stop();
    if (listener.child.exitCode === null) listener.child.kill('SIGINT');
    await listener.exited;
  });

  it('prints the settled order with a verified signature', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-webhooks-file-'));
    const file = join(dir, 'order.payout.http');
    writeFileSync(
      file,
      `
@userEmail = {{testUser.response.body.$.userEmail}}

### user
# @name testUser
POST {{base_url}}/sandbox/test-users

### kyc
# @name kyc
POST {{base_url}}/api/v2/user/submit-kyc
Content-Type: application/json

{"partnerCode": "{{partnerCode}}", "userEmail": "{{userEmail}}", "firstName": "An", "lastName": "Le", "nationality": "VN", "type": "PASSPORT",
 "nationalId": "INSTANT-{{$uuid}}", "dateOfBirth": "1990-01-01", "expiryDate": "2030-01-01", "frontIdImage": "data:image/png;base64,iVBORw0KGgo=",
 "holdIdImage": "data:image/png;base64,iVBORw0KGgo=", "kycReport": "data:application/pdf;base64,JVBERi0xLjQK"}

### profile
# @name profile
POST {{base_url}}/api/v2/user/get-kyc-information
Content-Type: application/json

{"partnerCode": "{{partnerCode}}", "userEmail": "{{userEmail}}"}

?? body data.kycStatus == VERIFIED

### order
# @name order
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{"partnerCode": "{{partnerCode}}", "externalOrderId": "wh-{{$uuid}}", "currency": "USDT", "fiatAmount": 150000, "bankCode": "970436",
 "bankAccountNumber": "0123456789", "content": "Coffee", "userEmail": "{{userEmail}}", "extendInfo": null, "webhookSecretKey": "${RECEIVER}"}

?? body success == true

### settle
# @name settle
# @user {{userEmail}}
POST {{base_url}}/v3/simulate/scan-to-pay/outcomes
Content-Type: application/json

{"orderId": "{{order.response.body.$.data.externalOrderId}}", "outcome": "SUCCESS"}

?? body data.status == SUCCESS
`,
    );
    const sent = await runCli(['send', file, '--all', '--quiet', '--history'], { home });
    assert.equal(sent.code, 0, sent.stdout + sent.stderr);
    const out = await waitFor(() => (/signature: /.test(listener.stdout()) ? listener.stdout() : undefined), 'the webhook delivery');
    assert.match(out, /POST \/\S*\n {2}order wh-[0-9a-f-]+ SELL SUCCESS fiatAmount \d+/);
    assert.match(out, /signature: verified \(wh-[0-9a-f-]+\|SELL\|\d+\|SUCCESS\|<secretKey>\)/);
    assert.ok(!out.includes(localSecret(home)));
  });

  it('reports a forged delivery as not verified', async () => {
    const before = listener.stdout().length;
    const forged = {
      externalOrderId: 'forged-1',
      type: 'SELL',
      fiatAmount: 1,
      status: 'SUCCESS',
      signature: Buffer.alloc(256, 7).toString('base64'),
    };
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forged) });
    assert.equal(res.status, 200);
    const out = await waitFor(
      () =>
        listener.stdout().length > before && /signature: /.test(listener.stdout().slice(before))
          ? listener.stdout().slice(before)
          : undefined,
      'the forged delivery',
    );
    assert.match(out, /order forged-1 SELL SUCCESS/);
    assert.match(out, /signature: NOT VERIFIED/);
  });

  it('explains a delivery the service signed over another amount than it shows, from the order `send --history` recorded', async () => {
    const before = listener.stdout().length;
    const servicePrivate = createPrivateKey(readFileSync(join(home, 'credentials', 'service-private.pem'), 'utf8'));
    // The first test created the order with fiatAmount 150000; this delivery shows 1 but was signed over 150000.
    const order = { externalOrderId: 'wh-explained', type: 'SELL', fiatAmount: 1, status: 'SUCCESS' };
    const signature = signText(`wh-explained|SELL|150000|SUCCESS|${localSecret(home)}`, servicePrivate);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...order, signature }),
    });
    assert.equal(res.status, 200);
    const out = await waitFor(
      () =>
        listener.stdout().length > before && /signature: /.test(listener.stdout().slice(before))
          ? listener.stdout().slice(before)
          : undefined,
      'the explained delivery',
    );
    assert.match(out, /signature: NOT VERIFIED: .*The service signed `fiatAmount` = `150000` where the data carries `1` \(segment 3\)/);
    assert.match(out, /Found in: the history: order sent /);
    assert.ok(!out.includes(localSecret(home)));
  });

  it('stops on SIGINT with exit 0', async () => {
    listener.child.kill('SIGINT');
    assert.equal(await listener.exited, 0);
  });
});
