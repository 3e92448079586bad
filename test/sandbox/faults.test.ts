// Fault injection (docs/sandbox.md): the config's `faults` and POST/DELETE /sandbox/faults make an
// endpoint answer a catalogue error after its shared checks. Against the real sandbox process.
import { strict as assert } from 'node:assert';
import { errorByCode } from '../../engine/catalogue/index';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { localClients, type V2Client, type V3Client } from './client';

const faultsUrl = (sb: SandboxProcess) => `${sb.url}/sandbox/faults`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
async function postFault(sb: SandboxProcess, fault: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(faultsUrl(sb), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
  return { status: res.status, body: await res.json() };
}

describe('sandbox fault injection: config file (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;

  before(async () => {
    sb = await startSandboxProcess({
      config: {
        faults: [
          { endpoint: 'v2.account.verify', errorCode: 38 },
          { endpoint: 'v2.orders.prices', errorCode: 9, times: 1 },
          { endpoint: 'v2.bank.get-supported-banks', errorCode: 45 },
        ],
      },
    });
    ({ v2 } = localClients(sb.home));
  });
  after(async () => sb?.stop());

  it('38 answers HTTP 401 with the error envelope, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await v2.call('v2.account.verify', {});
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, {
        success: false,
        message: errorByCode(38)!.meaning,
        data: null,
        errorCode: 38,
        semanticCode: 'LOGIN_SESSION_EXPIRED',
      });
    }
    assert.match(sb.output(), /POST \/api\/v2\/account\/verify -> 38 \(fault\)/);
  });

  it('times: 1 answers once, then the endpoint works again', async () => {
    const first = await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', fiatCurrency: 'VND' });
    assert.equal(first.status, 201);
    assert.equal(first.body.errorCode, 9);
    assert.equal(first.body.semanticCode, 'SERVICE_UNDER_MAINTENANCE');
    const second = await v2.call('v2.orders.prices', { currencies: 'USDT', network: 'TRC20', fiatCurrency: 'VND' });
    assert.equal(second.body.success, true, second.body.message);
  });

  it('an unmapped code arrives as INTERNAL_SERVER_ERROR and keeps its errorCode', async () => {
    const r = await v2.call('v2.bank.get-supported-banks', { fiatCurrency: 'VND' });
    assert.equal(r.status, 201);
    assert.equal(r.body.errorCode, 45);
    assert.equal(r.body.semanticCode, 'INTERNAL_SERVER_ERROR');
    assert.equal(r.body.data, null);
  });

  it('faults on one endpoint do not affect another', async () => {
    const r = await v2.call('v2.wallet.balance', { currency: 'USDT' });
    assert.equal(r.body.success, true, r.body.message);
    assert.ok(v2.responseVerifies('v2.wallet.balance', r.body.data));
  });

  it('the shared signature checks still run first (doc 1 §4.0.2)', async () => {
    const r = await v2.call('v2.account.verify', {}, { unsigned: true });
    assert.equal(r.body.errorCode, 2);
    assert.equal(r.status, 201);
  });
});

describe('sandbox fault injection: POST/DELETE /sandbox/faults (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;
  let v3: V3Client;

  before(async () => {
    sb = await startSandboxProcess();
    ({ v2, v3 } = localClients(sb.home));
    assert.equal((await v3.login(`faults-${Date.now()}@example.com`)).status, 200);
  });
  afterEach(async () => {
    const res = await fetch(faultsUrl(sb), { method: 'DELETE' });
    assert.deepEqual(await res.json(), { faults: [] });
  });
  after(async () => sb?.stop());

  it('66 answers the literal message msg.66, on /api/v2 and in the /v3 envelope', async () => {
    const added = await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 66 });
    assert.deepEqual(added, { status: 200, body: { faults: [{ endpoint: 'v2.wallet.balance', errorCode: 66 }] } });
    const r = await v2.call('v2.wallet.balance', { currency: 'USDT' });
    assert.equal(r.status, 201);
    assert.deepEqual(r.body, { success: false, message: 'msg.66', data: null, errorCode: 66, semanticCode: 'SERVICE_NOT_ACTIVATED' });

    await postFault(sb, { endpoint: 'v3.fund.balances', errorCode: 66 });
    const r3 = await v3.request('GET', '/v3/fund/balances');
    assert.equal(r3.status, 201);
    assert.deepEqual(r3.body, { code: 'SERVICE_NOT_ACTIVATED', message: 'msg.66', data: null });
  });

  it('"*" reaches every endpoint, an endpoint\'s own fault wins over it, and DELETE clears them', async () => {
    await postFault(sb, { endpoint: '*', errorCode: 20 });
    await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 67, times: 1 });
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.message, 'msg.67');
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.errorCode, 20);
    assert.equal((await v2.call('v2.account.verify', {})).body.semanticCode, 'SERVICE_TEMPORARILY_UNAVAILABLE');
    await fetch(faultsUrl(sb), { method: 'DELETE' });
    assert.equal((await v2.call('v2.account.verify', {})).body.success, true);
  });

  it('the two public endpoints take faults too: get-qr-code-info before decoding, generate-philippines-qrcode after its input check', async () => {
    await postFault(sb, { endpoint: 'v2.public.get-qr-code-info', errorCode: 67 });
    const info = await fetch(`${sb.url}/api/v2/public/get-qr-code-info?qrContent=anything`);
    assert.deepEqual(await info.json(), {
      success: false,
      message: 'msg.67',
      data: null,
      errorCode: 67,
      semanticCode: 'QR_CODE_UNREADABLE',
    });
    await postFault(sb, { endpoint: 'v2.public.generate-philippines-qrcode', errorCode: 20 });
    const generate = (amount: number) =>
      fetch(`${sb.url}/api/v2/public/generate-philippines-qrcode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount }),
      }).then((res) => res.json() as Promise<{ errorCode: number; semanticCode: string }>);
    assert.equal((await generate(199)).errorCode, 5);
    assert.equal((await generate(200)).semanticCode, 'SERVICE_TEMPORARILY_UNAVAILABLE');
  });

  it('a fault with times and a message: listed as sent, answers that message, one request at a time, then the endpoint works', async () => {
    const fault = { endpoint: 'v2.wallet.balance', errorCode: 9, times: 2, message: 'Planned maintenance until 10:00 UTC' };
    const timeless = { endpoint: 'v2.account.verify', errorCode: 20 };
    assert.deepEqual(await postFault(sb, fault), { status: 200, body: { faults: [fault] } });
    for (const left of [1, 0]) {
      const r = await v2.call('v2.wallet.balance', { currency: 'USDT' });
      assert.equal(r.body.errorCode, 9);
      assert.equal(r.body.message, fault.message);
      // The balance fault is listed with what it has left, until it is used up.
      const listed = (await postFault(sb, timeless)).body.faults;
      assert.deepEqual(
        listed.filter((f: { endpoint: string }) => f.endpoint === fault.endpoint),
        left ? [{ ...fault, times: left }] : [],
      );
    }
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.success, true);
    // A fault without times answers every request and stays listed as it was sent.
    assert.equal((await v2.call('v2.account.verify', {})).body.errorCode, 20);
    const version = { endpoint: 'v3.public.version', errorCode: 9 };
    assert.deepEqual((await postFault(sb, version)).body.faults, [timeless, timeless, version]);
  });

  it('two faults on one endpoint: the first listed answers first, then the next (docs/sandbox.md "Fault injection")', async () => {
    await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 9, times: 1 });
    await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 20, times: 1 });
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.errorCode, 9);
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.errorCode, 20);
    assert.equal((await v2.call('v2.wallet.balance', { currency: 'USDT' })).body.success, true);
  });

  it('each setting of a fault is checked; the 400 names the setting, the problem and the fix', async () => {
    const refused = async (fault: unknown) => {
      const r = await postFault(sb, fault);
      assert.equal(r.status, 400, JSON.stringify(fault));
      return r.body.message as string;
    };
    for (const notObject of [[], null, 9, 'v2.wallet.balance'])
      assert.match(
        await refused(notObject),
        /^fault: must be an object; write e\.g\. \{ "endpoint": "v2\.wallet\.balance", "errorCode": 9, "times": 1 \}$/,
      );
    assert.equal(
      await refused({ endpoint: 'v2.wallet.balance', errorCode: 9, time: 1 }),
      'fault.time: is not a fault setting; use endpoint, errorCode, times, message',
    );
    // No endpoint: no guess to offer. An endpoint of another API (a sandbox helper): the nearest /api/v2 or /v3 one.
    assert.match(
      await refused({ errorCode: 9 }),
      /^fault\.endpoint: undefined is not an \/api\/v2 or \/v3 endpoint of the catalogue; use "\*" for every endpoint, or one of (v[23]\.[\w.-]+, )+v[23]\./,
    );
    assert.match(
      await refused({ endpoint: 'sandbox.faults.add', errorCode: 9 }),
      /^fault\.endpoint: "sandbox\.faults\.add" is not .*; did you mean "v\d\.[^"]+"\? use "\*"/,
    );
    assert.match(
      await refused({ endpoint: '*', errorCode: '9' }),
      /^fault\.errorCode: "9" is not an error code of the catalogue's error table/,
    );
    for (const times of [1.5, '2', -1])
      assert.equal(
        await refused({ endpoint: '*', errorCode: 9, times }),
        'fault.times: must be a whole number ≥ 1; write e.g. "times": 2, or leave it out to answer every request',
      );
    for (const message of ['', 5])
      assert.equal(
        await refused({ endpoint: '*', errorCode: 9, message }),
        `fault.message: must be a non-empty string; write "message": "...", or leave it out for the catalogue's text`,
      );
    assert.deepEqual(await fetch(faultsUrl(sb), { method: 'DELETE' }).then((r) => r.json()), { faults: [] }, 'nothing refused was added');
  });

  it('an invalid fault is refused with 400, naming the problem and the fix', async () => {
    const r = await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 0 });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /fault\.errorCode: 0 is not an error code of the catalogue's error table .*; use one of 1, 2, /);
    const literal = await postFault(sb, { endpoint: 'v2.wallet.balance', errorCode: 66, message: 'hi' });
    assert.equal(
      literal.body.message,
      'fault.message: cannot be set for 66: the service always sends the literal text "msg.66"; remove "message"',
    );
  });
});

describe('sandbox fault injection: invalid config is a startup error', function () {
  for (const [label, fault, pattern] of [
    [
      'unknown endpoint id',
      { endpoint: 'v2.wallet.balanse', errorCode: 9 },
      /faults\[0\]\.endpoint: "v2\.wallet\.balanse" is not an \/api\/v2 or \/v3 endpoint of the catalogue; did you mean "v2\.wallet\.balance"\?/,
    ],
    [
      'unknown code',
      { endpoint: 'v2.wallet.balance', errorCode: 99 },
      /faults\[0\]\.errorCode: 99 is not an error code of the catalogue's error table \(doc 1 §7\); use one of 1, 2, .*, 90/,
    ],
    ['bad times', { endpoint: '*', errorCode: 9, times: 0 }, /faults\[0\]\.times: must be a whole number ≥ 1; write e\.g\. "times": 2/],
  ] as const) {
    it(`explains: ${label}`, async () => {
      await assert.rejects(
        startSandboxProcess({ config: { faults: [fault] } }),
        (e: Error) => pattern.test(e.message) || assert.fail(e.message),
      );
    });
  }
});
