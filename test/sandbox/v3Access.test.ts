// The /v3 access rules the mutation run of engine/sandbox/v3.ts found unchecked
// (docs/mutation/sandbox-v3.md): the token exchange and its refusals (doc 2 §2.1, §4.1, §5, §7),
// what a bearer token admits and for whom, the envelope (doc 2 §2.3; business errors by their doc-1
// semanticCode), the body and method checks, the allowlist on the public endpoints (§5.6), faults
// after the checks, and what survives a hard stop (docs/sandbox.md). The real server on a real
// socket, in this process so that the test can move the clock.
import { strict as assert } from 'node:assert';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { createClientAssertion } from '../../engine/signing/jwt';
import { removeFolder } from '../helpers/folders';
import { kycFields, localClients, V3Client, type V3Answer } from './client';
import { credsOf, writeTestConfig, type TestConfig } from './fixtures';
import pkg from '../../package.json';

const TOKENS = '/v3/auth/tokens';
const email = (prefix = 'access') => `${prefix}-${randomUUID()}@example.com`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sandbox /v3 access: tokens, envelope, checks (in-process server, pinned clock)', () => {
  let now = Date.parse('2026-03-02T08:00:00.000Z');
  const sec = () => Math.floor(now / 1000);
  let sb: RunningSandbox;
  let cfg: TestConfig;
  let local: V3Client;
  let other: V3Client;
  let log = '';
  const folders: string[] = [];
  const tempFolder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };

  /** A fresh client of `client`'s partner, logged in for `userEmail` at the pinned time. */
  const login = async (client: V3Client, userEmail = email()): Promise<V3Client> => {
    const c = new V3Client(client.url, client.creds);
    const r = await exchange(c, await c.assertion({ now: sec() }), userEmail);
    assert.equal(r.body.code, 'SUCCESS', r.body.message);
    c.token = r.body.data.accessToken;
    return c;
  };
  const exchange = (c: V3Client, clientAssertion: string, userEmail = email()) =>
    new V3Client(c.url, c.creds).request('POST', TOKENS, { clientAssertion, userEmail });
  /** A request with the body and headers exactly as given (no Content-Type unless named). */
  const raw = async (method: string, path: string, headers: Record<string, string>, body?: string | Uint8Array): Promise<V3Answer> => {
    const res = await fetch(sb.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    return { status: res.status, body: (await res.json()) as V3Answer['body'] };
  };
  const postFault = async (fault: object) => {
    const res = await fetch(`${sb.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fault),
    });
    assert.equal(res.status, 200, await res.text());
  };
  /** A user of `client`'s partner whose KYC is VERIFIED (the review delay is 0), with a token. */
  const verified = async (client: V3Client, userEmail = email('kyc')) => {
    const c = await login(client, userEmail);
    const sub = await c.request('POST', '/v3/kyc/submissions', kycFields());
    assert.equal(sub.body.code, 'SUCCESS', sub.body.message);
    assert.equal((await c.request('GET', '/v3/kyc/profile')).body.data.kycStatus, 'VERIFIED');
    return c;
  };
  const sellOrder = (externalOrderId: string, more: Record<string, unknown> = {}) => ({
    externalOrderId,
    currency: 'USDT',
    fiatAmount: 100000,
    bankCode: '970436',
    bankAccountNumber: '0123456789',
    content: 'Coffee',
    extendInfo: null,
    ...more,
  });

  before(async () => {
    // Mocha runs this once per run, the describe body once per load: a mutation run repeats the suite in one process.
    log = '';
    cfg = writeTestConfig();
    sb = await startSandbox({
      home: tempFolder('payout-v3-access-'),
      config: cfg.file,
      kycDelayMs: 0,
      clock: () => now,
      log: (line) => (log += `${line}\n`),
    });
    const { v3, env } = localClients(sb.home);
    local = v3;
    other = new V3Client(sb.url, credsOf(cfg.partners.other, env.servicePublicKey));
  });
  afterEach(async () => {
    await fetch(`${sb.url}/sandbox/faults`, { method: 'DELETE' });
  });
  after(async () => {
    await sb?.close();
    for (const dir of folders.splice(0)) removeFolder(dir);
  });

  it('the exchange: 200 SUCCESS, data { accessToken, expiresAt } 60 minutes on; a new token each time, kept only as its SHA-256 (doc 2 §4.1, §8)', async () => {
    const userEmail = email();
    const first = await exchange(local, await local.assertion({ now: sec() }), userEmail);
    const second = await exchange(local, await local.assertion({ now: sec() }), userEmail);
    for (const r of [first, second]) {
      assert.equal(r.status, 200);
      assert.equal(r.body.code, 'SUCCESS');
      assert.equal(typeof r.body.message, 'string');
      assert.deepEqual(Object.keys(r.body.data).sort(), ['accessToken', 'expiresAt']);
      assert.equal(typeof r.body.data.accessToken, 'string');
      assert.equal(r.body.data.expiresAt, sec() + 3600);
    }
    const tokens = [first.body.data.accessToken as string, second.body.data.accessToken as string];
    assert.notEqual(tokens[0], tokens[1]);
    for (const token of tokens) {
      const c = new V3Client(sb.url, local.creds);
      c.token = token;
      assert.equal((await c.request('GET', '/v3/fund/balances')).body.code, 'SUCCESS');
    }
    // On the disk before the answer left (docs/sandbox.md: "Access tokens are stored only as SHA-256 hashes").
    const stored = ['state.json', 'state.journal']
      .map((f) => join(sb.home, f))
      .filter((f) => existsSync(f))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    for (const token of tokens) {
      assert.ok(stored.includes(sha256(token)), 'the hash of the token is stored');
      assert.ok(!stored.includes(token), 'the token itself is not');
    }
    assert.ok(!log.includes(tokens[0]) && !log.includes(tokens[1]), 'nor logged');
  });

  it('exchange refusals: 27 for a userEmail that is no address; 401 naming an unknown iss or a partner without a key; 403 outside the allowlist; 3 for a locked partner', async () => {
    const bad = await exchange(local, await local.assertion({ now: sec() }), 'bob');
    assert.equal(bad.status, 201);
    assert.deepEqual(bad.body, {
      code: 'USER_EMAIL_INVALID',
      // Issue 24: the validation answers it, from the catalogue's email format (27), in its words.
      message: `userEmail "bob" is not an e-mail address: send the user's address, e.g. alice@example.com`,
      data: null,
    });
    const nobody = await createClientAssertion({
      partnerCode: 'NOBODY',
      privateKey: local.creds.privateKey,
      now: sec(),
      jti: randomUUID(),
    });
    const noKey = await createClientAssertion({
      partnerCode: 'NOKEY',
      privateKey: cfg.partners.noKey.privateKey,
      now: sec(),
      jti: randomUUID(),
    });
    for (const [assertion, iss] of [
      [nobody, 'NOBODY'],
      [noKey, 'NOKEY'],
    ]) {
      const r = await exchange(local, assertion);
      assert.equal(r.status, 401);
      assert.equal(r.body.code, 'INVALID_SIGNATURE');
      assert.equal(r.body.data, null);
      assert.match(r.body.message, new RegExp(`^The client assertion was refused: iss "${iss}" is not a known partner code`));
    }
    // The partner named by iss calls from outside its allowlist: 403 before the assertion is verified.
    const farAway = new V3Client(sb.url, credsOf(cfg.partners.farAway, local.creds.servicePublicKey));
    const denied = await exchange(farAway, await farAway.assertion({ now: sec() }));
    assert.equal(denied.status, 403);
    assert.deepEqual(denied.body, {
      code: 'PARTNER_IP_NOT_ALLOWED',
      message: 'Calls from 127.0.0.1 are not allowlisted for FARAWAY: call from a registered IP',
      data: null,
    });
    const lockedClient = new V3Client(sb.url, credsOf(cfg.partners.locked, local.creds.servicePublicKey));
    const locked = await exchange(lockedClient, await lockedClient.assertion({ now: sec() }));
    assert.equal(locked.status, 201);
    assert.deepEqual(locked.body, {
      code: 'PARTNER_ACCOUNT_LOCKED',
      message: 'The partner account LOCKED is not active: ask the service to activate it',
      data: null,
    });
  });

  it("a jti is refused again until its assertion's window (300 s after iat) has passed; each partner's jtis are its own", async () => {
    const jti = `jti-${randomUUID()}`;
    const once = await local.assertion({ now: sec(), jti, ttl: 3600 });
    assert.equal((await exchange(local, once)).body.code, 'SUCCESS');
    // Another partner may use the same jti: it cannot spend the first partner's.
    assert.equal((await exchange(other, await other.assertion({ now: sec(), jti, ttl: 3600 }))).body.code, 'SUCCESS');
    now += 300_000; // the last second the assertion's iat is inside the window
    const replay = await exchange(local, once);
    assert.equal(replay.status, 401);
    assert.equal(replay.body.code, 'INVALID_SIGNATURE');
    assert.match(replay.body.message, new RegExp(`^The client assertion was refused: jti "${jti}" was already used`));
  });

  it('the bearer header: none or another scheme, an unknown token, an expired one; each message says what to do; RFC 6750 spaces after Bearer, the scheme in any case', async () => {
    log = '';
    const noBearer = 'No bearer token: send Authorization: Bearer <accessToken> from POST /v3/auth/tokens';
    for (const headers of [{}, { Authorization: 'Basic dXNlcjpwYXNz' }] as Record<string, string>[]) {
      const r = await raw('GET', '/v3/fund/balances', headers);
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { code: 'ACCESS_TOKEN_INVALID', message: noBearer, data: null });
    }
    const unknown = await raw('GET', '/v3/fund/balances', { Authorization: 'Bearer made-up' });
    assert.deepEqual(unknown.body, {
      code: 'ACCESS_TOKEN_INVALID',
      message: 'The access token is not one this sandbox issued: get a new one from POST /v3/auth/tokens',
      data: null,
    });
    const c = await login(local);
    // RFC 6750 §2.1: "Bearer" 1*SP b64token.
    assert.equal((await raw('GET', '/v3/fund/balances', { Authorization: `Bearer   ${c.token}` })).body.code, 'SUCCESS');
    // RFC 9110 §11.1: the scheme name is case-insensitive.
    assert.equal((await raw('GET', '/v3/fund/balances', { Authorization: `bearer ${c.token}` })).body.code, 'SUCCESS');
    assert.equal((await raw('GET', '/v3/fund/balances', { Authorization: `BEARER ${c.token}` })).body.code, 'SUCCESS');
    assert.match(log, /^GET \/v3\/fund\/balances -> ACCESS_TOKEN_INVALID$/m);
    assert.match(log, /^GET \/v3\/fund\/balances -> SUCCESS$/m);
    now += 3600_000 + 42_000;
    const expired = await c.request('GET', '/v3/fund/balances');
    assert.equal(expired.status, 401);
    assert.deepEqual(expired.body, {
      code: 'ACCESS_TOKEN_INVALID',
      message: 'The access token expired 42 s ago: repeat the exchange at POST /v3/auth/tokens',
      data: null,
    });
  });

  it("a token acts for its partner and its user: another user's KYC, another partner's ledger and orders are not seen (doc 1 §4.14)", async () => {
    const userEmail = email('owner');
    const owner = await verified(local, userEmail);
    const stranger = await login(local);
    const elsewhere = await login(other, userEmail);
    for (const c of [stranger, elsewhere]) assert.equal((await c.request('GET', '/v3/kyc/profile')).body.code, 'REQUESTED_INFO_NOT_FOUND');
    const id = `own-${randomUUID()}`;
    const created = await owner.request('POST', '/v3/scan-to-pay/orders', sellOrder(id));
    assert.equal(created.body.code, 'SUCCESS', created.body.message);
    assert.deepEqual(
      (await owner.request('GET', `/v3/fund/ledger?externalOrderId=${id}`)).body.data.entries.map((e: { kind: string }) => e.kind),
      ['DEBIT'],
    );
    assert.deepEqual((await elsewhere.request('GET', `/v3/fund/ledger?externalOrderId=${id}`)).body.data.entries, []);
    assert.equal((await elsewhere.request('GET', `/v3/orders/${id}`)).body.code, 'TRANSACTION_NOT_FOUND');
    assert.equal((await stranger.request('GET', `/v3/orders/${id}`)).body.data.externalOrderId, id);
  });

  it("a KYC submission's formats are checked as on /api/v2, against the catalogue's fields (doc 1 §4.3)", async () => {
    const c = await login(local);
    const date = await c.request('POST', '/v3/kyc/submissions', kycFields({ dateOfBirth: '12/04/1990' }));
    assert.equal(date.status, 201);
    assert.deepEqual(date.body, {
      code: 'INVALID_REQUEST_DATA',
      message: 'dateOfBirth "12/04/1990" is not a date: write it as YYYY-MM-DD',
      data: null,
    });
    const image = await c.request('POST', '/v3/kyc/submissions', kycFields({ frontIdImage: 'front.jpg' }));
    assert.equal(image.body.code, 'KYC_DOCUMENT_FORMAT_INVALID', image.body.message);
    assert.match(image.body.message, /^frontIdImage is not a valid base64 data URL/);
    assert.deepEqual(image.body.data, { invalid: 'frontIdImage' }, 'data.invalid names the document (doc 1 §4.3)');
    assert.equal((await c.request('GET', '/v3/kyc/profile')).body.code, 'REQUESTED_INFO_NOT_FOUND', 'nothing was stored');
  });

  it('the fund: a balance per currency held, 0 for one not held; ledger entries oldest first with their members, filtered by currency and order', async () => {
    const c = await verified(local);
    const balances = (await c.request('GET', '/v3/fund/balances')).body.data.balances as { currency: string }[];
    const held = balances.map((b) => b.currency);
    assert.deepEqual(held, [...held].sort());
    assert.ok(held.includes('USDT') && held.includes('ETH'), held.join());
    assert.deepEqual((await c.request('GET', '/v3/fund/balances?currency=BTC')).body.data.balances, [{ balance: 0, currency: 'BTC' }]);
    const id = `ledger-${randomUUID()}`;
    assert.equal((await c.request('POST', '/v3/scan-to-pay/orders', sellOrder(id))).body.code, 'SUCCESS');
    const entries = (await c.request('GET', '/v3/fund/ledger')).body.data.entries as Record<string, unknown>[];
    for (const e of entries)
      assert.deepEqual(
        Object.keys(e).sort(),
        ['amount', 'at', 'balanceAfter', 'currency', 'externalOrderId', 'id', 'kind'],
        JSON.stringify(e),
      );
    const ids = entries.map((e) => Number(e.id));
    assert.ok(
      ids.every((n, i) => Number.isInteger(n) && (i === 0 || n > ids[i - 1])),
      `ids are strings of increasing numbers: ${ids.join()}`,
    );
    assert.ok(entries.every((e) => typeof e.id === 'string'));
    const debit = entries.find((e) => e.externalOrderId === id)!;
    assert.equal(debit.kind, 'DEBIT');
    assert.equal(debit.currency, 'USDT');
    assert.equal(debit.at, new Date(now).toISOString());
    assert.ok(entries.filter((e) => e.kind === 'CREDIT').every((e) => e.externalOrderId === null));
    const eth = (await c.request('GET', '/v3/fund/ledger?currency=ETH')).body.data.entries as Record<string, unknown>[];
    assert.ok(eth.length > 0 && eth.every((e) => e.currency === 'ETH'));
    assert.deepEqual((await c.request('GET', `/v3/fund/ledger?currency=ETH&externalOrderId=${id}`)).body.data.entries, []);
  });

  it('business errors: the doc-1 semanticCode with its HTTP status, data null, except 12, whose data holds the order (doc 1 §7)', async () => {
    const c = await verified(local);
    const id = `fails-${randomUUID()}`;
    // docs/sandbox.md test values: the account 0000000012 fails after creation.
    const failed = await c.request('POST', '/v3/scan-to-pay/orders', sellOrder(id, { bankAccountNumber: '0000000012' }));
    assert.equal(failed.status, 201);
    assert.equal(failed.body.code, 'TRANSACTION_CREATE_FAILED');
    assert.equal(failed.body.data.externalOrderId, id);
    assert.equal(failed.body.data.status, 'ERROR');
    const again = await c.request('POST', '/v3/scan-to-pay/orders', sellOrder(id));
    assert.equal(again.status, 201);
    assert.deepEqual(again.body.data, null);
    assert.equal(again.body.code, 'DUPLICATE_TRANSACTION_ID');
  });

  it('the body: Content-Type application/json (any case, with parameters) and one JSON object, else 5 saying what to fix; read after the token', async () => {
    const qr = '/v3/scan-to-pay/qr-decodings';
    const refused = async (headers: Record<string, string>, body: string | Uint8Array, message: string | RegExp) => {
      for (const path of [qr, TOKENS]) {
        const r = await raw('POST', path, headers, body);
        assert.equal(r.status, 201, `${path} ${JSON.stringify(headers)} ${String(body)}`);
        assert.equal(r.body.code, 'INVALID_REQUEST_DATA');
        assert.equal(r.body.data, null);
        if (typeof message === 'string') assert.equal(r.body.message, message);
        else assert.match(r.body.message, message);
      }
    };
    const json = { 'Content-Type': 'application/json' };
    await refused({}, new TextEncoder().encode('{}'), 'Content-Type must be application/json (got none): add the header');
    for (const type of ['text/plain', 'application/jsonl', 'x-application/json'])
      await refused({ 'Content-Type': type }, '{}', `Content-Type must be application/json (got ${type}): add the header`);
    for (const body of ['', ' \n ']) await refused(json, body, 'The request has no body: send a JSON object');
    for (const body of ['[]', 'null', '7', '"{}"']) await refused(json, body, 'The body must be a JSON object');
    await refused(json, '{"qrContent": ', /^The body is not valid JSON \(.+\): fix the syntax$/);
    const accepted = await raw('POST', qr, { 'Content-Type': 'Application/JSON; charset=utf-8' }, JSON.stringify({ qrContent: 'nope' }));
    assert.equal(accepted.body.code, 'QR_CODE_NOT_SUPPORTED');
    // Authentication first: without a token a broken body is a 401, with one it is the body's 5.
    const orders = '/v3/scan-to-pay/orders';
    const noToken = await raw('POST', orders, {}, '{"broken": ');
    assert.equal(noToken.status, 401);
    assert.equal(noToken.body.code, 'ACCESS_TOKEN_INVALID');
    const c = await login(local);
    const withToken = await raw('POST', orders, { ...json, Authorization: `Bearer ${c.token}` }, '{"broken": ');
    assert.equal(withToken.body.code, 'INVALID_REQUEST_DATA');
    assert.match(withToken.body.message, /^The body is not valid JSON/);
  });

  it('a /v3 path with another method is 405 naming both; a path /v3 does not have is 404', async () => {
    assert.deepEqual(await raw('GET', TOKENS, {}), {
      status: 405,
      body: { code: 'INVALID_REQUEST_DATA', message: '/v3/auth/tokens does not take GET', data: null },
    });
    const c = await login(local);
    const del = await raw('DELETE', '/v3/orders/any-order', { Authorization: `Bearer ${c.token}` });
    assert.deepEqual(del, {
      status: 405,
      body: { code: 'INVALID_REQUEST_DATA', message: '/v3/orders/any-order does not take DELETE', data: null },
    });
    const none = await raw('GET', '/v3/no-such-thing', {});
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'NOT_FOUND');
  });

  it('public endpoints: version and environment; the fields are checked, then a fault answers; no token needed (doc 2 §4.2, §4.3, §5.6)', async () => {
    const version = await raw('GET', '/v3/public/version', {});
    assert.deepEqual(version, {
      status: 200,
      body: { code: 'SUCCESS', message: version.body.message, data: { version: pkg.version, environment: 'sandbox' } },
    });
    const qr = (body: object) => raw('POST', '/v3/scan-to-pay/qr-decodings', { 'Content-Type': 'application/json' }, JSON.stringify(body));
    await postFault({ endpoint: 'v3.scan-to-pay.qr-decodings', errorCode: 9, times: 1 });
    const missing = await qr({});
    assert.equal(missing.status, 201);
    assert.equal(missing.body.code, 'INVALID_REQUEST_DATA');
    assert.match(missing.body.message, /qrContent/);
    log = '';
    const faulted = await qr({ qrContent: 'nope' });
    assert.equal(faulted.status, 201);
    assert.equal(faulted.body.code, 'SERVICE_UNDER_MAINTENANCE');
    assert.match(log, /^POST \/v3\/scan-to-pay\/qr-decodings -> SERVICE_UNDER_MAINTENANCE \(fault\)$/m);
    // The doc 1 §4.7 decoding, as /api/v2 answers it: the same reason (the catalogue's assumption for §4.2).
    const decoded = await qr({ qrContent: 'nope' });
    const v2 = (await (await fetch(`${sb.url}/api/v2/public/get-qr-code-info?qrContent=nope`)).json()) as { message: string };
    assert.deepEqual(decoded.body, { code: 'QR_CODE_NOT_SUPPORTED', message: v2.message, data: null });
    assert.match(v2.message, /\w.*\.$/);
  });

  it('a fault on an authenticated endpoint answers after the token and field checks; on the exchange, after a verified assertion, whose jti stays used', async () => {
    await postFault({ endpoint: 'v3.kyc.submissions', errorCode: 9, times: 1 });
    const anonymous = new V3Client(sb.url, local.creds);
    assert.equal((await anonymous.request('POST', '/v3/kyc/submissions', kycFields())).body.code, 'ACCESS_TOKEN_INVALID');
    const c = await login(local);
    const missing = await c.request('POST', '/v3/kyc/submissions', kycFields({ firstName: undefined }));
    assert.equal(missing.body.code, 'INVALID_REQUEST_DATA');
    assert.match(missing.body.message, /firstName/);
    const faulted = await c.request('POST', '/v3/kyc/submissions', kycFields());
    assert.equal(faulted.status, 201);
    assert.deepEqual(faulted.body, { code: 'SERVICE_UNDER_MAINTENANCE', message: faulted.body.message, data: null });
    assert.equal((await c.request('POST', '/v3/kyc/submissions', kycFields())).body.code, 'SUCCESS');

    await postFault({ endpoint: 'v3.auth.tokens', errorCode: 9, times: 1 });
    const forged = await createClientAssertion({
      partnerCode: local.creds.partnerCode,
      privateKey: cfg.partners.other.privateKey,
      now: sec(),
      jti: randomUUID(),
    });
    assert.equal((await exchange(local, forged)).body.code, 'INVALID_SIGNATURE');
    const assertion = await local.assertion({ now: sec() });
    const fault = await exchange(local, assertion);
    assert.equal(fault.status, 201);
    assert.deepEqual(fault.body, { code: 'SERVICE_UNDER_MAINTENANCE', message: fault.body.message, data: null });
    assert.match((await exchange(local, assertion)).body.message, /already used/);
    assert.equal((await exchange(local, await local.assertion({ now: sec() }))).body.code, 'SUCCESS');
  });

  it("the public endpoints keep the allowlist: refused when no partner's list has the caller (doc 2 §5.6)", async () => {
    const walled = await startSandbox({
      home: tempFolder('payout-v3-walled-'),
      config: { local: { allowedIps: ['203.0.113.9'] } },
      clock: () => now,
    });
    try {
      for (const [method, path, body] of [
        ['GET', '/v3/public/version', undefined],
        ['POST', '/v3/scan-to-pay/qr-decodings', JSON.stringify({ qrContent: 'nope' })],
      ] as const) {
        const res = await fetch(walled.url + path, { method, headers: { 'Content-Type': 'application/json' }, ...(body ? { body } : {}) });
        assert.equal(res.status, 403);
        assert.deepEqual(await res.json(), {
          code: 'PARTNER_IP_NOT_ALLOWED',
          message: 'Calls from 127.0.0.1 are not allowlisted: call from a registered IP',
          data: null,
        });
      }
    } finally {
      await walled.close();
    }
  });

  it('the state forgets what can no longer be used: a used jti once its window has passed, a token once expired (docs/sandbox.md state.json)', async () => {
    const home = tempFolder('payout-v3-forget-');
    const own = await startSandbox({ home, clock: () => now });
    let state: string;
    const jtis = [`old-${randomUUID()}`, `new-${randomUUID()}`];
    const tokens: string[] = [];
    try {
      const c = new V3Client(own.url, localClients(home).v3.creds);
      for (const jti of jtis) {
        const r = await exchange(c, await c.assertion({ now: sec(), jti }));
        assert.equal(r.body.code, 'SUCCESS', r.body.message);
        tokens.push(r.body.data.accessToken);
        now += 3600_000; // the first token's lifetime, and far past the first jti's window
      }
    } finally {
      await own.close(); // a clean stop writes state.json whole
      state = readFileSync(join(home, 'state.json'), 'utf8');
    }
    assert.ok(!state.includes(jtis[0]) && !state.includes(sha256(tokens[0])), 'the expired ones are gone');
    assert.ok(state.includes(jtis[1]) && state.includes(sha256(tokens[1])), 'the live ones are kept');
  });

  it('after a hard stop (the state folder copied while running) tokens and used jtis are kept; a token then meets the partner as configured now', async () => {
    const tokenOf = async (p: keyof TestConfig['partners']) =>
      (await login(new V3Client(sb.url, credsOf(cfg.partners[p], local.creds.servicePublicKey)))).token!;
    const tokens = {
      local: (await login(local)).token!,
      other: await tokenOf('other'),
      poor: await tokenOf('poor'),
      capped: await tokenOf('capped'),
    };
    const used = await local.assertion({ now: sec() });
    assert.equal((await exchange(local, used)).body.code, 'SUCCESS');
    // What a SIGKILL would leave: the folder as it is once the answers have left.
    const copy = tempFolder('payout-v3-copy-');
    cpSync(sb.home, copy, { recursive: true });
    // The partners as configured at the restart: OTHER gone, POOR moved to another IP, CAPPED locked.
    const config = JSON.parse(readFileSync(cfg.file, 'utf8')) as {
      partners: { partnerCode: string; status?: string; allowedIps?: string[] }[];
    };
    config.partners = config.partners.filter((p) => p.partnerCode !== 'OTHER');
    config.partners.find((p) => p.partnerCode === 'POOR')!.allowedIps = ['203.0.113.7'];
    config.partners.find((p) => p.partnerCode === 'CAPPED')!.status = 'LOCKED';
    const file = join(cfg.dir, 'restart.config.json');
    writeFileSync(file, JSON.stringify(config));
    const again = await startSandbox({ home: copy, config: file, clock: () => now });
    try {
      const call = async (token: string): Promise<V3Answer> => {
        const res = await fetch(`${again.url}/v3/fund/balances`, { headers: { Authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as V3Answer['body'] };
      };
      assert.equal((await call(tokens.local)).body.code, 'SUCCESS');
      const gone = await call(tokens.other);
      assert.equal(gone.status, 401);
      assert.deepEqual(gone.body, {
        code: 'ACCESS_TOKEN_INVALID',
        message: 'The access token belongs to a partner this sandbox no longer knows: get a new one',
        data: null,
      });
      const moved = await call(tokens.poor);
      assert.equal(moved.status, 403);
      assert.deepEqual(moved.body, {
        code: 'PARTNER_IP_NOT_ALLOWED',
        message: 'Calls from 127.0.0.1 are not allowlisted for POOR, however valid the token: call from a registered IP',
        data: null,
      });
      const locked = await call(tokens.capped);
      assert.equal(locked.status, 201);
      assert.deepEqual(locked.body, {
        code: 'PARTNER_ACCOUNT_LOCKED',
        message: 'The partner account CAPPED is not active: ask the service to activate it',
        data: null,
      });
      const replay = await new V3Client(again.url, local.creds).request('POST', TOKENS, { clientAssertion: used, userEmail: email() });
      assert.equal(replay.body.code, 'INVALID_SIGNATURE');
      assert.match(replay.body.message, /already used/);
    } finally {
      await again.close();
    }
  });
});
