// Doc 1 §4.0 and §5: the shared errors every signed endpoint answers before its business logic,
// against the real sandbox process.
import { strict as assert } from 'node:assert';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, V2Client, type LocalEnv } from './client';
import { credsOf, writeTestConfig, type TestConfig } from './fixtures';

describe('sandbox /api/v2 shared errors (real process)', function () {
  let sb: SandboxProcess;
  let cfg: TestConfig;
  let v2: V2Client;
  let env: LocalEnv;
  const as = (p: keyof TestConfig['partners']) => new V2Client(sb.url, credsOf(cfg.partners[p], env.servicePublicKey));

  before(async () => {
    cfg = writeTestConfig();
    sb = await startSandboxProcess({ config: cfg.file, args: ['--kyc-delay', '0'] });
    ({ v2, env } = localClients(sb.home));
  });
  after(async () => sb?.stop());

  it('account/verify succeeds with a signature the service key verifies', async () => {
    const r = await v2.call('v2.account.verify', {}, { headers: { lang: 'vi' } });
    assert.equal(r.status, 200);
    assert.equal(r.body.success, true);
    assert.equal(r.body.errorCode, 0);
    assert.equal(r.body.semanticCode, 'SUCCESS');
    // Doc 1 §2.2: message is English text; for 0 the error table's "Success".
    assert.equal(r.body.message, 'Success');
    assert.equal(r.body.data.status, 'ACTIVE');
    assert.ok(v2.responseVerifies('v2.account.verify', r.body.data));
    // A tampered field breaks the verification: the check above is not vacuous.
    assert.equal(v2.responseVerifies('v2.account.verify', { ...r.body.data, name: 'someone else' }), false);
  });

  it('a partner from the config signs with its own key (registered as PKCS#1), and cannot pass as another', async () => {
    const other = as('other');
    const r = await other.call('v2.account.verify', {});
    assert.equal(r.body.success, true, r.body.message);
    assert.ok(other.responseVerifies('v2.account.verify', r.body.data));
    // Its key does not sign for the local partner.
    const impostor = new V2Client(sb.url, { ...other.creds, partnerCode: env.partnerCode, secretKey: env.secretKey });
    assert.equal((await impostor.call('v2.account.verify', {})).body.errorCode, 2);
  });

  it('4: unknown or missing partnerCode', async () => {
    const r = await v2.call('v2.account.verify', { partnerCode: 'NOPE' });
    assert.equal(r.body.errorCode, 4);
    assert.equal(r.body.semanticCode, 'PARTNER_NOT_FOUND');
    assert.equal(r.status, 201);
    assert.equal(r.body.data, null);
    assert.equal(r.body.message, 'Unknown partnerCode "NOPE": check it against your credentials for this environment');
    const missing = await v2.call('v2.account.verify', {}, { noPartnerCode: true });
    assert.equal(missing.body.errorCode, 4);
    assert.match(missing.body.message, /partnerCode is missing/);
  });

  it('2: a missing signature fails verification, not validation', async () => {
    const r = await v2.call('v2.wallet.balance', { currency: 'USDT' }, { unsigned: true });
    assert.equal(r.body.errorCode, 2);
    assert.equal(r.body.semanticCode, 'INVALID_SIGNATURE');
    assert.match(r.body.message, /partnerCode\|currency\|<secretKey>/);
  });

  it('2: wrong secret, tampered body, PSS padding', async () => {
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' }, { secretKey: 'wrong' })).body.errorCode, 2);
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' }, { pss: true })).body.errorCode, 2);
    const ok = await v2.call('v2.wallet.balance', { currency: 'USDT' });
    assert.equal(ok.body.errorCode, 0);
  });

  it('never puts the secretKey in a message', async () => {
    const r = await v2.call('v2.wallet.balance', { currency: 'USDT' }, { secretKey: 'wrong' });
    assert.ok(!JSON.stringify(r.body).includes(env.secretKey));
    assert.ok(!sb.output().includes(env.secretKey));
  });

  it('2: a partner with no public key registered', async () => {
    const r = await as('noKey').call('v2.account.verify', {});
    assert.equal(r.body.errorCode, 2);
    assert.match(r.body.message, /No public key is registered/);
  });

  it('1: a partner whose registered key is unusable', async () => {
    const r = await as('badKey').call('v2.account.verify', {});
    assert.equal(r.body.errorCode, 1);
    assert.equal(r.body.semanticCode, 'INTERNAL_SERVER_ERROR');
  });

  it('3: a locked partner, even with a valid signature', async () => {
    const r = await as('locked').call('v2.account.verify', {});
    assert.equal(r.body.errorCode, 3);
    assert.equal(r.body.semanticCode, 'PARTNER_ACCOUNT_LOCKED');
  });

  it('19: a caller outside the allowlist, whatever the signature', async () => {
    assert.equal((await as('farAway').call('v2.account.verify', {})).body.errorCode, 19);
    assert.equal((await as('farAway').call('v2.account.verify', {}, { unsigned: true })).body.errorCode, 19);
  });

  it('5: a missing required field, named in the message, after the signature checks', async () => {
    const r = await v2.call('v2.wallet.balance', {});
    assert.equal(r.body.errorCode, 5);
    assert.match(r.body.message, /currency/);
    // With a bad signature the same request is a 2: signature verification runs first.
    assert.equal((await v2.call('v2.wallet.balance', {}, { secretKey: 'x' })).body.errorCode, 2);
  });

  it('5: wrong type, not JSON, wrong content type', async () => {
    const r = await v2.call('v2.orders.review-sell-order', { currency: 'USDT', fiatAmount: '100000' });
    assert.equal(r.body.errorCode, 5);
    assert.match(r.body.message, /fiatAmount must be a number/);
    const res = await fetch(`${sb.url}/api/v2/account/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    assert.equal(((await res.json()) as { errorCode: number }).errorCode, 5);
    const text = await fetch(`${sb.url}/api/v2/account/verify`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    assert.match(((await text.json()) as { message: string }).message, /Content-Type must be application\/json/);
  });

  it('each shared error names the partner or the string to sign, and the fix', async () => {
    const message = async (client: V2Client, o: Parameters<V2Client['call']>[2] = {}) =>
      (await client.call('v2.wallet.balance', { currency: 'USDT' }, o)).body.message;
    const far = as('farAway');
    assert.match(
      await message(far),
      new RegExp(
        `^Calls from \\S+ are not allowlisted for ${far.creds.partnerCode}: call from a registered IP, or add it to allowedIps in the sandbox config$`,
      ),
    );
    const bad = as('badKey');
    assert.match(await message(bad), new RegExp(`^The public key registered for ${bad.creds.partnerCode} is unusable \\(.+\\)$`));
    const locked = as('locked');
    assert.equal(await message(locked), `The partner account ${locked.creds.partnerCode} is not active: ask the service to activate it`);
    // Missing and wrong signatures get different messages: one says what to send, the other what to check.
    assert.match(
      await message(v2, { unsigned: true }),
      /^The signature is missing: sign partnerCode\|currency\|<secretKey> \(here .+\) with RSA-SHA256 \(PKCS#1 v1\.5\) and send it base64 in the signature field$/,
    );
    assert.match(
      await message(v2, { secretKey: 'wrong' }),
      /^The signature does not verify over partnerCode\|currency\|<secretKey> \(here .+\): sign exactly that string \(field order, omitted fields as written, secretKey after the last pipe\) with RSA-SHA256 PKCS#1 v1\.5, not PSS$/,
    );
  });

  // What a caller who gets the envelope wrong reads: each answer names what was sent and the fix.
  it('5: a body that is empty or not a JSON object, a missing or other Content-Type; a JSON type with parameters is accepted', async () => {
    const post = async (body: string | Uint8Array, headers: Record<string, string> = { 'Content-Type': 'application/json' }) => {
      const res = await fetch(`${sb.url}/api/v2/account/verify`, { method: 'POST', headers, body });
      return { status: res.status, body: (await res.json()) as { success: boolean; errorCode: number; message: string; data: unknown } };
    };
    const empty = await post('  ');
    assert.deepEqual(
      [empty.status, empty.body.errorCode, empty.body.message],
      [201, 5, 'The request has no body: send a JSON object with Content-Type: application/json'],
    );
    for (const body of ['[]', 'null', '"text"']) {
      assert.equal(
        (await post(body)).body.message,
        'The body must be a JSON object: send { "partnerCode": ..., ..., "signature": ... }',
        body,
      );
    }
    // A Uint8Array body: fetch adds no Content-Type of its own.
    const none = await post(new TextEncoder().encode('{}'), {});
    assert.equal(none.body.errorCode, 5);
    assert.equal(none.body.message, 'Content-Type must be application/json (got none): add the header Content-Type: application/json');
    const text = await post('{}', { 'Content-Type': 'text/plain' });
    assert.equal(
      text.body.message,
      'Content-Type must be application/json (got text/plain): add the header Content-Type: application/json',
    );
    // A type that only ends in application/json is another type.
    assert.equal((await post('{}', { 'Content-Type': 'x-application/json' })).body.errorCode, 5);
    // Past the content type: the body is read, and without a partnerCode the answer is 4.
    assert.equal((await post('{}', { 'Content-Type': 'Application/JSON; charset=utf-8' })).body.errorCode, 4);
  });

  it('405: an endpoint called with another method names the method to use, the two public ones too', async () => {
    for (const [method, path, expected] of [
      ['GET', '/api/v2/wallet/balance', 'POST'],
      ['POST', '/api/v2/public/get-qr-code-info', 'GET'],
      ['GET', '/api/v2/public/generate-philippines-qrcode', 'POST'],
    ]) {
      const res = await fetch(`${sb.url}${path}`, { method });
      assert.equal(res.status, 405, path);
      assert.deepEqual(await res.json(), { success: false, message: `${path} takes ${expected}, not ${method}`, data: null });
    }
    assert.match(sb.output(), /GET \/api\/v2\/wallet\/balance -> 405/);
  });

  it('logs method, path and code per request, never bodies', async () => {
    await v2.call('v2.wallet.balance', { currency: 'USDT' });
    assert.match(sb.output(), /POST \/api\/v2\/wallet\/balance -> 0/);
    assert.ok(!sb.output().includes('"signature"'));
  });

  it('answers 404 for an unknown path and mounts the plant store', async () => {
    const res = await fetch(`${sb.url}/api/v2/nothing-here`, { method: 'POST' });
    assert.equal(res.status, 404);
    const plant = await fetch(`${sb.url}/plant-store/v3/plant/search/status?status=available`);
    assert.equal(plant.status, 200);
    assert.ok(Array.isArray(await plant.json()));
  });
});
