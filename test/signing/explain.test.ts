// Each mistake is made for real: the wrong string is written out by hand here (not produced by
// the variant tables under test) and signed with node:crypto directly, with the wrong padding,
// hash or key where that is the mistake. explain must then name that mistake.
import assert from 'node:assert/strict';
import { constants, createPrivateKey, createPublicKey, sign, randomBytes, type KeyObject } from 'node:crypto';
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

// [variant id explain must report, the string actually signed (by hand), the description the user reads]
const STRING_MISTAKES: [string, string, string][] = [
  [
    'as-undefined:bankAccountNumber',
    `TESTPARTNER|ORD-1|USDT|100000|970436|undefined|Coffee|alice@example.com|${S}`,
    'bankAccountNumber was signed as `undefined` (it was missing from the object that was signed)',
  ],
  ['as-null:content', `TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|null|alice@example.com|${S}`, 'content was signed as `null`'],
  ['as-empty:userEmail', `TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee||${S}`, 'userEmail was signed as an empty string'],
  ['as-zero:fiatAmount', `TESTPARTNER|ORD-1|USDT|0|970436|0123456789|Coffee|alice@example.com|${S}`, 'fiatAmount was signed as `0`'],
  [
    'drop:bankAccountNumber',
    `TESTPARTNER|ORD-1|USDT|100000|970436|Coffee|alice@example.com|${S}`,
    'bankAccountNumber was left out of the signed string',
  ],
  [
    'two-decimals:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|100000.00|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was formatted with two decimals (`100000.00`); the service prints numbers as JavaScript does',
  ],
  [
    'exponent:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|1e5|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was written in exponent form (`1e5`); the service prints numbers as JavaScript does',
  ],
  [
    'quoted:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|"100000"|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was signed with JSON quotes (`"100000"`)',
  ],
  [
    'grouped:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|100,000|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was formatted with thousands separators (`100,000`)',
  ],
  [
    'swap:bankCode,bankAccountNumber',
    `TESTPARTNER|ORD-1|USDT|100000|0123456789|970436|Coffee|alice@example.com|${S}`,
    'bankCode and bankAccountNumber were signed in swapped order',
  ],
  [
    'swap:partnerCode,externalOrderId',
    `ORD-1|TESTPARTNER|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`,
    'partnerCode and externalOrderId were signed in swapped order',
  ],
  ['reversed', `alice@example.com|Coffee|0123456789|970436|100000|USDT|ORD-1|TESTPARTNER|${S}`, 'the fields were signed in reverse order'],
  // bankAccountNumber, bankCode, content, currency, externalOrderId, fiatAmount, partnerCode, userEmail
  [
    'sorted',
    `0123456789|970436|Coffee|USDT|ORD-1|100000|TESTPARTNER|alice@example.com|${S}`,
    'the fields were signed sorted by name instead of in the documented order',
  ],
  [
    'one-decimal:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|100000.0|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was formatted as a float (`100000.0`, as Python and Java print doubles); the service prints numbers as JavaScript does',
  ],
  [
    'exponent-plus:fiatAmount',
    `TESTPARTNER|ORD-1|USDT|1e+5|970436|0123456789|Coffee|alice@example.com|${S}`,
    'fiatAmount was written in exponent form (`1e+5`); the service prints numbers as JavaScript does',
  ],
  [
    'as-none:bankAccountNumber',
    `TESTPARTNER|ORD-1|USDT|100000|970436|None|Coffee|alice@example.com|${S}`,
    'bankAccountNumber was signed as `None` (a Python None printed)',
  ],
  [
    'quoted:currency',
    `TESTPARTNER|ORD-1|"USDT"|100000|970436|0123456789|Coffee|alice@example.com|${S}`,
    'currency was signed with JSON quotes (`"USDT"`)',
  ],
  ['no-trailing-pipe', `${E}${S}`, 'the pipe before the secret is missing (the secret was glued to the last field)'],
  ['double-pipe', `${E}||${S}`, 'an extra pipe was added before the secret'],
  ['no-secret-trailing-pipe', `${E}|`, 'the secretKey was left out (the string ends in a bare pipe)'],
  ['extra-trailing-pipe', `${E}|${S}|`, 'an extra pipe was added after the secret'],
  ['no-secret', E, 'the secretKey was left out of the signed string'],
  ['secret-first', `${S}|${E}`, 'the secretKey was put first instead of last'],
  ['body-as-sent', bodyJson, 'the JSON body as sent was signed instead of the canonical string'],
  ['body-stringified', JSON.stringify(JSON.parse(bodyJson)), 'JSON.stringify(body) was signed instead of the canonical string'],
];

describe('signing/explain', () => {
  it('a correct signature verifies as expected', () => {
    const r = explain(rsaSign(`${E}|${S}`));
    assert.equal(r.verifiedAsExpected, true);
    assert.equal(r.match, undefined);
    assert.equal(r.expectedDisplay, `${E}|<secretKey>`);
  });

  for (const [id, wrong, description] of STRING_MISTAKES) {
    it(`names the mistake ${id}`, () => {
      const r = explain(rsaSign(wrong));
      assert.equal(r.verifiedAsExpected, false);
      assert.equal(r.match?.id, id, r.match?.description);
      assert.equal(r.match.display, wrong.split(S).join('<secretKey>'));
      assert.equal(r.match.description, description);
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
    assert.equal(
      r.match.description,
      'fiatAmount was signed as the number `100000`, but the body sends it as a string, which the service signs exactly as written',
    );
  });

  it('a string trimmed before signing', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|Coffee|alice@example.com|${S}`), {
      values: { ...values, content: ' Coffee ' },
      bodyJson: undefined,
    });
    assert.equal(r.match?.id, 'trimmed:content');
    assert.equal(r.match.description, 'content was trimmed before signing, but the body carries the surrounding spaces');
  });

  it('an object value signed as JSON', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|{"text":"Coffee"}|alice@example.com|${S}`), {
      values: { ...values, content: { text: 'Coffee' } },
      bodyJson: undefined,
    });
    assert.equal(r.expectedDisplay, 'TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|[object Object]|alice@example.com|<secretKey>');
    assert.equal(r.match?.id, 'json:content');
    assert.equal(r.match.description, 'content was signed as its JSON text; the service prints an object as JavaScript does');
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
    for (const [at, text, where] of [
      [0, `gift|${E}|${S}`, 'first'],
      [4, `TESTPARTNER|ORD-1|USDT|100000|gift|970436|0123456789|Coffee|alice@example.com|${S}`, 'after fiatAmount'],
      [8, `${E}|gift|${S}`, 'after the last field'],
    ] as const) {
      const r = explain(rsaSign(text), { values: withNote, bodyJson: undefined });
      assert.equal(r.match?.id, `insert:note@${at}`, r.match?.description);
      assert.equal(r.match.description, `note, which is not signed, was added to the signed string (${where})`);
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
    // Issue 26: the signature is opened first, so the scheme and the key are known, not searched.
    assert.equal(r.verdict.kind, 'this-key');
    assert.ok(r.searched.candidates > 0 && r.searched.complete, JSON.stringify(r.searched));
    for (const f of [/case/, /inserted at any position/, /another order/, /pipes and the secretKey/, /JSON body/])
      assert.ok(
        r.searched.families.some((x) => f.test(x)),
        String(f),
      );
    assert.equal(explain(rsaSign(`${E}|${S}`)).searched, undefined, 'a match searches nothing');
  });
});

// Issue 17: the search space counted by hand (a fruitless search reports how many strings, schemes
// and keys it tried), and the mistakes no test above makes.
describe('signing/explain: the whole search counted, and every scheme and key mistake named', () => {
  const ACCESS = responseTemplate('v2.user.check-access-service');
  const DETAILS = responseTemplate('v2.orders.details');
  const order = { externalOrderId: 'o-7', type: 'SELL', fiatAmount: 100000, status: 'SUCCESS' };
  const nothing = rsaSign('something else entirely');

  it('check-access-service: 15 distinct strings, then 70 values (85 hashed; the scheme is opened, not searched)', () => {
    // `true|S`; as undefined, null, empty, 0, None, "true", True; the field dropped (`S`);
    // no pipe before the secret, a pipe after it, two pipes, no secret, a bare pipe, the secret first.
    // Issue 26, the value search: `true` as TRUE, " true", "true ", True; undefined, null, empty, 0,
    // None, "true" (10 values); in the documented layout and each of the 6 layouts: 10 x 7 = 70.
    const r = explainSignature({ template: ACCESS, values: { access: true }, secret: SECRET, signature: nothing, publicKey: pub });
    assert.equal(r.match, undefined);
    assert.deepEqual(r.searched, {
      families: [
        'a field printed differently (undefined, null, empty, 0, decimals, exponent, quotes, case, trimmed)',
        'a field left out',
        'the pipes and the secretKey placed differently',
        'one field holding another value',
        'two fields holding other values',
        'one field holding another value, with the pipes, the secretKey or the order wrong, or another field left out',
      ],
      strings: 15,
      candidates: 70,
      perField: 10,
      sources: [],
      budgetMs: 2000,
      elapsedMs: r.searched?.elapsedMs,
      complete: true,
    });
    assert.equal(r.tried, 85);
  });

  it('orders/details: 48 distinct strings, each hashed once; a value from elsewhere equal to a printing mistake counts once', () => {
    // 1 expected; externalOrderId o-7: 5 placeholders, "o-7", O-7; type SELL: 5, "SELL", sell;
    // fiatAmount 100000: 5, 100000.00, 100000.0, 1e5, 1e+5, 100,000, "100000"; status SUCCESS: 5,
    // "SUCCESS", success; 4 dropped; 3 swaps, reversed, sorted by name; 6 layouts.
    const r = explain(nothing, { template: DETAILS, values: order, bodyJson: undefined });
    assert.equal(r.searched?.strings, 48);
    // Issue 26: opened with the key given, so the other key is not tried; every string is hashed once.
    assert.equal(r.verdict.kind, 'this-key');
    assert.equal(r.tried, 48 + r.searched.candidates);
    assert.ok(r.searched.families.includes('fields in another order (a swap, reversed, sorted by name)'));
    // o-8 is new; o-7 is the value signed, 0 and 100000.00 are already tried as printing mistakes.
    const other = explain(nothing, {
      template: DETAILS,
      values: order,
      bodyJson: undefined,
      otherPublicKeys: [],
      otherValues: { externalOrderId: ['o-8', 'o-7', 'o-8'], fiatAmount: [0, '100000.00'] },
    });
    assert.equal(other.searched?.strings, 49);
    assert.equal(other.tried, 49 + other.searched.candidates);
    assert.ok(
      other.searched.families.includes('a field holding the value it has elsewhere (another request of the file, the environment)'),
    );
    // Only duplicates from elsewhere: the family was not searched at all.
    const dup = explain(nothing, { template: DETAILS, values: order, bodyJson: undefined, otherValues: { fiatAmount: [0, 100000] } });
    assert.equal(dup.searched?.strings, 48);
    assert.ok(!dup.searched.families.some((f) => f.includes('elsewhere')), dup.searched.families.join('; '));
  });

  it('counted by hand: an empty value is not read as the number 0, an omitted one is not quoted, a padded one is trimmed', () => {
    const count = (values: Record<string, unknown>) =>
      explainSignature({ template: ACCESS, values, secret: SECRET, signature: nothing, publicKey: pub }).searched?.strings;
    // `|S`; undefined, null, 0, None, `""`; dropped (`S`, which is also the secret glued to the empty
    // field); a pipe after the secret, two pipes, no secret (the empty string), a bare pipe, the secret first.
    assert.equal(count({ access: '' }), 12);
    // `undefined|S` (omitted); null, empty, 0, None; dropped; the 6 layouts.
    assert.equal(count({}), 12);
    // ` Yes |S`; 5 placeholders, quoted, lower, upper, trimmed; dropped; the 6 layouts.
    assert.equal(count({ access: ' Yes ' }), 17);
    // `  |S`; 5 placeholders, quoted (trimmed is the empty one); dropped; the 6 layouts. Spaces are no number.
    assert.equal(count({ access: '  ' }), 14);
  });

  it("data's own signature and object values are never inserted as fields; a text field is tried at each of the 5 places", () => {
    const count = (values: Record<string, unknown>) =>
      explain(nothing, { template: DETAILS, values, bodyJson: undefined }).searched?.strings;
    assert.equal(count({ ...order, signature: 'c2ln', extra: { a: 1 }, list: [1] }), 48);
    assert.equal(count({ ...order, note: 'x' }), 48 + 5);
  });

  it('an amount with more than three decimals is grouped with all of them', () => {
    const r = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|1,234.5678|970436|0123456789|Coffee|alice@example.com|${S}`), {
      values: { ...values, fiatAmount: 1234.5678 },
      bodyJson: undefined,
    });
    assert.equal(r.match?.id, 'grouped:fiatAmount');
    assert.equal(r.match.description, 'fiatAmount was formatted with thousands separators (`1,234.5678`)');
  });

  it('upper-cased text, a Python False, and each JSON body form named with its description', () => {
    const upper = explain(rsaSign(`TESTPARTNER|ORD-1|USDT|100000|970436|0123456789|COFFEE|alice@example.com|${S}`));
    assert.equal(upper.match?.id, 'uppercase:content');
    assert.equal(upper.match.description, 'content was upper-cased (`COFFEE`); the service signs the value exactly as sent');
    const falsy = explainSignature({
      template: ACCESS,
      values: { access: false },
      secret: SECRET,
      signature: rsaSign(`False|${S}`),
      publicKey: pub,
    });
    assert.equal(falsy.match?.id, 'python-bool:access');
    assert.equal(falsy.match.description, 'access was signed as `False` (a Python bool printed); JavaScript prints true/false');
    const { signature: _s, ...rest } = JSON.parse(bodyJson) as Record<string, unknown>;
    for (const [id, text, description] of [
      [
        'body-without-signature',
        JSON.stringify(rest),
        'JSON.stringify(body without its signature field) was signed instead of the canonical string',
      ],
      [
        'body-as-sent+secret',
        `${bodyJson}|${S}`,
        'the JSON body as sent was signed instead of the canonical string, with |secretKey appended',
      ],
      [
        'body-stringified+secret',
        `${JSON.stringify(JSON.parse(bodyJson))}|${S}`,
        'JSON.stringify(body) was signed instead of the canonical string, with |secretKey appended',
      ],
    ]) {
      const r = explain(rsaSign(text));
      assert.equal(r.match?.id, id);
      assert.equal(r.match.description, description);
      assert.equal(r.match.display, text.split(S).join('<secretKey>'));
    }
  });

  it('each scheme mistake and another key are described after "the string is right, but it was"', () => {
    const right = `${E}|${S}`;
    for (const [id, signature, how] of [
      [
        'pss',
        rsaSign(right, priv, 'sha256', true),
        'signed with RSASSA-PSS padding instead of PKCS#1 v1.5 (the service rejects PSS with error 2)',
      ],
      ['sha1', rsaSign(right, priv, 'sha1'), 'hashed with SHA-1 instead of SHA-256'],
      ['sha512', rsaSign(right, priv, 'sha512'), 'hashed with SHA-512 instead of SHA-256'],
      ['pss-sha1', rsaSign(right, priv, 'sha1', true), 'signed with RSASSA-PSS and SHA-1 instead of PKCS#1 v1.5 and SHA-256'],
      ['pss-sha512', rsaSign(right, priv, 'sha512', true), 'signed with RSASSA-PSS and SHA-512 instead of PKCS#1 v1.5 and SHA-256'],
      ['key:test-other', rsaSign(right, otherPriv), 'signed with another key (test-other)'],
    ]) {
      const r = explain(signature);
      assert.equal(r.match?.id, id);
      assert.equal(r.match.description, `the string is right, but it was ${how}`);
      assert.equal(r.match.display, `${E}|<secretKey>`);
      assert.equal(r.note, undefined);
    }
    // An unlabelled other key is named by its place in the list; key and scheme mistakes combine.
    const unlabelled = explain(rsaSign(right, otherPriv, 'sha1'), { otherPublicKeys: [pub, otherPub] });
    assert.equal(unlabelled.match?.id, 'key:2+sha1');
    assert.equal(
      unlabelled.match.description,
      'the string is right, but it was signed with another key (other key #2); and hashed with SHA-1 instead of SHA-256',
    );
  });

  it('a signature made with a 4096-bit key given as another key: found, with a note on its length', () => {
    // node:crypto directly: loadPrivateKey refuses a key of another size, but a signer may have used one.
    const big = createPrivateKey(keyPem('test-rsa4096-private.pem'));
    const bigPub = createPublicKey(keyPem('test-rsa4096-public.pem'));
    const r = explain(rsaSign(`${E}${S}`, big), { otherPublicKeys: [{ label: 'rsa4096', key: bigPub }] });
    assert.equal(r.match?.id, 'no-trailing-pipe+key:rsa4096');
    assert.equal(
      r.match.description,
      'the pipe before the secret is missing (the secret was glued to the last field); and signed with another key (rsa4096)',
    );
    assert.equal(
      r.note,
      'the signature is 512 bytes; an RSA-2048 signature is 256 bytes: it was truncated, double-encoded or made with a key of another size',
    );
  });
  it('diffs: a segment missing or extra at the end, every segment replaced, moves to either side, two moves of one text', () => {
    assert.deepEqual(segmentDiff('a|b|c', 'a|b'), [{ index: 2, expected: 'c', actual: '' }]);
    assert.deepEqual(segmentDiff('a|b', 'a|b|c'), [{ index: 2, expected: '', actual: 'c' }]);
    assert.deepEqual(segmentDiff('a|b', 'x|y'), [
      { index: 0, expected: 'a', actual: 'x' },
      { index: 1, expected: 'b', actual: 'y' },
    ]);
    assert.deepEqual(segmentDiff('a|b|c|K', 'a|b|c|K'), []);
    // c signed first; a signed last; b signed after the secret
    assert.deepEqual(segmentDiff('a|b|c|K', 'c|a|b|K'), [{ index: 2, expected: 'c', actual: 'c', movedTo: 0 }]);
    assert.deepEqual(segmentDiff('a|b|c|K', 'b|c|a|K'), [{ index: 0, expected: 'a', actual: 'a', movedTo: 2 }]);
    assert.deepEqual(segmentDiff('a|b|c|K', 'a|c|K|b'), [{ index: 1, expected: 'b', actual: 'b', movedTo: 3 }]);
    // Two fields holding the same text, both moved: each move points at its own place.
    assert.deepEqual(segmentDiff('x|x|a|b|K', 'a|b|x|x|K'), [
      { index: 0, expected: 'x', actual: 'x', movedTo: 2 },
      { index: 1, expected: 'x', actual: 'x', movedTo: 3 },
    ]);
    assert.deepEqual(segmentDiff('a|b|x|x|K', 'x|x|a|b|K'), [
      { index: 0, expected: 'a', actual: 'a', movedTo: 2 },
      { index: 1, expected: 'b', actual: 'b', movedTo: 3 },
    ]);
  });
});
