import assert from 'node:assert/strict';
import { constants, createPrivateKey, createPublicKey, sign as nodeSign } from 'node:crypto';
import { catalogue, endpointById, orderSignature } from '../../engine/catalogue';
import { buildCanonical, generateRsaKeyPair, signText } from '../../engine/signing';
import { verifyResponse, verifyWebhookPayload } from '../../engine/http/verify';

// Real RSA keys; the service side is played by signText over the catalogue's response template.
const service = generateRsaKeyPair();
const servicePrivate = createPrivateKey(service.privateKeyPem);
const servicePublic = createPublicKey(service.publicKeyPem);
const other = createPrivateKey(generateRsaKeyPair().privateKeyPem);
const secretKey = 'partner-secret-for-tests';
const keys = { servicePublicKey: servicePublic, secretKey };

function signed(endpointId: string, data: Record<string, unknown>, key = servicePrivate) {
  const template = endpointById(endpointId)!.response!.signature!;
  return { ...data, signature: signText(buildCanonical(template, data).withSecret(secretKey), key) };
}

describe("http/verify: the verdict on a response's own signature", () => {
  const account = endpointById('v2.account.verify')!;

  it("verified over the endpoint's response template", () => {
    const data = signed('v2.account.verify', { name: 'Acme', email: 'ops@acme.example', status: 'ACTIVE' });
    const v = verifyResponse(account, { success: true, errorCode: 0, semanticCode: 'SUCCESS', message: 'ok', data }, keys);
    assert.deepEqual(v, { state: 'verified', signedDisplay: 'Acme|ops@acme.example|ACTIVE|<secretKey>' });
  });

  it('not verified when data was altered, with the explanation', () => {
    const data = { ...signed('v2.account.verify', { name: 'Acme', email: 'ops@acme.example', status: 'ACTIVE' }), name: 'Evil' };
    const v = verifyResponse(account, { success: true, data }, keys);
    assert.equal(v.state, 'not-verified');
    if (v.state === 'not-verified') assert.ok(v.explanation && !v.explanation.verifiedAsExpected);
  });

  it('not verified when signed with another key', () => {
    const data = signed('v2.account.verify', { name: 'Acme', email: 'e', status: 'ACTIVE' }, other);
    assert.equal(verifyResponse(account, { success: true, data }, keys).state, 'not-verified');
  });

  it('not verified when the signature is missing from a success', () => {
    const v = verifyResponse(account, { success: true, data: { name: 'Acme', email: 'e', status: 'ACTIVE' } }, keys);
    assert.equal(v.state, 'not-verified');
  });

  it('not checkable, with the reason: no service key, no secret, error envelope, unsigned endpoints', () => {
    const data = signed('v2.account.verify', { name: 'Acme', email: 'e', status: 'ACTIVE' });
    const noKey = verifyResponse(account, { success: true, data }, { secretKey });
    assert.equal(noKey.state, 'not-checkable');
    assert.match((noKey as { reason: string }).reason, /servicePublicKeyFile/);
    assert.match(
      (verifyResponse(account, { success: true, data }, { servicePublicKey: servicePublic }) as { reason: string }).reason,
      /secretKey/,
    );
    assert.match(
      (verifyResponse(account, { success: false, data: null, errorCode: 2 }, keys) as { reason: string }).reason,
      /nothing to verify/,
    );
    assert.match(
      (verifyResponse(endpointById('v2.public.get-qr-code-info'), { success: true, data: {} }, keys) as { reason: string }).reason,
      /public/,
    );
    assert.match((verifyResponse(endpointById('v3.kyc.profile'), { code: 'SUCCESS', data: {} }, keys) as { reason: string }).reason, /v3/);
    assert.equal(verifyResponse(undefined, {}, keys).state, 'not-checkable');
  });

  it('checks the order carried by error 12 with the order template', () => {
    const order = { externalOrderId: 'o-1', type: 'CASHOUT', fiatAmount: 202000, status: 'ERROR' };
    const data = { ...order, signature: signText(buildCanonical(orderSignature, order).withSecret(secretKey), servicePrivate) };
    const v = verifyResponse(endpointById('v2.orders.create-cashout'), { success: false, errorCode: 12, data }, keys);
    assert.equal(v.state, 'verified');
  });

  it('the rejected KYC profile signs `undefined` for the missing nationalId', () => {
    const data = signed('v2.user.get-kyc-information', { kycStatus: 'REJECTED', kycSupplementStatus: 'NONE', rejectReason: 'blurred' });
    const v = verifyResponse(endpointById('v2.user.get-kyc-information'), { success: true, data }, keys);
    assert.deepEqual(v, { state: 'verified', signedDisplay: 'undefined|REJECTED|<secretKey>' });
  });
});

describe('http/verify: verifyWebhookPayload', () => {
  const order = { externalOrderId: 'o-9', type: 'SELL', fiatAmount: 151500, status: 'SUCCESS', descriptions: 'SUCCESS' };
  const payload = { ...order, signature: signText(buildCanonical(orderSignature, order).withSecret(secretKey), servicePrivate) };

  it('verifies a delivered order and returns it', () => {
    const v = verifyWebhookPayload(JSON.stringify(payload), servicePublic, secretKey);
    assert.equal(v.state, 'verified');
    assert.equal(v.order?.externalOrderId, 'o-9');
  });

  it('rejects an altered status', () => {
    assert.equal(verifyWebhookPayload({ ...payload, status: 'ERROR' }, servicePublic, secretKey).state, 'not-verified');
  });

  // Issue 26: an order signed with a status seen earlier (a response at hand), named with the service's words.
  it('explains a webhook signed over a status from an earlier response, with the service key', () => {
    const signature = nodeSign('sha256', Buffer.from(`o-9|SELL|151500|PROCESSING|${secretKey}`), servicePrivate).toString('base64');
    const earlier = [{ source: 'the response to an earlier send of details', field: 'status', values: ['PROCESSING'] }];
    const v = verifyWebhookPayload({ ...order, signature }, servicePublic, secretKey, () => earlier);
    assert.equal(v.state, 'not-verified');
    assert.equal(v.state === 'not-verified' ? v.explanation?.verdict.kind : undefined, 'this-key');
    assert.match(
      v.state === 'not-verified' ? v.reason : '',
      /The service signed `status` = `PROCESSING` where the data carries `SUCCESS` \(segment 4\)\. Everything else matches\./,
    );
    const without = verifyWebhookPayload({ ...order, signature }, servicePublic, secretKey);
    assert.equal(without.state === 'not-verified' ? without.explanation?.match : 'x', undefined);
  });

  it('says why it cannot check', () => {
    assert.equal(verifyWebhookPayload('not json', servicePublic, secretKey).state, 'not-checkable');
    assert.equal(verifyWebhookPayload(JSON.stringify(payload), undefined, secretKey).state, 'not-checkable');
  });
});

// Near misses: the service "signed" a documented-mistake variant of the string, or with another
// scheme or key. Each is signed here with node:crypto directly (not engine/signing), over strings
// written out by hand; none may come out `verified`. The first case is the control: the documented
// string, signed the documented way, does verify.
describe('http/verify: near-miss signatures never verify', () => {
  const order = { externalOrderId: 'o-7', type: 'SELL', fiatAmount: 100000, status: 'SUCCESS' };
  const documented = `o-7|SELL|100000|SUCCESS|${secretKey}`;
  const rsa = (text: string, hash = 'sha256', key = servicePrivate, padding = constants.RSA_PKCS1_PADDING) =>
    nodeSign(hash, Buffer.from(text, 'utf8'), { key, padding }).toString('base64');
  const verdict = (signature: string) =>
    verifyResponse(endpointById('v2.orders.details'), { success: false, errorCode: 12, data: { ...order, signature } }, keys);

  it('control: the documented string, SHA-256 PKCS#1 v1.5 with the service key, verifies', () => {
    assert.deepEqual(verdict(rsa(documented)), { state: 'verified', signedDisplay: 'o-7|SELL|100000|SUCCESS|<secretKey>' });
  });

  const nearMisses: [string, () => string][] = [
    ['fields swapped (type before externalOrderId)', () => rsa(`SELL|o-7|100000|SUCCESS|${secretKey}`)],
    ['the secret left out', () => rsa('o-7|SELL|100000|SUCCESS')],
    ['the secret first', () => rsa(`${secretKey}|o-7|SELL|100000|SUCCESS`)],
    ['the amount as 100000.00', () => rsa(`o-7|SELL|100000.00|SUCCESS|${secretKey}`)],
    ['the amount as 100000.0', () => rsa(`o-7|SELL|100000.0|SUCCESS|${secretKey}`)],
    ['a trailing pipe', () => rsa(`o-7|SELL|100000|SUCCESS|${secretKey}|`)],
    ['PSS padding', () => rsa(documented, 'sha256', servicePrivate, constants.RSA_PKCS1_PSS_PADDING)],
    ['SHA-1', () => rsa(documented, 'sha1')],
    ['another key', () => rsa(documented, 'sha256', other)],
  ];
  for (const [name, sig] of nearMisses) {
    it(`not verified: ${name}`, () => {
      const v = verdict(sig());
      assert.equal(v.state, 'not-verified', JSON.stringify(v));
      if (v.state === 'not-verified') {
        assert.equal(v.signedDisplay, 'o-7|SELL|100000|SUCCESS|<secretKey>');
        assert.ok(!v.reason.includes(secretKey), 'the reason never shows the secret');
      }
    });
  }

  it('a response template: the documented string verifies, its swapped and secret-less variants do not', () => {
    const account = endpointById('v2.account.verify')!;
    const data = { name: 'Acme', email: 'ops@acme.example', status: 'ACTIVE' };
    const check = (text: string) => verifyResponse(account, { success: true, data: { ...data, signature: rsa(text) } }, keys).state;
    assert.equal(check(`Acme|ops@acme.example|ACTIVE|${secretKey}`), 'verified');
    assert.equal(check(`ops@acme.example|Acme|ACTIVE|${secretKey}`), 'not-verified');
    assert.equal(check('Acme|ops@acme.example|ACTIVE'), 'not-verified');
    assert.equal(check(`Acme|ops@acme.example|ACTIVE|${secretKey}`.replace('Acme', 'acme')), 'not-verified');
  });
});

// Each verdict names why (docs/testing.md: these survived mutation testing when only the states were asserted).
describe('http/verify: every verdict says why', () => {
  const account = endpointById('v2.account.verify')!;
  const reason = (v: { state: string; reason?: string }) => ('reason' in v ? v.reason : undefined);

  it('a success whose data.signature is empty or missing is not verified, and says so', () => {
    for (const signature of ['', undefined, 42]) {
      const v = verifyResponse(account, { success: true, data: { name: 'Acme', email: 'e', status: 'ACTIVE', signature } }, keys);
      assert.equal(v.state, 'not-verified', String(signature));
      assert.match(reason(v)!, /carries no data\.signature although this endpoint signs its replies/);
    }
  });

  it('a documented-mistake variant is named; an altered value or another key says it does not verify', () => {
    const order = { externalOrderId: 'o-7', type: 'SELL', fiatAmount: 100000, status: 'SUCCESS' };
    const variant = nodeSign('sha256', Buffer.from(`o-7|SELL|100000.00|SUCCESS|${secretKey}`), servicePrivate).toString('base64');
    const v = verifyResponse(endpointById('v2.orders.details'), { success: true, data: { ...order, signature: variant } }, keys);
    assert.match(reason(v)!, /^data\.signature does not cover the documented string; it covers: .*two decimals/);
    const altered = { ...signed('v2.account.verify', { name: 'Acme', email: 'e', status: 'ACTIVE' }), email: 'f' };
    assert.match(reason(verifyResponse(account, { success: true, data: altered }, keys))!, /does not verify|does not cover/);
  });

  it('not checkable: no endpoint, a public, an unsigned or a v3 endpoint, a body that is not an envelope', () => {
    assert.match(reason(verifyResponse(undefined, {}, keys))!, /matches no endpoint of the contracts/);
    assert.match(
      reason(verifyResponse(endpointById('v2.public.get-qr-code-info'), { success: true, data: {} }, keys))!,
      /is a public endpoint \(no response signature/,
    );
    const unsigned = catalogue.endpoints.find((e) => e.auth === 'none')!;
    assert.match(
      reason(verifyResponse(unsigned, {}, keys))!,
      new RegExp(`^${unsigned.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is an unsigned API$`),
    );
    assert.match(
      reason(verifyResponse(endpointById('v3.kyc.profile'), { code: 'SUCCESS', data: {} }, keys))!,
      /is a v3 endpoint \(v3 replies carry no signature/,
    );
    assert.match(reason(verifyResponse(account, 'plain text', keys))!, /not a JSON envelope/);
    assert.match(reason(verifyResponse(account, [1], keys))!, /not a JSON envelope/);
  });

  it('a signed endpoint whose response the document does not sign says so', () => {
    const unsignedReply = catalogue.endpoints.find((e) => e.auth === 'signed-v2' && !e.response?.signature);
    if (!unsignedReply) return assert.ok(catalogue.endpoints.every((e) => e.auth !== 'signed-v2' || e.response?.signature));
    assert.match(reason(verifyResponse(unsignedReply, { success: true, data: {} }, keys))!, /documents no response signature/);
  });

  it('an error envelope whose data has an externalOrderId but no signature has nothing to verify', () => {
    const v = verifyResponse(account, { success: false, errorCode: 15, data: { externalOrderId: 'o-1' } }, keys);
    assert.deepEqual(v, { state: 'not-checkable', reason: 'an error envelope (data is null): there is nothing to verify' });
  });

  it('a success without a data object is not verified, with nothing to show as signed', () => {
    const v = verifyResponse(account, { success: true, data: null }, keys);
    assert.deepEqual(v, {
      state: 'not-verified',
      signedDisplay: '',
      reason: 'a success envelope without a data object: the documented signature is missing',
    });
  });

  it("webhooks: the order wrapped in an envelope's data verifies; non-JSON and non-object bodies say why", () => {
    const order = { externalOrderId: 'o-9', type: 'SELL', fiatAmount: 151500, status: 'SUCCESS' };
    const withSig = {
      ...order,
      signature: nodeSign('sha256', Buffer.from(`o-9|SELL|151500|SUCCESS|${secretKey}`), servicePrivate).toString('base64'),
    };
    const wrapped = verifyWebhookPayload(JSON.stringify({ success: true, data: withSig }), servicePublic, secretKey);
    assert.equal(wrapped.state, 'verified');
    assert.equal(wrapped.order?.externalOrderId, 'o-9');
    assert.match(
      reason(verifyWebhookPayload('{not json', servicePublic, secretKey))!,
      /the webhook body is not JSON; the service sends the order object as JSON/,
    );
    assert.match(reason(verifyWebhookPayload('[1, 2]', servicePublic, secretKey))!, /the webhook body is not a JSON object/);
  });
});
