// Lint rules, one fixture or more per rule (test/fixtures/language/lint/*): each pair of `|` markers
// is the exact range of an expected diagnostic. Every diagnostic of the fixture is asserted (code,
// range, the parts of the message that name the problem and the fix), so a rule that goes silent
// or fires where it should not fails here. Quick fixes are applied and the resulting text checked.
import assert from 'node:assert/strict';
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { lintText, blockRules, fileRules } from '../../engine/language';
import { fixture, mark, open, service, TEST_ENV } from './fixture';
import { messageText } from '../helpers/messageText';

interface Expect {
  code: string;
  /** Index of the marker pair giving the range. */
  at: number;
  message: (string | RegExp)[];
}

const svc = service();

function rangeOf(positions: { line: number; character: number }[], pair: number): Range {
  return { start: positions[2 * pair], end: positions[2 * pair + 1] };
}

function check(name: string, expected: Expect[]): Diagnostic[] {
  const m = fixture(`lint/${name}`);
  const diagnostics = svc.diagnostics(open(svc, m.text));
  const key = (d: { code: string; range: Range }) => `${d.code} ${JSON.stringify(d.range)}`;
  assert.deepEqual(
    diagnostics.map((d) => key({ code: String(d.code), range: d.range })).sort(),
    expected.map((e) => key({ code: e.code, range: rangeOf(m.positions, e.at) })).sort(),
  );
  for (const e of expected) {
    const d = diagnostics.find((x) => x.code === e.code && JSON.stringify(x.range) === JSON.stringify(rangeOf(m.positions, e.at)) && e.message.every((p) => (typeof p === 'string' ? messageText(x.message).includes(p) : p.test(messageText(x.message)))));
    assert.ok(d, `${e.code} at pair ${e.at}: no message with ${e.message.join(' + ')}; got ${diagnostics.filter((x) => x.code === e.code).map((x) => messageText(x.message)).join(' / ')}`);
  }
  return diagnostics;
}

/** Applies the quick fix titled `title` for the diagnostic `d` and returns the new text. */
function applyFix(text: string, d: Diagnostic, title: string): string {
  const doc = open(svc, text);
  const actions = svc.codeActions(doc, d.range, [d]);
  const action = actions.find((a) => a.title === title);
  assert.ok(action, `no fix "${title}" among ${actions.map((a) => a.title).join(', ')}`);
  const edits = action.edit!.changes![doc.uri].map((e) => ({ start: doc.lines.offsetAt(e.range.start), end: doc.lines.offsetAt(e.range.end), text: e.newText }));
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('language/lint rules', () => {
  it('payout/signed-field-omitted: signed as `undefined`, with the document consequence (46 for cashout)', () => {
    const ds = check('signed-field-omitted.payout.http', [
      { code: 'payout/signed-field-omitted', at: 0, message: ['`bankAccountNumber` is signed but omitted', 'signed as the text `undefined`', 'Add "bankAccountNumber"'] },
      { code: 'payout/signed-field-omitted', at: 1, message: ['`fiatCurrency` is signed but omitted', 'fails with 46'] },
      { code: 'payout/signed-field-omitted', at: 1, message: ['`fiatAmount` is signed but omitted', 'fails with 46'] },
    ]);
    const { text } = fixture('lint/signed-field-omitted.payout.http');
    const fixed = applyFix(text, ds.find((d) => messageText(d.message).includes('bankAccountNumber'))!, 'Add "bankAccountNumber"');
    assert.match(fixed, /"extendInfo": null,\n {2}"bankAccountNumber": ""\n\}/);
  });

  it('nothing for fields the client fills itself (clientAssertion, signature), nor for the local sandbox\'s helpers', () => {
    check('filled-by-client.payout.http', []);
  });

  it('payout/required-field-missing: a missing required field (5) and a missing cashout recipient member', () => {
    const ds = check('required-field-missing.payout.http', [
      { code: 'payout/required-field-missing', at: 0, message: ['Required field `lastName` is missing', '5 INVALID_REQUEST_DATA', 'Add "lastName"'] },
      { code: 'payout/required-field-missing', at: 1, message: ['`extendInfo` is missing its required member `recipientNumber`'] },
    ]);
    const fixed = applyFix(fixture('lint/required-field-missing.payout.http').text, ds[0], 'Add "lastName"');
    assert.match(fixed, /"kycReport": "data:application\/pdf;base64,AAAA",\n {2}"lastName": ""\n\}/);
  });

  it('payout/unknown-field: did you mean, with a rename fix', () => {
    const [d] = check('unknown-field.payout.http', [{ code: 'payout/unknown-field', at: 0, message: ['Unknown field `fiatCurency`', 'Did you mean "fiatCurrency"?'] }]);
    assert.match(applyFix(fixture('lint/unknown-field.payout.http').text, d, 'Rename to "fiatCurrency"'), /"fiatCurrency": "VND"/);
  });

  it('payout/wrong-type: a quoted number, with an unquote fix', () => {
    const [d] = check('wrong-type.payout.http', [{ code: 'payout/wrong-type', at: 0, message: ['`fiatAmount` is a number, but the body has a string', 'without quotes'] }]);
    assert.match(applyFix(fixture('lint/wrong-type.payout.http').text, d, 'Write 100000 as a number'), /"fiatAmount": 100000\n/);
  });

  it('payout/value-not-allowed: network (6), bank-verify fiatCurrency (53), cashout outcome PROCESSING, plant status', () => {
    check('value-not-allowed.payout.http', [
      { code: 'payout/value-not-allowed', at: 0, message: ['`network` must be one of ERC20, TRC20, TON', '6 TOKEN_NOT_SUPPORTED_ON_NETWORK', 'Did you mean "ERC20"?'] },
      { code: 'payout/value-not-allowed', at: 1, message: ['must be one of VND, NGN, GHS, ZAR, KES', '53 FIAT_CURRENCY_NOT_SUPPORTED'] },
      { code: 'payout/value-not-allowed', at: 2, message: ['`outcome` must be one of SUCCESS, FAILED; "PROCESSING" is not'] },
      { code: 'payout/value-not-allowed', at: 3, message: ['`status` must be one of available, pending, sold'] },
    ]);
  });

  it('format rules: e-mail (27), country code, date, bare base64 (58), PDF (58), digits only, unaccented (17)', () => {
    const ds = check('formats.payout.http', [
      { code: 'payout/email-format', at: 0, message: ['"alice@", not an e-mail address', '27 USER_EMAIL_INVALID'] },
      { code: 'payout/country-code', at: 1, message: ['codes are uppercase', 'Write "VN"'] },
      { code: 'payout/date-format', at: 2, message: ['not a date in YYYY-MM-DD form'] },
      { code: 'payout/data-url', at: 3, message: ['bare base64 without the data URL prefix', '58 KYC_DOCUMENT_FORMAT_INVALID', '`data:image/jpeg;base64,`'] },
      { code: 'payout/data-url', at: 4, message: ['not a PDF data URL', 'data:application/pdf;base64,<DATA>'] },
      { code: 'payout/digits-only', at: 5, message: ['digits only, with no plus sign', 'Write "84"'] },
      { code: 'payout/unaccented-text', at: 6, message: ['accents or special characters', '17 INVALID_TRANSFER_CONTENT', '"Ca phe sua"'] },
    ]);
    const text = fixture('lint/formats.payout.http').text;
    assert.match(applyFix(text, ds.find((d) => d.code === 'payout/date-format')!, 'Change to "1990-01-31"'), /"dateOfBirth": "1990-01-31"/);
    assert.match(applyFix(text, ds.find((d) => d.code === 'payout/data-url' && messageText(d.message).includes('bare'))!, 'Change to "data:image/jpeg;base64,AAAABBBB"'), /"frontIdImage": "data:image\/jpeg;base64,AAAABBBB"/);
    assert.match(applyFix(text, ds.find((d) => d.code === 'payout/unaccented-text')!, 'Change to "Ca phe sua"'), /"content": "Ca phe sua"/);
  });

  it('payout/back-image-required: an ID card without backIdImage is 58, not 5', () => {
    check('back-image-required.payout.http', [{ code: 'payout/back-image-required', at: 0, message: ['`backIdImage` is missing for type ID_CARD', '58 KYC_DOCUMENT_FORMAT_INVALID, not 5'] }]);
  });

  it('payout/below-minimum: generate-philippines-qrcode amount below 200', () => {
    check('below-minimum.payout.http', [{ code: 'payout/below-minimum', at: 0, message: ['below the minimum of 200'] }]);
  });

  it('payout/extend-info: PHP needs PH (44), ARS with BR first, VND takes null, PH without additionalData (44)', () => {
    const ds = check('extend-info.payout.http', [
      { code: 'payout/extend-info', at: 0, message: ['fiatCurrency PHP needs `extendInfo.PH`', '44 INVALID_PAYMENT_INFO'] },
      { code: 'payout/extend-info', at: 1, message: ['the service reads BR, AR, PE in that order, so it uses BR, not AR for ARS', 'remove "BR"'] },
      { code: 'payout/extend-info', at: 2, message: ['For fiatCurrency VND, send `extendInfo: null`', 'only PHP, GEL, BRL, ARS, PEN read a country key'] },
      { code: 'payout/extend-info', at: 3, message: ['needs `extendInfo.PH.additionalData`', '44 INVALID_PAYMENT_INFO'] },
    ]);
    const text = fixture('lint/extend-info.payout.http').text;
    assert.match(applyFix(text, ds.find((d) => messageText(d.message).includes('send `extendInfo: null`'))!, 'Replace extendInfo with null'), /"content": "Lunch",\n {2}"extendInfo": null\n\}\n\n### PHP without/);
  });

  it('payout/number-signs-differently: 100000.00 is signed as 100000', () => {
    const [d] = check('number-format.payout.http', [{ code: 'payout/number-signs-differently', at: 0, message: ['written 100000.00 but is signed as `100000`'] }]);
    assert.match(applyFix(fixture('lint/number-format.payout.http').text, d, 'Write 100000'), /"fiatAmount": 100000\n/);
  });

  it('request line: unknown path (closest known), wrong method, missing Content-Type, plant id not an integer; own APIs not judged', () => {
    const ds = check('request-line.payout.http', [
      { code: 'payout/unknown-path', at: 0, message: ['No payout service endpoint at /api/v2/orders/create-sell-ordr', 'Did you mean POST /api/v2/orders/create-sell-order?'] },
      { code: 'payout/unknown-path', at: 1, message: ['Method GET is not allowed on /api/v2/orders/details: use POST'] },
      { code: 'payout/missing-content-type', at: 2, message: ['No `Content-Type` header', 'send and curl add'] },
      { code: 'payout/parameter-value', at: 3, message: ['`plantId` must be an integer; "abc" is not'] },
    ]);
    const text = fixture('lint/request-line.payout.http').text;
    assert.match(applyFix(text, ds[0], 'Change to POST /api/v2/orders/create-sell-order'), /^POST \{\{base_url\}\}\/api\/v2\/orders\/create-sell-order$/m);
    assert.match(applyFix(text, ds.find((d) => d.code === 'payout/missing-content-type')!, 'Add Content-Type: application/json'), /account\/verify\nContent-Type: application\/json\n\n\{ "partnerCode"/);
  });

  it('file rules: undefined variable and request, duplicate externalOrderId (11), v3 without a user', () => {
    check('file-rules.payout.http', [
      { code: 'payout/undefined-variable', at: 0, message: ['Variable `partnerCod` is not defined', 'Did you mean `partnerCode`?'] },
      { code: 'payout/duplicate-external-order-id', at: 1, message: ['"order-1" is already used by the request on line 1', '11 DUPLICATE_TRANSACTION_ID'] },
      { code: 'payout/unknown-field', at: 2, message: ['Unknown field `fiatAmountX`'] },
      { code: 'payout/undefined-variable', at: 3, message: ['No request named `nope`'] },
      { code: 'payout/token-unavailable', at: 4, message: ['needs an access token for a user', '`# @user alice@example.com`'] },
    ]);
  });

  it('payout/token-unavailable is silent when the client knows the user (# @user, userEmail variable)', () => {
    const withUser = '### Quote\n# @user bob@example.com\nPOST {{base_url}}/v3/scan-to-pay/quotes\nContent-Type: application/json\n\n{ "currency": "USDT", "fiatAmount": 1 }\n';
    assert.deepEqual(svc.diagnostics(open(svc, withUser)).map((d) => d.code), []);
    const withVar = `@userEmail = bob@example.com\n${withUser.replace('# @user bob@example.com\n', '')}`;
    assert.deepEqual(svc.diagnostics(open(svc, withVar)).map((d) => d.code), []);
  });

  it('payout/signature-mismatch: a typed signature is checked with the environment keys', () => {
    const keyFile = join(import.meta.dirname, '../fixtures/keys/test-partner-private.pem');
    const env = { ...TEST_ENV, privateKeyFile: keyFile };
    const keyed = service(env);
    // The reference signature, computed with node:crypto directly (not through engine/signing).
    const canonical = `PARTNER1|${TEST_ENV.secretKey}`;
    const good = createSign('sha256').update(canonical).sign(readFileSync(keyFile, 'utf8'), 'base64');
    const request = (sig: string) => `### Verify\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}", "signature": |"${sig}"| }\n`;
    assert.deepEqual(keyed.diagnostics(open(keyed, mark(request(good)).text)), []);
    const bad = mark(request(good.replace(/^.{4}/, 'AAAA')));
    const ds = keyed.diagnostics(open(keyed, bad.text));
    assert.deepEqual(ds.map((d) => [d.code, d.range]), [['payout/signature-mismatch', { start: bad.positions[0], end: bad.positions[1] }]]);
    assert.match(messageText(ds[0].message), /does not match the signed string `PARTNER1\|<secretKey>`/);
    assert.ok(!messageText(ds[0].message).includes(TEST_ENV.secretKey));
    // Without keys nothing is claimed.
    assert.deepEqual(svc.diagnostics(open(svc, bad.text)), []);
  });

  it('parser problems are reported with their own codes', () => {
    const ds = svc.diagnostics(open(svc, '### Bad JSON\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{ "partnerCode": "x", }\n'));
    assert.ok(ds.some((d) => String(d.code).startsWith('syntax/')), JSON.stringify(ds));
  });

  it('every rule has a stable, unique payout/ code and a description', () => {
    const codes = [...blockRules, ...fileRules].map((r) => r.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const r of [...blockRules, ...fileRules]) {
      assert.match(r.code, /^payout\/[a-z-]+$/);
      assert.ok(r.description.length > 10);
    }
  });
});

describe('language/lintText (the CLI entry point)', () => {
  it('lints a file text with the environment of its folder, sorted by position', () => {
    const text = fixture('lint/signed-field-omitted.payout.http').text + fixture('lint/wrong-type.payout.http').text.replace('### Quote', '\n### Quote');
    const ds = lintText(text, { fileDir: '/nonexistent', environment: 'test', loadEnvironment: () => TEST_ENV });
    assert.deepEqual(
      ds.map((d) => [d.code, d.severity, d.range.start.line]),
      [
        ['payout/signed-field-omitted', 'warning', 6],
        ['payout/signed-field-omitted', 'warning', 21],
        ['payout/signed-field-omitted', 'warning', 21],
        ['payout/wrong-type', 'error', 36],
      ],
    );
  });

  it('never throws, whatever the text', () => {
    for (const t of ['', '###', '{{', '}}}}{{', 'POST', '\u0000\uffff', 'POST {{base_url}}/api/v2/orders/create-sell-order\n\n{"a":', '@=\n@x = {{x}}\n{{x}}']) {
      assert.ok(Array.isArray(lintText(t, { fileDir: '/nonexistent', loadEnvironment: () => ({}) })));
    }
  });
});
