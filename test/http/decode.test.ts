import assert from 'node:assert/strict';
import { catalogue, endpointById } from '../../engine/catalogue';
import { decodeEnvelope } from '../../engine/http/decode';

describe('http/decode: the error catalogue decoded', () => {
  it('decodes every mapped code from the catalogue: semanticCode, meaning, check, retry', () => {
    for (const e of catalogue.errors.filter((x) => x.mapped && x.code !== 0)) {
      const d = decodeEnvelope({ success: false, message: 'm', data: null, errorCode: e.code, semanticCode: e.semanticCode });
      assert.equal(d.success, false);
      assert.equal(d.errorCode, e.code);
      assert.equal(d.meaning, e.meaning);
      assert.equal(d.retry, e.retry);
      assert.ok(d.headline.startsWith(`${e.semanticCode} (${e.code}): `), d.headline);
    }
  });

  it('reads unmapped codes that arrive as INTERNAL_SERVER_ERROR by their errorCode', () => {
    const unmapped = catalogue.errors.filter((x) => !x.mapped);
    assert.ok(unmapped.length >= 14);
    for (const e of unmapped) {
      const d = decodeEnvelope({ success: false, message: 'text', data: null, errorCode: e.code, semanticCode: 'INTERNAL_SERVER_ERROR' });
      assert.equal(d.meaning, e.meaning, `code ${e.code}`);
      assert.ok(d.headline.includes(`errorCode ${e.code}`), d.headline);
    }
    const d1 = decodeEnvelope({ success: false, message: 'boom', data: null, errorCode: 1, semanticCode: 'INTERNAL_SERVER_ERROR' });
    assert.ok(d1.headline.startsWith('INTERNAL_SERVER_ERROR (1): '));
  });

  it("replaces the literal msg.66 / msg.67 with the client's own fallback text", () => {
    for (const code of [66, 67]) {
      const spec = catalogue.errors.find((e) => e.code === code)!;
      assert.ok(spec.fallbackMessage, `catalogue has a fallback for ${code}`);
      const d = decodeEnvelope({ success: false, message: `msg.${code}`, data: null, errorCode: code, semanticCode: spec.semanticCode });
      assert.equal(d.message, spec.fallbackMessage);
      assert.equal(d.rawMessage, `msg.${code}`);
    }
    assert.equal(
      decodeEnvelope({ success: false, message: 'msg.66', data: null, errorCode: 66, semanticCode: 'SERVICE_NOT_ACTIVATED' }).retry,
      true,
    );
  });

  it("adds the endpoint's own note for a code", () => {
    const details = endpointById('v2.orders.details')!;
    const d = decodeEnvelope(
      { success: false, message: 'x', data: null, errorCode: 15, semanticCode: 'TRANSACTION_NOT_FOUND' },
      201,
      details,
    );
    assert.equal(d.endpointNote, details.errorNotes?.[15]);
  });

  it('names a code missing from the catalogue instead of guessing', () => {
    const d = decodeEnvelope({ success: false, message: 'odd', data: null, errorCode: 999, semanticCode: 'SOMETHING_NEW' });
    assert.equal(d.error, undefined);
    assert.match(d.check!, /not in the error catalogue/);
    assert.match(d.headline, /SOMETHING_NEW \(999\): odd/);
  });

  it('decodes a success envelope', () => {
    const d = decodeEnvelope({ success: true, message: 'Success', data: {}, errorCode: 0, semanticCode: 'SUCCESS' });
    assert.deepEqual([d.success, d.retry, d.headline], [true, false, 'SUCCESS (0)']);
  });

  it('decodes v3 envelopes: doc 2 §7 codes and doc 1 names', () => {
    for (const e of catalogue.v3Errors) {
      const d = decodeEnvelope({ code: e.code, message: 'x', data: null }, e.httpStatus);
      assert.equal(d.kind, 'v3');
      assert.equal(d.meaning, e.meaning);
    }
    const dup = decodeEnvelope({ code: 'DUPLICATE_TRANSACTION_ID', message: 'x', data: null }, 201);
    assert.equal(dup.errorCode, 11);
    assert.equal(decodeEnvelope({ code: 'SUCCESS', message: 'ok', data: {} }, 200).success, true);
  });

  it('never throws on odd input', () => {
    for (const v of [undefined, null, 42, 'text', [], {}, { success: 'yes' }, { success: false, errorCode: 'x' }]) {
      assert.doesNotThrow(() => decodeEnvelope(v, 500));
    }
  });
});

describe('http/decode: headlines, fallbacks and what is not an envelope', () => {
  it("keeps the service's own message for 66 unless it is the placeholder, and uses the fallback when the message is empty or absent", () => {
    const spec = catalogue.errors.find((e) => e.code === 66)!;
    const own = decodeEnvelope({
      success: false,
      message: 'Activate it first',
      data: null,
      errorCode: 66,
      semanticCode: 'SERVICE_NOT_ACTIVATED',
    });
    assert.equal(own.message, 'Activate it first');
    assert.equal(own.rawMessage, undefined);
    const empty = decodeEnvelope({ success: false, message: '', data: null, errorCode: 66, semanticCode: 'SERVICE_NOT_ACTIVATED' });
    assert.deepEqual([empty.message, empty.rawMessage], [spec.fallbackMessage, '']);
    const absent = decodeEnvelope({ success: false, data: null, errorCode: 66, semanticCode: 'SERVICE_NOT_ACTIVATED' });
    assert.equal(absent.message, spec.fallbackMessage);
    assert.equal('rawMessage' in absent, false, 'no raw message when none was received');
    // a code without a fallback keeps an empty message as it came
    const plain = decodeEnvelope({ success: false, message: '', data: null, errorCode: 15, semanticCode: 'TRANSACTION_NOT_FOUND' });
    assert.equal(plain.message, '');
  });

  it('headlines name the code and its meaning, with the catalogue name when the semanticCode is missing', () => {
    const mapped = decodeEnvelope({ success: false, message: 'x', data: null, errorCode: 2, semanticCode: 'INVALID_SIGNATURE' });
    assert.equal(mapped.headline, 'INVALID_SIGNATURE (2): Signature does not match the string, or the public key is missing.');
    assert.equal(mapped.check, catalogue.errors.find((e) => e.code === 2)!.check);
    const noName = decodeEnvelope({ success: false, message: 'x', data: null, errorCode: 15 });
    assert.ok(noName.headline.startsWith('TRANSACTION_NOT_FOUND (15): '), noName.headline);
    assert.equal(noName.semanticCode, undefined, 'semanticCode stays as received');
    const unmapped = decodeEnvelope({ success: false, message: 'x', data: null, errorCode: 21 });
    assert.equal(unmapped.headline, 'INTERNAL_SERVER_ERROR carrying errorCode 21: The blockchain network requires a memo.');
    const unknown = decodeEnvelope({ success: false, data: null, errorCode: 999, semanticCode: 'SOMETHING_NEW' });
    assert.equal(unknown.headline, 'SOMETHING_NEW (999): no message');
    assert.equal(unknown.check, 'errorCode 999 is not in the error catalogue of doc 1 §7; read the message');
    // neither a semanticCode nor a catalogued code: named ERROR, and not retried
    const bare = decodeEnvelope({ success: false, message: 'odd', data: null, errorCode: 999 });
    assert.deepEqual([bare.headline, bare.retry], ['ERROR (999): odd', false]);
    assert.equal(unknown.retry, false, 'a code missing from the catalogue is not retried');
    const nothing = decodeEnvelope({ success: false, message: 'odd', semanticCode: 'X' });
    assert.equal(nothing.headline, 'X (?): odd');
    assert.equal(nothing.errorCode, undefined);
    assert.equal(nothing.check, undefined, 'no catalogue remark without a code to look up');
  });

  it('reads an errorCode sent as a numeric string by its number', () => {
    const d = decodeEnvelope({ success: false, message: 'x', data: null, errorCode: '15', semanticCode: 'TRANSACTION_NOT_FOUND' });
    assert.equal(d.errorCode, 15);
    assert.equal(d.meaning, catalogue.errors.find((e) => e.code === 15)!.meaning);
  });

  it('a success is never retried, and names SUCCESS when the envelope does not', () => {
    const d = decodeEnvelope({ success: true, message: 'ok', data: {}, errorCode: 0 });
    assert.deepEqual([d.kind, d.success, d.retry, d.headline], ['v2', true, false, 'SUCCESS (0)']);
    // errorCode 9 is a retried code; on a success envelope it does not ask for a retry
    const odd = decodeEnvelope({ success: true, message: 'ok', data: {}, errorCode: 9, semanticCode: 'SUCCESS' });
    assert.deepEqual([odd.retry, odd.headline], [false, 'SUCCESS (9)']);
    const noCode = decodeEnvelope({ success: true, message: 'ok', data: {}, semanticCode: 'SUCCESS' });
    assert.equal(noCode.headline, 'SUCCESS (0)');
  });

  it("adds the endpoint's note only to a failure", () => {
    const details = endpointById('v2.orders.details')!;
    const ok = decodeEnvelope({ success: true, message: 'ok', data: {}, errorCode: 15, semanticCode: 'SUCCESS' }, 200, details);
    assert.equal(ok.endpointNote, undefined);
    const other = decodeEnvelope(
      { success: false, message: 'x', data: null, errorCode: 2, semanticCode: 'INVALID_SIGNATURE' },
      201,
      details,
    );
    assert.equal(other.endpointNote, undefined, 'no note for a code the section does not mention');
    const v3 = decodeEnvelope({ code: 'TRANSACTION_NOT_FOUND', message: 'x', data: null }, 201, details);
    assert.equal(v3.endpointNote, details.errorNotes?.[15], 'a v3 error named by doc 1 gets the note of its code');
  });

  it('a body that is no envelope succeeds by its HTTP status (2xx) and is headed by it', () => {
    const cases: [unknown, number | undefined, boolean, string][] = [
      ['text', 200, true, 'HTTP 200'],
      [{ id: 1 }, 299, true, 'HTTP 299'],
      [{ id: 1 }, 300, false, 'HTTP 300'],
      [{ id: 1 }, 199, false, 'HTTP 199'],
      [null, 503, false, 'HTTP 503'],
      [{ success: true }, undefined, true, 'no envelope'],
      [{ success: 'yes', errorCode: 1 }, 404, false, 'HTTP 404'],
      [{ code: 7 }, 500, false, 'HTTP 500'],
    ];
    for (const [body, status, success, headline] of cases) {
      const d = decodeEnvelope(body, status);
      assert.deepEqual([d.kind, d.success, d.retry, d.headline], ['other', success, false, headline], JSON.stringify(body));
    }
  });

  it('v3 errors: headline with the HTTP status, doc 1 names retried as doc 1 says, unknown names by their message', () => {
    const sig = decodeEnvelope({ code: 'INVALID_SIGNATURE', message: 'bad', data: null }, 401);
    const spec = catalogue.v3Errors.find((e) => e.code === 'INVALID_SIGNATURE')!;
    assert.equal(sig.headline, `INVALID_SIGNATURE (HTTP 401): ${spec.meaning}`);
    assert.deepEqual([sig.success, sig.retry, sig.errorCode, sig.error], [false, false, undefined, undefined]);
    const busy = decodeEnvelope({ code: 'SERVICE_UNDER_MAINTENANCE', message: 'later', data: null });
    const nine = catalogue.errors.find((e) => e.code === 9)!;
    assert.deepEqual([busy.errorCode, busy.retry, busy.check, busy.error], [9, true, nine.check, nine]);
    assert.equal(busy.headline, `SERVICE_UNDER_MAINTENANCE: ${nine.meaning}`);
    const unknown = decodeEnvelope({ code: 'BRAND_NEW', message: 'what it says', data: null }, 400);
    assert.deepEqual([unknown.meaning, unknown.retry, unknown.headline], [undefined, false, 'BRAND_NEW (HTTP 400): what it says']);
    assert.equal(decodeEnvelope({ code: 'BRAND_NEW', data: null }).headline, 'BRAND_NEW: no message');
    const ok = decodeEnvelope({ code: 'SUCCESS', message: 'ok', data: {} }, 200);
    assert.deepEqual([ok.kind, ok.success, ok.retry, ok.headline, ok.message], ['v3', true, false, 'SUCCESS', 'ok']);
  });
});
