import assert from 'node:assert/strict';
import { renderSignedStringHtml } from '../../client/src/signedStringHtml';
import type { CanonicalStringResult } from '../../engine/protocol';

const opts = { cspSource: 'vscode-resource:', nonce: 'N0NCE' };
const range = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 20 } });

describe('signed-string view HTML', () => {
  const result: CanonicalStringResult = {
    endpointId: 'v2.orders.create-sell-order',
    display: 'P1|abc|USDT|100000|970436|undefined|Coffee|<b>@x|<secretKey>',
    segments: [
      { field: 'partnerCode', text: 'P1', omitted: false, range: range(5) },
      { field: 'bankAccountNumber', text: 'undefined', omitted: true, signedAs: 'undefined' },
      { field: 'userEmail', text: '<b>@x', omitted: false, range: range(9) },
    ],
    omitted: [{ field: 'bankAccountNumber', signedAs: 'undefined', note: 'it will be signed as the text undefined' }],
    unresolved: ['partnerCode'],
  };
  const html = renderSignedStringHtml(result, opts);

  it('links each segment with a range to that range', () => {
    assert.ok(html.includes(`data-range="${JSON.stringify(range(5)).replace(/"/g, '&quot;')}"`));
    assert.equal((html.match(/data-range=/g) ?? []).length, 2);
  });

  it('marks omitted fields with what they are signed as', () => {
    assert.match(html, /class="segment omitted"><span class="field">bankAccountNumber<\/span>/);
    assert.match(html, /omitted: signed as <code>undefined<\/code>/);
    assert.match(html, /<b>bankAccountNumber<\/b> is signed as <code>undefined<\/code>: it will be signed/);
  });

  it('escapes values from the file and keeps scripts to the nonce', () => {
    assert.ok(!html.includes('<b>@x'));
    assert.ok(html.includes('&lt;b&gt;@x'));
    assert.match(html, /script-src 'nonce-N0NCE'/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
  });

  it('names unresolved variables and says what to do', () => {
    assert.match(html, /Unresolved variables.*<code>partnerCode<\/code>.*Define them/s);
  });

  it('explains an empty state instead of showing nothing', () => {
    assert.match(renderSignedStringHtml(null, { ...opts, fileName: 'a.payout.http' }), /not in a signed request of a\.payout\.http/);
    assert.match(renderSignedStringHtml(null, { ...opts, problem: 'server down' }), /server down/);
  });
});
