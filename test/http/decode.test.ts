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
