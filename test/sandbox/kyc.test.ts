// Doc 1 §4.3-4.6 and §3.2: KYC submission, review, supplement, read-back and the access check,
// against the real sandbox process.
import { strict as assert } from 'node:assert';
import { randomUUID } from 'node:crypto';
import { endpointById } from '../../engine/catalogue/index';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { IMAGE, kycFields, localClients, PDF, type V2Client, verifiedUser, waitForKyc } from './client';

// The catalogue decides which code an unlisted nationality gets (the document does not say).
const nationalityCode = endpointById('v2.user.submit-kyc')!.body!.find((f) => f.name === 'nationality')!.errorCode ?? 5;
const email = () => `kyc-${randomUUID()}@example.com`;

describe('sandbox KYC (real process)', function () {
  let sb: SandboxProcess;
  let v2: V2Client;

  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    ({ v2 } = localClients(sb.home));
  });
  after(async () => sb?.stop());

  it('submit -> PROCESSING (signed over id|kycStatus), then VERIFIED; read back normalised with URLs', async () => {
    const userEmail = email();
    const r = await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields({ addressLine1: '1 Trang Tien' }) });
    assert.equal(r.body.success, true, r.body.message);
    assert.equal(r.body.data.kycStatus, 'PROCESSING');
    assert.equal(typeof r.body.data.id, 'number');
    assert.ok(v2.responseVerifies('v2.user.submit-kyc', r.body.data));
    const p = await waitForKyc(v2, userEmail);
    const d = p.body.data;
    assert.equal(d.kycStatus, 'VERIFIED');
    assert.equal(d.kycSupplementStatus, 'NONE');
    assert.equal(d.firstName, 'NGUYEN');
    assert.equal(d.lastName, 'DUC ANH');
    assert.equal(d.state, 'Hanoi', 'state falls back to city');
    assert.match(d.frontUrl, /^http:\/\/127\.0\.0\.1:\d+\/sandbox\/kyc-documents\/\d+\/front$/);
    assert.ok(d.backUrl && d.holdUrl);
    assert.ok(!JSON.stringify(d).includes('base64'), 'no uploaded data is read back');
    assert.ok(v2.responseVerifies('v2.user.get-kyc-information', d));
    const doc = await fetch(d.frontUrl);
    assert.equal(doc.status, 200);
  });

  it('REJECTME: REJECTED profile with only the documented members, signed over undefined|REJECTED|<secretKey>', async () => {
    const userEmail = email();
    await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields({ lastName: 'Rejectme' }) });
    const r = await waitForKyc(v2, userEmail);
    assert.equal(r.body.success, true);
    assert.deepEqual(Object.keys(r.body.data).sort(), ['kycStatus', 'kycSupplementStatus', 'rejectReason', 'signature']);
    assert.equal(r.body.data.kycStatus, 'REJECTED');
    assert.ok(v2.responseVerifies('v2.user.get-kyc-information', r.body.data));
    // A rejected user may resubmit, fixed.
    const again = await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() });
    assert.equal(again.body.success, true, again.body.message);
  });

  it('5 names the missing field; 27 for a malformed e-mail', async () => {
    const { nationalId: _n, ...fields } = kycFields();
    const r = await v2.call('v2.user.submit-kyc', { userEmail: email(), ...fields });
    assert.equal(r.body.errorCode, 5);
    assert.match(r.body.message, /nationalId/);
    const bad = await v2.call('v2.user.submit-kyc', { userEmail: 'not-an-email', ...kycFields() });
    assert.equal(bad.body.errorCode, 27);
  });

  it('58: bare base64, a PDF where an image goes, backIdImage missing (data.invalid names it)', async () => {
    const bare = await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ frontIdImage: IMAGE.split(',')[1] }) });
    assert.equal(bare.body.errorCode, 58);
    assert.equal(bare.body.data.invalid, 'frontIdImage');
    const pdf = await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ holdIdImage: PDF }) });
    assert.equal(pdf.body.errorCode, 58);
    const { backIdImage: _b, ...noBack } = kycFields();
    const r = await v2.call('v2.user.submit-kyc', { userEmail: email(), ...noBack });
    assert.equal(r.body.errorCode, 58);
    assert.equal(r.body.semanticCode, 'KYC_DOCUMENT_FORMAT_INVALID');
    // Only 12 signs an error's data (its order): 58's names the document and carries no signature.
    assert.deepEqual(r.body.data, { invalid: 'backIdImage' });
  });

  it('a PASSPORT needs no back image, and reads back without backUrl', async () => {
    const userEmail = email();
    const { backIdImage: _b, ...noBack } = kycFields({ type: 'PASSPORT' });
    assert.equal((await v2.call('v2.user.submit-kyc', { userEmail, ...noBack })).body.success, true);
    const d = (await waitForKyc(v2, userEmail)).body.data;
    assert.equal(d.backUrl, undefined);
    assert.ok(d.frontUrl);
  });

  it('52: resubmitting once verified, and a nationalId of another user', async () => {
    const userEmail = await verifiedUser(v2, email(), { nationalId: 'N-SHARED-1' });
    assert.equal((await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() })).body.errorCode, 52);
    const other = await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ nationalId: 'N-SHARED-1' }) });
    assert.equal(other.body.errorCode, 52);
  });

  it("5: bad date, unknown calling code, nationality not a country (the catalogue's code for it)", async () => {
    assert.equal(
      (await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ dateOfBirth: '12/04/1990' }) })).body.errorCode,
      5,
    );
    assert.equal(
      (await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ phoneCountryCode: '+84' }) })).body.errorCode,
      5,
    );
    assert.equal(
      (await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ phoneCountryCode: '999' }) })).body.errorCode,
      5,
    );
    assert.equal(
      (await v2.call('v2.user.submit-kyc', { userEmail: email(), ...kycFields({ nationality: 'XX' }) })).body.errorCode,
      nationalityCode,
    );
  });

  it('supplement: 50 for no profile, 5 for nothing to patch, patches, PASSPORT clears the back image', async () => {
    assert.equal((await v2.call('v2.user.submit-kyc-supplement', { userEmail: email(), city: 'Hue' })).body.errorCode, 50);
    const userEmail = await verifiedUser(v2);
    assert.equal((await v2.call('v2.user.submit-kyc-supplement', { userEmail })).body.errorCode, 5);
    const r = await v2.call('v2.user.submit-kyc-supplement', { userEmail, city: 'Huế', type: 'PASSPORT', backIdImage: IMAGE });
    assert.equal(r.body.success, true, r.body.message);
    assert.equal(r.body.data.kycStatus, 'VERIFIED');
    assert.equal(r.body.data.kycSupplementStatus, 'SUBMITTED');
    assert.ok(v2.responseVerifies('v2.user.submit-kyc-supplement', r.body.data));
    const d = (await v2.call('v2.user.get-kyc-information', { userEmail })).body.data;
    assert.equal(d.city, 'Huế');
    assert.equal(d.backUrl, undefined);
    assert.equal(d.kycSupplementStatus, 'SUBMITTED');
    assert.equal((await v2.call('v2.user.submit-kyc-supplement', { userEmail, frontIdImage: 'AAAA' })).body.errorCode, 58);
  });

  it('supplement 52: a nationalId held by another user', async () => {
    await verifiedUser(v2, email(), { nationalId: 'N-SHARED-2' });
    const userEmail = await verifiedUser(v2);
    assert.equal((await v2.call('v2.user.submit-kyc-supplement', { userEmail, nationalId: 'N-SHARED-2' })).body.errorCode, 52);
  });

  it('get-kyc-information 50 for an unknown user', async () => {
    assert.equal((await v2.call('v2.user.get-kyc-information', { userEmail: email() })).body.errorCode, 50);
  });

  it('check-access-service: true|<secretKey> when verified, 34 otherwise, 59 for a blocked nationality', async () => {
    const userEmail = await verifiedUser(v2);
    const r = await v2.call('v2.user.check-access-service', { userEmail, fiatCurrency: 'VND', service: 'SCAN_TO_PAY' });
    assert.equal(r.body.data.access, true);
    assert.ok(v2.responseVerifies('v2.user.check-access-service', r.body.data));
    assert.equal(
      (await v2.call('v2.user.check-access-service', { userEmail: email(), fiatCurrency: 'VND', service: 'SCAN_TO_PAY' })).body.errorCode,
      34,
    );
    const blocked = await verifiedUser(v2, email(), { nationality: 'KP' });
    assert.equal(
      (await v2.call('v2.user.check-access-service', { userEmail: blocked, fiatCurrency: 'VND', service: 'OFF_RAMP' })).body.errorCode,
      59,
    );
    assert.equal(
      (await v2.call('v2.user.check-access-service', { userEmail, fiatCurrency: 'VND', service: 'SHOPPING' })).body.errorCode,
      5,
    );
  });
});

describe('sandbox KYC review delay (real process)', function () {
  let sb: SandboxProcess;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '600000'] });
  });
  after(async () => sb?.stop());

  it('35 while a submission is in flight; 34 for transactions meanwhile', async () => {
    const { v2 } = localClients(sb.home);
    const userEmail = email();
    assert.equal((await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() })).body.success, true);
    assert.equal((await v2.call('v2.user.get-kyc-information', { userEmail })).body.data.kycStatus, 'PROCESSING');
    const again = await v2.call('v2.user.submit-kyc', { userEmail, ...kycFields() });
    assert.equal(again.body.errorCode, 35);
    assert.equal(again.body.semanticCode, 'USER_KYC_UNDER_PROCESSING');
    const access = await v2.call('v2.user.check-access-service', { userEmail, fiatCurrency: 'VND', service: 'SCAN_TO_PAY' });
    assert.equal(access.body.errorCode, 34);
  });
});
