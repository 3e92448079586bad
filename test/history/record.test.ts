// historyEntry: the one builder of a history record (editor and CLI). Fed a send result holding the
// secretKey, a token and the signature in every place a response or request could echo them, the
// record holds none of them; a large body is cut and says so. (The real exchanges are in
// test/lsp/history.test.ts and test/cli/history.test.ts; this pins the redaction and the caps.)
import assert from 'node:assert/strict';
import { historyEntry, SIGNATURE_PLACEHOLDER, sourceIn } from '../../engine/history/record';
import { HISTORY_LIMITS } from '../../engine/history/types';
import { Redactor } from '../../engine/http/redact';
import type { SendResult } from '../../engine/http/types';
import { parseHttpFile } from '../../engine/syntax/parser';

const SECRET = 'sk-live-0123456789abcdef';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';
const SIGNATURE = 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789+/==';

function result(bodyText: string): SendResult {
  return {
    prepared: {
      label: 'quote',
      name: 'quote',
      method: 'POST',
      url: 'http://127.0.0.1:1/api/v2/orders/review-sell-order',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` },
      body: `{"partnerCode":"P1","signature":"${SIGNATURE}"}`,
      signing: { canonicalDisplay: 'P1|USDT|100000|<secretKey>', segments: [], omitted: [], signature: SIGNATURE, source: 'computed' },
      secretHeaders: ['Authorization'],
      problems: [],
      warnings: [],
    },
    response: {
      status: 200,
      headers: { 'set-cookie': `s=${TOKEN}`, 'x-echo': SECRET },
      bodyText,
      durationMs: 12.6,
      bytes: bodyText.length,
    },
    assertions: [{ text: '?? body $.data.token == x', ok: false, actual: `"${TOKEN}"`, message: `expected x, got "${TOKEN}"` }],
    attempts: [{ attempt: 1, status: 200 }],
    ok: false,
  };
}

describe('history/record: a send result as a secret-free, bounded record', () => {
  const redactor = new Redactor();
  redactor.add(SECRET, '<secretKey>');
  redactor.add(TOKEN, '<accessToken>');
  const ctx = {
    environment: 'sandbox',
    origin: 'editor' as const,
    source: { uri: 'file:///w/o.payout.http', name: 'quote', label: 'quote', line: 2 },
    redactor,
    now: new Date(Date.UTC(2026, 10, 27, 12, 0, 0)),
  };

  it('holds no secretKey, token or signature in any field, and keeps what the preview shows', () => {
    const e = historyEntry(result(`{"echo":"${SECRET}","token":"${TOKEN}","sig":"${SIGNATURE}"}`), ctx);
    const text = JSON.stringify(e);
    for (const s of [SECRET, TOKEN, SIGNATURE]) assert.ok(!text.includes(s), `${s.slice(0, 8)}… is in the record`);
    assert.equal(e.request.body, `{"partnerCode":"P1","signature":"${SIGNATURE_PLACEHOLDER}"}`);
    assert.equal(e.request.signedString, 'P1|USDT|100000|<secretKey>');
    assert.match(e.request.headers.Authorization, /^Bearer (eyJh…\(redacted\)|<accessToken>)$/);
    assert.equal(e.response?.headers['x-echo'], '<secretKey>');
    assert.equal(e.durationMs, 13);
    assert.equal(e.time, '2026-11-27T12:00:00.000Z');
    assert.match(e.id, new RegExp(`^${Date.UTC(2026, 10, 27, 12)}-\\d{4}-[0-9a-f]{6}$`));
    assert.match(e.view, /^POST http:\/\/127\.0\.0\.1:1\/api\/v2\/orders\/review-sell-order\n/);
  });

  it('cuts a large body and the view, and says the body was cut', () => {
    const big = `{"data":"${'x'.repeat(HISTORY_LIMITS.viewChars * 2)}"}`;
    const e = historyEntry(result(big), ctx);
    assert.equal(e.response?.body.length, HISTORY_LIMITS.bodyChars);
    assert.equal(e.response?.truncated, true);
    assert.equal(e.response?.bytes, big.length);
    assert.ok(e.view.length <= HISTORY_LIMITS.viewChars);
  });

  it('finds where a result came from: its name and the 0-based line of its request line', () => {
    const file = parseHttpFile('@a = 1\n\n### Quote\n# @name quote\nPOST http://x/q\n\n### Other\nGET http://x/o\n');
    assert.deepEqual(sourceIn(file, 'file:///w/o.payout.http', result('{}')), {
      uri: 'file:///w/o.payout.http',
      name: 'quote',
      label: 'quote',
      line: 4,
    });
  });
});
