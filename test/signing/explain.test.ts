// Each mistake is made for real: the wrong string is written out by hand here (not produced by
// the variant tables under test) and signed with node:crypto directly, with the wrong padding,
// hash or key where that is the mistake. explain must then name that mistake.
import assert from 'node:assert/strict';
import { constants, sign, randomBytes, type KeyObject } from 'node:crypto';
import { explainSignature, segmentDiff, type ExplainInput } from '../../engine/signing/explain';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import { requestTemplate, responseTemplate } from './templates';
import { keyPem } from './helpers';

const SECRET = 'test-secret-Zq81';
const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
const pub = loadPublicKey(keyPem('test-partner-public.pem'));
const otherPriv = loadPrivateKey(keyPem('test-other-private.pem'));
const otherPub = loadPublicKey(keyPem('test-other-public.pem'));

type Hash = 'sha256' | 'sha1' | 'sha512';
function rsaSign(text: string, key: KeyObject = priv, hash: Hash = 'sha256', pss = false): string {
  const opts = pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } : { key, padding: constants.RSA_PKCS1_PADDING };
  return sign(hash, Buffer.from(text, 'utf8'), opts).toString('base64');
}

const SELL = requestTemplate('v2.orders.create-sell-order');
const values = {
  partnerCode: 'TESTPARTNER',
  externalOrderId: 'ORD-1',
  currency: 'USDT',
  fiatAmount: 100000,
  bankCode: '970436',
  bankAccountNumber: '0123456789',
  content: 'Coffee',
  userEmail: 'alice@example.com',
  extendInfo: null,
};
const bodyJson = JSON.stringify({ ...values, signature: 'placeholder' }, null, 2);
const S = SECRET;
const E = 'TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee|alice@example.com';

function explain(signature: string, over: Partial<ExplainInput> = {}) {
  const r = explainSignature({
    template: SELL,
    values,
    secret: SECRET,
    signature,
    publicKey: pub,
    bodyJson,
    otherPublicKeys: [{ label: 'test-other', key: otherPub }],
    ...over,
  });
  assert.ok(!JSON.stringify(r).includes(SECRET), 'the secret must never appear in an explanation');
  return r;
}

// [variant id explain must report, the string actually signed (by hand)]
const STRING_MISTAKES: [string, string][] = [
  ['as-undefined:bankAccountNumber', `TESTPARTNER|ORD-1|USDT|100000|970436|undefined|Coffee|alice@example.com|${S}`],
  ['as-null:content', `TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|null|alice@example.com|${S}`],
  ['as-empty:userEmail', `TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee||${S}`],
  ['as-zero:fiatAmount', `TESTPARTNER|ORD-1|USDT|0|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['drop:bankAccountNumber', `TESTPARTNER|ORD-1|USDT|100000|970436|Coffee|alice@example.com|${S}`],
  ['two-decimals:fiatAmount', `TESTPARTNER|ORD-1|USDT|100000.00|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['exponent:fiatAmount', `TESTPARTNER|ORD-1|USDT|1e5|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['quoted:fiatAmount', `TESTPARTNER|ORD-1|USDT|"100000"|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['grouped:fiatAmount', `TESTPARTNER|ORD-1|USDT|100,000|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['swap:bankCode,bankAccountNumber', `TESTPARTNER|ORD-1|USDT|100000|0123456789|970436|Coffee|alice@example.com|${S}`],
  ['swap:partnerCode,externalOrderId', `ORD-1|TESTPARTNER|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['reversed', `alice@example.com|Coffee|0123456789|970436|100000|USDT|ORD-1|TESTPARTNER|${S}`],
  // bankAccountNumber, bankCode, content, currency, externalOrderId, fiatAmount, partnerCode, userEmail
  ['sorted', `0123456789|970436|Coffee|USDT|ORD-1|100000|TESTPARTNER|alice@example.com|${S}`],
  ['one-decimal:fiatAmount', `TESTPARTNER|ORD-1|USDT|100000.0|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['exponent-plus:fiatAmount', `TESTPARTNER|ORD-1|USDT|1e+5|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['as-none:bankAccountNumber', `TESTPARTNER|ORD-1|USDT|100000|970436|None|Coffee|alice@example.com|${S}`],
  ['quoted:currency', `TESTPARTNER|ORD-1|"USDT"|100000|970436|0123456789|Coffee|alice@example.com|${S}`],
  ['no-trailing-pipe', `${E}${S}`],
  ['double-pipe', `${E}||${S}`],
  ['no-secret-trailing-pipe', `${E}|`],
  ['extra-trailing-pipe', `${E}|${S}|`],
  ['no-secret', E],
  ['secret-first', `${S}|${E}`],
  ['body-as-sent', bodyJson],
  ['body-stringified', JSON.stringify(JSON.parse(bodyJson))],
];

describe('signing/explain', () => {
  it('a correct signature verifies as expected', () => {
    const r = explain(rsaSign(`${E}|${S}`));
    assert.equal(r.verifiedAsExpected, true);
    assert.equal(r.match, undefined);
    assert.equal(r.expectedDisplay, `${E}|<secretKey>`);
  });

  for (const [id, wrong] of STRING_MISTAKES) {
    it(`names the mistake ${id}`, () => {
      const r = explain(rsaSign(wrong));
      assert.equal(r.verifiedAsExpected, false);
      assert.equal(r.match?.id, id, r.match?.description);
      assert.equal(r.match.display, wrong.split(S).join('<secretKey>'));
      assert.ok(r.match.description.length > 10);
    });
  }

  it('an omitted fiatAmount signed as undefined instead of 0', () => {
    const { fiatAmount: _f, ...noAmount } = values;
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|undefined|970436|0123456789|Coffee|alice@example.com|${S}`), {
      values: noAmount,
      bodyJson: undefined,
    });
    assert.equal(r.expectedDisplay, 'TESTPARTNER|ORD-1|USDT|0|970436|0123456789|Coffee|alice@example.com|<secretKey>');
    assert.equal(r.match?.id, 'as-undefined:fiatAmount');
    assert.deepEqual(r.match?.diff, [{ index: 3, expected: '0', actual: 'undefined' }]);
  });

  it('a JSON body without its signature field, with the secret appended', () => {
    const { signature: _s, ...rest } = JSON.parse(bodyJson) as Record<string, unknown>;
    const r = explain(rsaSign(`${JSON.stringify(rest)}|${S}`));
    assert.equal(r.match?.id, 'body-without-signature+secret');
  });

  const SCHEME_MISTAKES: [string, (t: string) => string][] = [
    ['pss', (t) => rsaSign(t, priv, 'sha256', true)],
    ['sha1', (t) => rsaSign(t, priv, 'sha1')],
    ['sha512', (t) => rsaSign(t, priv, 'sha512')],
    ['pss-sha512', (t) => rsaSign(t, priv, 'sha512', true)],
    ['key:test-other', (t) => rsaSign(t, otherPriv)],
  ];
  for (const [id, signWrong] of SCHEME_MISTAKES) {
    it(`names the scheme mistake ${id} on the right string`, () => {
      const r = explain(signWrong(`${E}|${S}`));
      assert.equal(r.match?.id, id);
      assert.match(r.match.description, /^the string is right, but it was /);
      assert.deepEqual(r.match.diff, []);
    });
  }

  it('names a combined mistake: missing trailing pipe and PSS padding', () => {
    const r = explain(rsaSign(`${E}${S}`, priv, 'sha256', true));
    assert.equal(r.match?.id, 'no-trailing-pipe+pss');
    assert.match(r.match.description, /pipe before the secret is missing.*; and signed with RSASSA-PSS/);
  });

  it('a PSS signature with another salt length is still recognised', () => {
    const sig = sign('sha256', Buffer.from(`${E}|${S}`), { key: priv, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 222 }).toString(
      'base64',
    );
    assert.equal(explain(sig).match?.id, 'pss');
  });

  it('response signatures: python-bool on check-access-service', () => {
    const r = explainSignature({
      template: responseTemplate('v2.user.check-access-service'),
      values: { access: true },
      secret: SECRET,
      signature: rsaSign(`True|${S}`),
      publicKey: pub,
    });
    assert.equal(r.expectedDisplay, 'true|<secretKey>');
    assert.equal(r.match?.id, 'python-bool:access');
  });

  it('a numeric string in the body signed as a normalised number', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`), {
      values: { ...values, fiatAmount: '100000.00' },
      bodyJson: undefined,
    });
    assert.equal(r.expectedDisplay, 'TESTPARTNER|ORD-1|USDT|100000.00|970436|0123456789|Coffee|alice@example.com|<secretKey>');
    assert.equal(r.match?.id, 'as-number:fiatAmount');
  });

  it('a string trimmed before signing', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`), {
      values: { ...values, content: ' Coffee ' },
      bodyJson: undefined,
    });
    assert.equal(r.match?.id, 'trimmed:content');
  });

  it('an object value signed as JSON', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|{"text":"Coffee"}|alice@example.com|${S}`), {
      values: { ...values, content: { text: 'Coffee' } },
      bodyJson: undefined,
    });
    assert.equal(r.expectedDisplay, 'TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|[object Object]|alice@example.com|<secretKey>');
    assert.equal(r.match?.id, 'json:content');
  });

  it('diffs: a dropped field is one entry, a replaced one is one entry', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|Coffee|alice@example.com|${S}`));
    assert.deepEqual(r.match?.diff, [{ index: 5, expected: '0123456789', actual: '' }]);
    assert.deepEqual(segmentDiff('a|b|<secretKey>', 'a|x|b|<secretKey>'), [{ index: 1, expected: '', actual: 'x' }]);
    assert.deepEqual(segmentDiff('a|b|c', 'a|B|c'), [{ index: 1, expected: 'b', actual: 'B' }]);
  });

  it('an unrelated signature matches nothing, and says how many were tried', () => {
    const r = explain(rsaSign('something else entirely'));
    assert.equal(r.verifiedAsExpected, false);
    assert.equal(r.match, undefined);
    assert.ok(r.tried > 100, `tried ${r.tried}`);
    assert.equal(r.note, undefined);
  });

  it('garbage and truncated signatures get a note instead of an exception', () => {
    const garbage = explain('not base64 at all!');
    assert.match(garbage.note ?? '', /not base64/);
    assert.equal(garbage.tried, 0);
    const short = explain(randomBytes(128).toString('base64'));
    assert.match(short.note ?? '', /128 bytes; an RSA-2048 signature is 256 bytes/);
    assert.equal(short.match, undefined);
  });

  it('a wrong secret matches nothing (the secret is not guessed)', () => {
    const r = explain(rsaSign(`${E}|another-secret`));
    assert.equal(r.match, undefined);
  });
});

// Issue 13: the wrong signatures the first search missed, each signed by hand here.
describe('signing/explain: more families, moves, and what a fruitless search tried', () => {
  it('a value from the request changed in case (a lower-cased partnerCode)', () => {
    const r = explain(rsaSign(`testpartner|ORD-1|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`));
    assert.equal(r.match?.id, 'lowercase:partnerCode');
    assert.match(r.match.description, /partnerCode was lower-cased/);
  });

  it('a body field outside the template inserted at any position', () => {
    const withNote = { ...values, note: 'gift' };
    for (const [at, text] of [
      [0, `gift|${E}|${S}`],
      [4, `TESTPARTNER|ORD-1|USDT|100000|gift|970436|0123456789|Coffee|alice@example.com|${S}`],
      [8, `${E}|gift|${S}`],
    ] as const) {
      const r = explain(rsaSign(text), { values: withNote, bodyJson: undefined });
      assert.equal(r.match?.id, `insert:note@${at}`, r.match?.description);
      assert.match(r.match.description, /note, which is not signed, was added to the signed string/);
    }
  });

  it('a changed value: the value the field has in another request of the file', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-2|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`), {
      otherValues: { externalOrderId: ['ORD-9', 'ORD-2'] },
    });
    assert.equal(r.match?.id, 'changed:externalOrderId');
    assert.match(r.match.description, /externalOrderId was signed as `ORD-2`, the value it has elsewhere/);
  });

  it('reordered fields show as a move, not a misaligned segment diff', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|100000|USDT|970436|0123456789|Coffee|alice@example.com|${S}`));
    assert.equal(r.match?.id, 'swap:currency,fiatAmount');
    assert.equal(r.match.diff.length, 1, JSON.stringify(r.match.diff));
    const [d] = r.match.diff;
    assert.equal(d.expected, d.actual);
    assert.equal(r.expectedDisplay.split('|')[d.index], d.expected);
    assert.equal(r.match.display.split('|')[d.movedTo!], d.expected);
    assert.notEqual(d.index, d.movedTo);
  });

  it('when nothing verifies, it says which families were tried and how many strings', () => {
    const r = explain(rsaSign('something else entirely'));
    assert.ok(r.searched, 'searched is set');
    assert.ok(r.searched.strings > 50, `${r.searched.strings} strings`);
    assert.equal(r.searched.schemes, 6);
    assert.deepEqual(r.searched.keys, ['the key given', 'test-other']);
    for (const f of [/case/, /inserted at any position/, /another order/, /pipes and the secretKey/, /JSON body/])
      assert.ok(
        r.searched.families.some((x) => f.test(x)),
        String(f),
      );
    assert.equal(explain(rsaSign(`${E}|${S}`)).searched, undefined, 'a match searches nothing');
  });
});
