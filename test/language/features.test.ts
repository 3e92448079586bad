// Hover, CodeLens (live canonical string + Send), the canonical-string request, symbols, folding,
// definitions and references, on test/fixtures/language/features/orders.payout.http.
import assert from 'node:assert/strict';
import type { MarkupContent } from 'vscode-languageserver-types';
import { createLanguageService } from '../../engine/language';
import { SEND_REQUEST_COMMAND } from '../../engine/protocol';
import type { LanguageService } from '../../engine/language';
import type { PayoutDocument } from '../../engine/language/document';
import { fixture, open, service, TEST_ENV, failWhenARuleThrows } from './fixture';

// A fresh service per test (fixture.ts, `service`): a parse or lint result cached by an earlier test
// must not answer for this one.
const { text } = fixture('features/orders.payout.http');
let svc: LanguageService;
let doc: PayoutDocument;
beforeEach(() => {
  svc = service();
  doc = open(svc, text, 'file:///work/orders.payout.http');
});
const lineOf = (needle: string) => text.split('\n').findIndex((l) => l.includes(needle));
const hoverText = (line: number, character: number) => (svc.hover(doc, { line, character })?.contents as MarkupContent | undefined)?.value;

describe('language/features', () => {
  failWhenARuleThrows();
  it('CodeLens: Send on every request, the canonical string above signed ones (secret as <secretKey>)', () => {
    const lenses = svc.codeLenses(doc);
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title]),
      [
        [5, '▶ Send request'],
        [5, 'Signs: PARTNER1|USDT|100000|<secretKey>'],
        [15, '▶ Send request'],
        [
          15,
          'Signs: PARTNER1|{{$uuid}}|USDT|{{quote.response.body.$.data.fiatAmount}}|970436|undefined|Coffee|alice@example.com|<secretKey>',
        ],
        [30, '▶ Send request'],
      ],
    );
    assert.deepEqual(lenses[0].command?.command, SEND_REQUEST_COMMAND);
    assert.deepEqual(lenses[2].command?.arguments, ['file:///work/orders.payout.http', 15]);
    assert.ok(!JSON.stringify(lenses).includes(TEST_ENV.secretKey) && !JSON.stringify(lenses).includes('from-the-file'));
  });

  it('CodeLens follows every keystroke (a new version of the document)', () => {
    const edited = open(
      svc,
      text.replace('"currency": "USDT",\n  "fiatAmount": 100000', '"currency": "BTC",\n  "fiatAmount": 100000.50'),
      'file:///work/edited.payout.http',
    );
    assert.equal(svc.codeLenses(edited)[1].command?.title, 'Signs: PARTNER1|BTC|100000.5|<secretKey>');
    // The next version of the same document: the parser reuses the unchanged blocks.
    const omitted = open(svc, text.replace(',\n  "fiatAmount": 100000', ''), 'file:///work/edited.payout.http');
    assert.equal(
      svc.codeLenses(omitted)[1].command?.title,
      'Signs: PARTNER1|USDT|0|<secretKey>',
      'review-sell-order signs an omitted fiatAmount as 0',
    );
  });

  it('payoutHttp/canonicalString: segments with ranges, omitted fields, unresolved variables', () => {
    const r = svc.canonicalString(doc, { line: 20, character: 4 });
    assert.ok(r);
    assert.equal(r.endpointId, 'v2.orders.create-sell-order');
    // `{{$uuid}}` and a response reference get their values when sent: nothing for the user to define.
    assert.deepEqual(r.unresolved, []);
    assert.match(r.display, /\{\{\$uuid\}\}/);
    assert.deepEqual(r.omitted, [
      {
        field: 'bankAccountNumber',
        signedAs: 'undefined',
        note: 'An omitted `bankAccountNumber` is not rejected as missing; it is signed as `undefined`.',
      },
    ]);
    assert.deepEqual(
      r.segments.map((s) => [s.field, s.text, s.omitted, s.range?.start.line]),
      [
        ['partnerCode', 'PARTNER1', false, 19],
        ['externalOrderId', '{{$uuid}}', false, 20],
        ['currency', 'USDT', false, 21],
        ['fiatAmount', '{{quote.response.body.$.data.fiatAmount}}', false, 22],
        ['bankCode', '970436', false, 24],
        ['bankAccountNumber', 'undefined', true, undefined],
        ['content', 'Coffee', false, 25],
        ['userEmail', 'alice@example.com', false, 23],
      ],
    );
    assert.deepEqual(r.segments[3].range, { start: { line: 22, character: 16 }, end: { line: 22, character: 57 } });
    assert.equal(svc.canonicalString(doc, { line: 30, character: 2 }), null, 'the plant store is not signed');
  });

  it('hover on a body field: documentation and its place in the signed string', () => {
    const h = hoverText(lineOf('"content": "Coffee"'), 4)!;
    assert.match(h, /\*\*content\*\* · string · required · signed 7\/8/);
    assert.match(h, /segment 7 of 8/);
    assert.match(
      h,
      /partnerCode\|externalOrderId\|currency\|fiatAmount\|bankCode\|bankAccountNumber\|\*\*content\*\*\|userEmail\|<secretKey>/,
    );
    assert.match(h, /17 INVALID_TRANSFER_CONTENT/);
    assert.match(hoverText(lineOf('"extendInfo"'), 4)!, /Not part of the signed string/);
  });

  it('hover on the request line: the endpoint, its template and the string as it will be signed now', () => {
    const h = hoverText(5, 40)!;
    assert.match(h, /POST \/api\/v2\/orders\/review-sell-order/);
    assert.match(h, /partnerCode\|currency\|fiatAmount\|<secretKey>/);
    assert.match(h, /PARTNER1\|USDT\|100000\|<secretKey>/);
  });

  it('hover on variables: resolved values, secrets masked', () => {
    assert.equal(hoverText(lineOf('"userEmail": "{{userEmail}}"'), 20), '**userEmail** (file variable) = `alice@example.com`');
    assert.equal(hoverText(lineOf('"partnerCode"'), 22), '**partnerCode** (environment `test`) = `PARTNER1`');
    assert.equal(hoverText(1, 3), '**secretKey** (file variable): `<secretKey>` (secret, not shown)');
    assert.match(hoverText(lineOf('$uuid'), 26)!, /\{\{\$uuid\}\}/);
    assert.match(hoverText(lineOf('quote.response'), 30)!, /last response of request \*\*quote\*\*/);
  });

  it('document symbols: one per request, named by title', () => {
    assert.deepEqual(
      svc.documentSymbols(doc).map((s) => [s.name, s.detail, s.range.start.line, s.range.end.line, s.selectionRange.start.line]),
      [
        ['Quote a scan-to-pay order', 'POST {{base_url}}/api/v2/orders/review-sell-order', 3, 12, 5],
        ['Pay the merchant', 'POST {{base_url}}/api/v2/orders/create-sell-order', 14, 27, 15],
        ['Plants', 'GET {{plant_base_url}}/plant/search/status?status=available', 29, 30, 30],
      ],
    );
  });

  it('folding: one range per block', () => {
    assert.deepEqual(
      svc.foldingRanges(doc).map((f) => [f.startLine, f.endLine]),
      [
        [0, 1],
        [3, 12],
        [14, 27],
        [29, 30],
      ],
    );
  });

  it('definition and references of a variable and of a named request', () => {
    const useLine = lineOf('"userEmail": "{{userEmail}}"');
    assert.deepEqual(
      svc.definition(doc, { line: useLine, character: 20 }).map((l) => [l.range.start.line, l.range.start.character]),
      [[0, 1]],
    );
    assert.deepEqual(
      svc.references(doc, { line: 0, character: 3 }, true).map((l) => l.range.start.line),
      [0, useLine],
    );
    const quoteUse = lineOf('quote.response');
    assert.deepEqual(
      svc.definition(doc, { line: quoteUse, character: 20 }).map((l) => [l.range.start.line, l.range.start.character]),
      [[4, 8]],
    );
    assert.deepEqual(
      svc.references(doc, { line: 4, character: 10 }, false).map((l) => l.range.start.line),
      [quoteUse],
    );
  });
});

describe('language/environment switch', () => {
  failWhenARuleThrows();
  it('re-lints and re-previews the same document version when the environment changes', () => {
    let env: Record<string, string> = { ...TEST_ENV };
    // The loader reads `env` at call time, like reading the files again after they changed.
    const live = createLanguageService({ environment: 'test', loadEnvironment: () => env });
    const d = live.document(
      'file:///work/env.payout.http',
      1,
      '### V\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}" }\n',
    );
    assert.deepEqual(live.diagnostics(d), []);
    env = { base_url: 'http://x' };
    live.invalidateEnvironment();
    assert.deepEqual(
      live.diagnostics(d).map((x) => x.code),
      ['payout/undefined-variable'],
    );
    assert.equal(live.codeLenses(d)[1].command?.title, 'Signs: {{partnerCode}}|<secretKey>');
  });
});
