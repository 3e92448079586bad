// Issue 26: explain opens the signature with the public key (a definitive verdict: this key pair
// and which hash, PSS, another key) and then finds the value the signer put in a field by hashing
// candidates. Every signature here is made by the test with node:crypto over a string written out
// by hand, never by the code under test; the keys are the committed throw-away test keys.
import assert from 'node:assert/strict';
import { constants, privateEncrypt, createHash, sign, type KeyObject } from 'node:crypto';
import { explainSignature, type ExplainInput } from '../../engine/signing/explain';
import { openSignature } from '../../engine/signing/open';
import { loadPrivateKey, loadPublicKey } from '../../engine/signing/keys';
import { explanationLines } from '../../engine/http/render';
import { requestTemplate, responseTemplate } from './templates';
import { keyPem } from './helpers';

const SECRET = 'test-secret-Zq81';
const S = SECRET;
const priv = loadPrivateKey(keyPem('test-partner-private.pem'));
const pub = loadPublicKey(keyPem('test-partner-public.pem'));
const otherPriv = loadPrivateKey(keyPem('test-other-private.pem'));

function rsa(text: string, o: { key?: KeyObject; hash?: string; pss?: number } = {}): string {
  const key = o.key ?? priv;
  const opts =
    o.pss !== undefined
      ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: o.pss }
      : { key, padding: constants.RSA_PKCS1_PADDING };
  return sign(o.hash ?? 'sha256', Buffer.from(text, 'utf8'), opts).toString('base64');
}

const QUOTE = requestTemplate('v2.orders.review-sell-order');
const quote = { partnerCode: 'TESTPARTNER', currency: 'USDT', fiatAmount: 150000 };
const SELL = requestTemplate('v2.orders.create-sell-order');
const sell = {
  partnerCode: 'TESTPARTNER',
  externalOrderId: 'ORD-7',
  currency: 'USDT',
  fiatAmount: 150000,
  bankCode: '970436',
  bankAccountNumber: '0123456789',
  content: 'Coffee',
  userEmail: 'alice@example.com',
};
// What a caller has at hand: the file's other requests (values with the field they were in) and an
// earlier send of this session (values only).
const FILE = [
  { source: 'request quote-small of the file', field: 'fiatAmount', values: [123400] },
  { source: 'request create-1 of the file', field: 'externalOrderId', values: ['ORD-6', 'ORD-5'] },
  { source: 'request create-1 of the file', field: 'content', values: ['Coffee x2'] },
];
const EARLIER_SEND = { source: 'an earlier send of create (10:02:11)', values: ['ORD-6b', 'Latte', 987654] };

function explain(input: Partial<ExplainInput> & { signature: string }) {
  const r = explainSignature({ template: SELL, values: sell, secret: SECRET, publicKey: pub, budgetMs: 60_000, ...input });
  assert.ok(!JSON.stringify(r).includes(SECRET), 'the secret must never appear in an explanation');
  assert.ok(!explanationLines(r).join('\n').includes(SECRET));
  return r;
}

describe('signing/explain: opened with the public key, values found at hash speed (issue 26)', () => {
  it('a changed amount among the values of the file: field, value, segment, and everything else matches', () => {
    const r = explain({ template: QUOTE, values: quote, signature: rsa(`TESTPARTNER|USDT|123400|${S}`), sources: FILE });
    assert.equal(r.verdict.kind, 'this-key');
    assert.equal(r.match?.id, 'value:fiatAmount');
    assert.equal(
      r.match.description,
      'Your backend signed `fiatAmount` = `123400` where the request sends `150000` (segment 3). Everything else matches. (Found in: request quote-small of the file.)',
    );
    assert.deepEqual(r.match.changes, [
      { field: 'fiatAmount', segment: 3, signed: '123400', sent: '150000', from: 'request quote-small of the file' },
    ]);
    assert.deepEqual(r.match.diff, [{ index: 2, expected: '150000', actual: '123400' }]);
    assert.equal(r.match.display, 'TESTPARTNER|USDT|123400|<secretKey>');
    const lines = explanationLines(r).join('\n');
    assert.match(lines, /verdict: the signature was made with the partner key of this environment \(PKCS#1 v1\.5, SHA-256\)/);
    assert.match(lines, /segment 3: expected "150000", signed "123400"/);
  });

  it('without the file the same amount is not found: the value came from the file', () => {
    const r = explain({ template: QUOTE, values: quote, signature: rsa(`TESTPARTNER|USDT|123400|${S}`) });
    assert.equal(r.match, undefined);
    assert.equal(r.searched?.complete, true);
  });

  it('an order id taken from an earlier request of the file', () => {
    const r = explain({ signature: rsa(`TESTPARTNER|ORD-5|USDT|150000|970436|0123456789|Coffee|alice@example.com|${S}`), sources: FILE });
    assert.equal(r.match?.id, 'value:externalOrderId');
    assert.match(
      r.match.description,
      /^Your backend signed `externalOrderId` = `ORD-5` where the request sends `ORD-7` \(segment 2\)\. Everything else matches\./,
    );
  });

  it('a value that exists only in an earlier send (the history)', () => {
    const signature = rsa(`TESTPARTNER|ORD-7|USDT|150000|970436|0123456789|Latte|alice@example.com|${S}`);
    assert.equal(explain({ signature, sources: FILE }).match, undefined, 'not in the file');
    const r = explain({ signature, sources: [...FILE, EARLIER_SEND] });
    assert.equal(r.match?.id, 'value:content');
    assert.equal(r.match.changes?.[0].from, 'an earlier send of create (10:02:11)');
  });

  it('two fields changed at once', () => {
    const r = explain({
      signature: rsa(`TESTPARTNER|ORD-6b|USDT|123400|970436|0123456789|Coffee|alice@example.com|${S}`),
      sources: [...FILE, EARLIER_SEND],
    });
    assert.equal(r.match?.id, 'values:externalOrderId,fiatAmount');
    assert.match(
      r.match.description,
      /^Your backend signed `externalOrderId` = `ORD-6b` where the request sends `ORD-7` \(segment 2\), and `fiatAmount` = `123400` where the request sends `150000` \(segment 4\)\. Everything else matches\./,
    );
    assert.deepEqual(
      r.match.diff.map((d) => d.index),
      [1, 3],
    );
  });

  it('numbers near the one sent: a 1% fee taken off, and cents instead of units', () => {
    const fee = explain({ template: QUOTE, values: quote, signature: rsa(`TESTPARTNER|USDT|148500|${S}`) });
    assert.equal(fee.match?.id, 'value:fiatAmount');
    assert.equal(fee.match.changes?.[0].from, 'a number near 150000');
    const cents = explain({ template: QUOTE, values: quote, signature: rsa(`TESTPARTNER|USDT|15000000|${S}`) });
    assert.equal(cents.match?.changes?.[0].signed, '15000000');
  });

  it('a changed value combined with a layout mistake, and a changed value under SHA-1', () => {
    const glued = explain({ template: QUOTE, values: quote, signature: rsa(`TESTPARTNER|USDT|123400${S}`), sources: FILE });
    assert.equal(glued.match?.id, 'value:fiatAmount+no-trailing-pipe');
    assert.match(glued.match.description, /Besides, the pipe before the secret is missing/);
    const sha1 = explain({
      template: QUOTE,
      values: quote,
      signature: rsa(`TESTPARTNER|USDT|123400|${S}`, { hash: 'sha1' }),
      sources: FILE,
    });
    assert.equal(sha1.verdict.kind, 'other-hash');
    assert.equal(sha1.match?.id, 'value:fiatAmount+sha1');
  });

  it('a changed value with another field left out, and in the JSON body signed instead', () => {
    const dropped = explain({
      signature: rsa(`TESTPARTNER|ORD-5|USDT|150000|970436|Coffee|alice@example.com|${S}`),
      sources: FILE,
    });
    assert.equal(dropped.match?.id, 'value:externalOrderId+drop:bankAccountNumber');
    assert.match(dropped.match.description, /Besides, bankAccountNumber was left out of the signed string\./);
    const bodyJson = JSON.stringify({ ...sell, signature: 'placeholder' });
    const body = explain({ signature: rsa(JSON.stringify({ ...sell, fiatAmount: 123400 })), sources: FILE, bodyJson });
    assert.equal(body.match?.id, 'value:fiatAmount+body-without-signature');
    assert.equal(body.match.display, JSON.stringify({ ...sell, fiatAmount: 123400 }));
    const withSecret = explain({
      signature: rsa(`${JSON.stringify({ ...sell, content: 'Latte' })}|${S}`),
      sources: [EARLIER_SEND],
      bodyJson,
    });
    assert.equal(withSecret.match?.id, 'value:content+body-without-signature+secret');
    assert.equal(withSecret.match.display, `${JSON.stringify({ ...sell, content: 'Latte' })}|<secretKey>`);
  });

  it('a signature made with another key: that verdict, and no other suggestion', () => {
    const r = explain({
      signature: rsa(`TESTPARTNER|ORD-7|USDT|150000|970436|0123456789|Coffee|alice@example.com|${S}`, { key: otherPriv }),
      sources: FILE,
    });
    assert.deepEqual(r.verdict, {
      kind: 'other-key',
      text: 'not made with the key of this environment (the partner key pair does not match: check which private key your backend loads)',
    });
    assert.equal(r.match, undefined);
    assert.equal(r.searched, undefined);
    assert.equal(r.tried, 0);
    assert.doesNotMatch(r.verdict.text, /\bor\b/);
    assert.deepEqual(explanationLines(r, ''), [
      'expected string: TESTPARTNER|ORD-7|USDT|150000|970436|0123456789|Coffee|alice@example.com|<secretKey>',
      'verdict: the signature was not made with the key of this environment (the partner key pair does not match: check which private key your backend loads)',
      'to explain it against the key pair your backend uses, give its public key with --public-key FILE',
    ]);
    // In the editor the advice names an editor action, not a flag.
    const editor = explanationLines(r, '', 'editor').join('\n');
    assert.doesNotMatch(editor, /--/);
    assert.match(editor, /Payout HTTP: Select Environment/);
  });

  it('SHA-1, SHA-512 and PSS are each named by the verdict, on the right string', () => {
    const right = `TESTPARTNER|USDT|150000|${S}`;
    for (const [signature, kind, id, text] of [
      [
        rsa(right, { hash: 'sha1' }),
        'other-hash',
        'sha1',
        'made with the partner key of this environment, hashed with SHA-1 instead of SHA-256',
      ],
      [
        rsa(right, { hash: 'sha512' }),
        'other-hash',
        'sha512',
        'made with the partner key of this environment, hashed with SHA-512 instead of SHA-256',
      ],
      [
        rsa(right, { pss: 32 }),
        'pss',
        'pss',
        'made with the partner key of this environment, with PSS padding (SHA-256): the service verifies PKCS#1 v1.5 and answers error 2',
      ],
    ]) {
      const r = explain({ template: QUOTE, values: quote, signature });
      assert.deepEqual(r.verdict, { kind, text });
      assert.equal(r.match?.id, id);
      assert.doesNotMatch(r.verdict.text, /\bor\b/);
    }
  });

  it('PSS is opened whatever the salt length (0, 20, the digest length, the maximum) and names its hash', () => {
    const text = `TESTPARTNER|USDT|150000|${S}`;
    for (const salt of [0, 20, 32, 222]) assert.equal(openSignature(rsa(text, { pss: salt }), pub)?.padding, 'pss', `salt ${salt}`);
    const o = openSignature(rsa(text, { pss: 20, hash: 'sha1' }), pub);
    assert.equal(o?.hash, 'sha1');
    assert.ok(o.matches(text));
    assert.ok(!o.matches(`${text} `));
  });

  it('a bare digest padded and encrypted by hand (no DigestInfo) is named as such', () => {
    const text = `TESTPARTNER|USDT|150000|${S}`;
    const bare = privateEncrypt({ key: priv, padding: constants.RSA_PKCS1_PADDING }, createHash('sha256').update(text).digest()).toString(
      'base64',
    );
    const r = explain({ template: QUOTE, values: quote, signature: bare });
    assert.equal(r.verdict.kind, 'raw-digest');
    assert.equal(r.match?.id, 'raw-sha256');
  });

  it('a value not among the candidates: "not found" with what was searched, the search complete within its budget', () => {
    const r = explain({
      signature: rsa(`TESTPARTNER|ORD-7|USDT|150000|970436|0123456789|Green tea|alice@example.com|${S}`),
      sources: [...FILE, EARLIER_SEND],
    });
    assert.equal(r.match, undefined);
    assert.equal(r.verdict.kind, 'this-key');
    const s = r.searched!;
    assert.equal(s.complete, true);
    assert.equal(s.budgetMs, 60_000);
    assert.deepEqual(s.sources, [
      'request quote-small of the file',
      'request create-1 of the file',
      'an earlier send of create (10:02:11)',
    ]);
    for (const stage of ['one field holding another value', 'two fields holding other values'])
      assert.ok(s.families.includes(stage), stage);
    assert.ok(s.candidates > 10_000, `${s.candidates} candidates`);
    assert.equal(r.tried, s.strings + s.candidates);
    const text = explanationLines(r).join('\n');
    assert.match(text, /not found: no string tried gives the signed digest\. Tried \d+ strings/);
    assert.match(text, /values from: request quote-small of the file; request create-1 of the file; an earlier send of create/);
    assert.match(text, /searched all in \d+ ms \(budget 60000 ms\)/);
  });

  it('the budget stops the search and says so (a clock that has run out)', () => {
    let t = 0;
    const r = explain({
      signature: rsa(`TESTPARTNER|ORD-7|USDT|150000|970436|0123456789|Green tea|alice@example.com|${S}`),
      sources: FILE,
      budgetMs: 5,
      now: () => (t += 10),
    });
    assert.equal(r.match, undefined);
    assert.equal(r.searched?.complete, false);
    assert.ok(r.searched.candidates <= 512, `${r.searched.candidates}`);
    assert.match(explanationLines(r).join('\n'), /stopped at the time budget/);
  });

  it('a response signature with the service key: "The service signed … where the data carries …"', () => {
    const order = { externalOrderId: 'o-7', type: 'SELL', fiatAmount: 150000, status: 'SUCCESS' };
    const r = explainSignature({
      template: responseTemplate('v2.orders.details'),
      values: order,
      secret: SECRET,
      signature: rsa(`o-7|SELL|150000|PROCESSING|${S}`),
      publicKey: pub,
      keyRole: 'service',
      sources: [{ source: 'an earlier response of details', field: 'status', values: ['PROCESSING'] }],
    });
    assert.match(
      r.match?.description ?? '',
      /^The service signed `status` = `PROCESSING` where the data carries `SUCCESS` \(segment 4\)\./,
    );
    const other = explainSignature({
      template: responseTemplate('v2.orders.details'),
      values: order,
      secret: SECRET,
      signature: rsa('x', { key: otherPriv }),
      publicKey: pub,
      keyRole: 'service',
    });
    assert.match(other.verdict.text, /^not made with the service key of this environment/);
  });
});
