// KYC rules the mutation run of engine/sandbox/kyc.ts found unchecked (docs/mutation/sandbox-rules.md):
// the review time and the test values that steer it (docs/sandbox.md "Choices" and "Test triggers"),
// whose nationalId counts as taken (doc 1 §4.3, §3.2), what is stored and read back (doc 1 §2.4, §4.3,
// §4.4; docs/sandbox.md "KYC read-back URLs"), and what each refusal tells the user to do. The real
// server on a real socket, in this process so that the test can move the clock.
import { strict as assert } from 'node:assert';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../engine/sandbox/server';
import { IMAGE, kycFields, localClients, PDF, V2Client } from './client';
import { credsOf, writeTestConfig } from './fixtures';

const DELAY = 60_000;
const email = (prefix = 'rules') => `${prefix}-${randomUUID()}@example.com`;
/** A data URL whose base64 ends in padding: 17 bytes are 24 characters, the last one `=`. */
const PADDED = Buffer.from('front of the card');
const PADDED_IMAGE = `data:image/png;base64,${PADDED.toString('base64')}`;

describe('sandbox KYC rules (in-process server, pinned clock)', () => {
  let now = Date.parse('2026-03-02T08:00:00.000Z');
  let sb: RunningSandbox;
  let v2: V2Client;
  let other: V2Client;
  let log = '';

  const submit = (userEmail: string, overrides: Record<string, unknown> = {}, client = v2) =>
    client.call('v2.user.submit-kyc', { userEmail, ...kycFields(overrides) });
  const read = (userEmail: string, client = v2) => client.call('v2.user.get-kyc-information', { userEmail });
  /** Submits, lets the review delay pass, and returns the profile as read back. */
  const reviewed = async (userEmail: string, overrides: Record<string, unknown> = {}, client = v2) => {
    const r = await submit(userEmail, overrides, client);
    assert.equal(r.body.success, true, r.body.message);
    now += DELAY;
    return (await read(userEmail, client)).body.data;
  };
  const supplement = (userEmail: string, fields: Record<string, unknown>) =>
    v2.call('v2.user.submit-kyc-supplement', { userEmail, ...fields });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the sandbox's JSON answer; each test checks the fields it reads
  const document = async (url: string): Promise<{ status: number; body: any }> => {
    const res = await fetch(url);
    return { status: res.status, body: await res.json() };
  };

  before(async () => {
    // Mocha runs this body once per run, while the describe body (and so `log`) runs once per load:
    // a mutation run repeats the suite in one process, and an earlier run's line must not answer.
    log = '';
    const cfg = writeTestConfig();
    sb = await startSandbox({
      home: mkdtempSync(join(tmpdir(), 'payout-kyc-rules-')),
      config: cfg.file,
      kycDelayMs: DELAY,
      clock: () => now,
      log: (line) => (log += `${line}\n`),
    });
    const { v2: local, env } = localClients(sb.home);
    v2 = local;
    other = new V2Client(sb.url, credsOf(cfg.partners.other, env.servicePublicKey));
  });
  after(async () => sb?.close());

  it('the review ends kycDelayMs after the submission, not a millisecond earlier, and the request log says so', async () => {
    const userEmail = email();
    const r = await submit(userEmail);
    now += DELAY - 1;
    assert.equal((await read(userEmail)).body.data.kycStatus, 'PROCESSING');
    now += 1;
    assert.equal((await read(userEmail)).body.data.kycStatus, 'VERIFIED');
    assert.match(log, new RegExp(`kyc ${r.body.data.id} reviewed -> VERIFIED`));
  });

  it('test values: a nationalId starting INSTANT is reviewed at once, one starting REJECT ends REJECTED with its reason', async () => {
    const instant = email();
    await submit(instant, { nationalId: `INSTANT-${randomUUID()}` });
    assert.equal((await read(instant)).body.data.kycStatus, 'VERIFIED');
    // Only at the start: anywhere else it is an ordinary document number.
    const later = email();
    await submit(later, { nationalId: `ID-INSTANT-${randomUUID()}` });
    assert.equal((await read(later)).body.data.kycStatus, 'PROCESSING');

    const rejected = email();
    const r = await submit(rejected, { nationalId: `REJECT-${randomUUID()}` });
    now += DELAY;
    const d = (await read(rejected)).body.data;
    assert.equal(d.kycStatus, 'REJECTED');
    // Doc 1 §2.4: rejectReason "only when rejected"; it says why, not a bare placeholder.
    assert.match(d.rejectReason, /identity document could not be verified/);
    assert.match(log, new RegExp(`kyc ${r.body.data.id} reviewed -> REJECTED`));
    assert.equal((await reviewed(email(), { nationalId: `ID-REJECT-${randomUUID()}` })).kycStatus, 'VERIFIED');
  });

  it("52 only for a nationalId of another of the same partner's users: not the user's own after a rejection, not another partner's (doc 1 §4.3, §3.2)", async () => {
    const nationalId = `N-${randomUUID()}`;
    const userEmail = email();
    assert.equal((await reviewed(userEmail, { nationalId, lastName: 'Rejectme' })).kycStatus, 'REJECTED');
    // Fixed and resubmitted with the same document: PROCESSING, not 52.
    const again = await submit(userEmail, { nationalId });
    assert.equal(again.body.success, true, again.body.message);
    assert.equal(again.body.data.kycStatus, 'PROCESSING');
    const elsewhere = await submit(email(), { nationalId }, other);
    assert.equal(elsewhere.body.success, true, elsewhere.body.message);
    const taken = await submit(email(), { nationalId });
    assert.equal(taken.body.errorCode, 52);
    assert.match(
      taken.body.message,
      new RegExp(`nationalId ${nationalId} is already registered to another of your users: check the document number`),
    );
  });

  it('state falls back to city only when empty (doc 1 §4.3)', async () => {
    assert.equal((await reviewed(email(), { state: 'Hoan Kiem', city: 'Hanoi' })).state, 'Hoan Kiem');
    assert.equal((await reviewed(email(), { state: '', city: 'Hanoi' })).state, 'Hanoi');
  });

  it('an optional member sent as "" or null is not given: it is read back absent, like one not sent (doc 1 §4.3: empty state means not given)', async () => {
    const blank = { addressLine1: '', addressLine2: null, city: '', state: '', zipCode: null, phoneNumber: '' };
    const profile = await reviewed(email(), blank);
    assert.equal(profile.kycStatus, 'VERIFIED');
    for (const name of Object.keys(blank)) assert.ok(!(name in profile), `${name} read back as ${JSON.stringify(profile[name])}`);
    assert.equal(profile.firstName, 'NGUYEN', 'the members sent are read back');
  });

  it('a document reads back as its type, size and SHA-256, each user his own (docs/sandbox.md)', async () => {
    const first = await reviewed(email(), { frontIdImage: PADDED_IMAGE });
    const front = await document(first.frontUrl);
    assert.equal(front.status, 200);
    assert.equal(front.body.document, 'front');
    assert.equal(front.body.mime, 'image/png');
    // The size and digest of the document itself, not of its base64 text (the padding is no byte).
    assert.equal(front.body.bytes, PADDED.length);
    assert.equal(front.body.sha256, createHash('sha256').update(PADDED).digest('hex'));
    const second = await reviewed(email());
    const other = await document(second.frontUrl);
    assert.notEqual(other.body.kycId, front.body.kycId);
    assert.equal(other.body.bytes, Buffer.from('sandbox-test-image').length);
    assert.equal(other.body.mime, 'image/jpeg');
    assert.match(other.body.note, /keeps a digest of each document, not the image/);
    const hold = await document(second.holdUrl);
    assert.deepEqual([hold.status, hold.body.document], [200, 'hold']);
  });

  it("a passport's back image is ignored, at submission and in a later supplement (doc 1 §4.3, §4.4)", async () => {
    const userEmail = email();
    const d = await reviewed(userEmail, { type: 'PASSPORT', backIdImage: IMAGE });
    assert.equal(d.backUrl, undefined);
    const back = d.frontUrl.replace(/front$/, 'back');
    assert.equal((await document(back)).status, 404, 'no back document is kept for a passport');
    assert.equal((await supplement(userEmail, { city: 'Da Nang' })).body.success, true);
    assert.equal((await supplement(userEmail, { backIdImage: IMAGE })).body.success, true);
    assert.equal((await read(userEmail)).body.data.backUrl, undefined);
    assert.equal((await document(back)).status, 404);
    // Leaving the passport for an ID card without sending a back image: no URL to a document not on file.
    assert.equal((await supplement(userEmail, { type: 'ID_CARD' })).body.success, true);
    assert.equal((await read(userEmail)).body.data.backUrl, undefined);
  });

  it('supplement: switching to PASSPORT removes the back document; a supplement of an ID card keeps it (doc 1 §4.4)', async () => {
    const card = email();
    const d = await reviewed(card);
    assert.equal((await supplement(card, { city: 'Hue' })).body.success, true);
    assert.equal((await read(card)).body.data.backUrl, d.backUrl);
    assert.equal((await document(d.backUrl)).status, 200);
    assert.equal((await supplement(card, { type: 'PASSPORT' })).body.success, true);
    assert.equal((await document(d.backUrl)).status, 404);
  });

  it("supplement: the user's own nationalId again, or a new one, is no conflict; fields sent as null patch nothing (5)", async () => {
    const nationalId = `N-${randomUUID()}`;
    const userEmail = email();
    await reviewed(userEmail, { nationalId });
    assert.equal((await supplement(userEmail, { nationalId })).body.success, true);
    const held = `N-${randomUUID()}`;
    await reviewed(email(), { nationalId: held });
    const taken = await supplement(userEmail, { nationalId: held });
    assert.equal(taken.body.errorCode, 52);
    assert.equal(taken.body.message, `nationalId ${held} is already registered to another of your users: check the document number`);
    const fresh = `N-${randomUUID()}`;
    assert.equal((await supplement(userEmail, { nationalId: fresh })).body.success, true);
    assert.equal((await read(userEmail)).body.data.nationalId, fresh);
    const none = await supplement(userEmail, { city: null, state: null });
    assert.equal(none.body.errorCode, 5);
    assert.match(none.body.message, /^No field to patch: send at least one of firstName, lastName, nationality, type, nationalId, /);
  });

  it('supplement: 27 for a malformed e-mail; 50 for a profile not VERIFIED, pointing at submit-kyc (doc 1 §4.4)', async () => {
    const bad = await supplement('not-an-email', { city: 'Hue' });
    assert.equal(bad.body.errorCode, 27);
    const pending = email();
    await submit(pending);
    const r = await supplement(pending, { city: 'Hue' });
    assert.equal(r.body.errorCode, 50);
    assert.match(r.body.message, /is not VERIFIED \(PROCESSING\): a profile that was never verified is completed with submit-kyc/);
    const none = await supplement(email(), { city: 'Hue' });
    assert.match(none.body.message, /^No KYC profile for .*: submit it first with submit-kyc$/);
    assert.match((await read(email())).body.message, /^No KYC profile for .* under this partner: submit it with submit-kyc first$/);
  });

  it('submit-kyc refusals name the value and the fix', async () => {
    const message = async (userEmail: string, overrides: Record<string, unknown>) => (await submit(userEmail, overrides)).body;
    const e27 = await message('not-an-email', {});
    assert.equal(e27.errorCode, 27);
    assert.match(e27.message, /^userEmail "not-an-email" is not an e-mail address: send the user's address/);
    assert.match(
      (await message(email(), { dateOfBirth: '12/04/1990' })).message,
      /^dateOfBirth "12\/04\/1990" is not a date: write it as YYYY-MM-DD$/,
    );
    assert.match((await message(email(), { nationality: 'XX' })).message, /^nationality "XX" is not an ISO 3166-1 alpha-2 country code/);
    const plus = await message(email(), { phoneCountryCode: '+84' });
    assert.equal(plus.errorCode, 5);
    assert.match(plus.message, /^phoneCountryCode "\+84" must be digits only, without a plus sign/);
    assert.match((await message(email(), { phoneCountryCode: '999' })).message, /^phoneCountryCode "999" is not a country calling code/);
    // Doc 1 §4.3: the PDF report is a data URL too; a bare base64 string or an image is 58, and the fix names a PDF.
    for (const kycReport of [PDF.split(',')[1], IMAGE]) {
      const r = await message(email(), { kycReport });
      assert.equal(r.errorCode, 58);
      assert.equal(r.data.invalid, 'kycReport');
      assert.match(r.message, /^kycReport is not a valid base64 data URL: send it as data:application\/pdf;base64,<DATA>$/);
    }
    assert.match(
      (await message(email(), { holdIdImage: PDF })).message,
      /^holdIdImage is not .*: send it as data:image\/jpeg;base64,<DATA>$/,
    );
    const { backIdImage: _b, ...noBack } = kycFields({ type: 'DRIVERS_LICENSE' });
    const back = (await v2.call('v2.user.submit-kyc', { userEmail: email(), ...noBack })).body;
    assert.match(back.message, /^backIdImage is required for a DRIVERS_LICENSE: .*, or use type PASSPORT$/);

    const pending = email();
    await submit(pending);
    assert.match((await message(pending, {})).message, /already under review: wait for it to end/);
    now += DELAY;
    assert.match((await message(pending, {})).message, /is already VERIFIED: use submit-kyc-supplement to change the profile$/);
  });

  it('the transaction gate: 34 says what to do in each state, 59 names the nationality, 64 only for transactions (doc 1 §4.6, §4.15)', async () => {
    const access = (userEmail: string) => v2.call('v2.user.check-access-service', { userEmail, fiatCurrency: 'VND', service: 'OFF_RAMP' });
    assert.equal((await access('not-an-email')).body.errorCode, 27);
    assert.match((await access(email())).body.message, /has no KYC profile: submit KYC and wait for VERIFIED$/);
    const pending = email();
    await submit(pending);
    assert.match((await access(pending)).body.message, /is not KYC-verified \(PROCESSING\): wait for the review to end$/);
    const rejected = email();
    await reviewed(rejected, { lastName: 'Rejectme' });
    assert.match((await access(rejected)).body.message, /is not KYC-verified \(REJECTED\): fix and resubmit KYC$/);
    const blocked = email();
    await reviewed(blocked, { nationality: 'KP' });
    assert.match((await access(blocked)).body.message, /^Nationality KP is not served for this service and currency/);
    // Doc 1 §4.6 names only 34 and 59: a high-risk e-mail has access; its transactions get 64 (§4.15, §7).
    const risky = email('highrisk');
    await reviewed(risky);
    assert.equal((await access(risky)).body.data?.access, true);
    const quote = await v2.call('v2.orders.review-cashout', {
      userEmail: risky,
      fiatCurrency: 'VND',
      fiatAmount: 200000,
      cryptoCurrency: 'USDT',
    });
    assert.equal(quote.body.errorCode, 64);
    assert.match(quote.body.message, new RegExp(`^${risky} is on the risk list: this user cannot transact$`));
  });
});
