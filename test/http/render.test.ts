import assert from 'node:assert/strict';
import { endpointById } from '../../engine/catalogue/index';
import { decodeEnvelope } from '../../engine/http/decode';
import type { SendResult } from '../../engine/http/types';
import { markOf, renderResponse } from '../../engine/http/render';

const now = new Date('2026-01-02T03:04:05Z');

function result(over: Partial<SendResult>, body: unknown, status = 201): SendResult {
  const endpoint = endpointById('v2.account.verify');
  return {
    prepared: {
      label: 'account',
      name: 'account',
      title: 'Check the partner account',
      endpoint,
      method: 'POST',
      url: 'http://127.0.0.1:9/api/v2/account/verify',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      secretHeaders: [],
      problems: [],
      warnings: [],
      signing: {
        canonicalDisplay: 'P1|<secretKey>',
        segments: [{ field: 'partnerCode', text: 'P1', omitted: false }],
        omitted: [],
        signature: 'c2ln',
        source: 'computed',
      },
    },
    response: {
      status,
      headers: { 'content-type': 'application/json', 'set-cookie': 'session=abc' },
      bodyText: JSON.stringify(body),
      body,
      durationMs: 12.4,
      bytes: 99,
    },
    decoded: decodeEnvelope(body, status, endpoint),
    assertions: [{ text: 'body success == true', ok: true }],
    attempts: [{ attempt: 1, status }],
    ok: true,
    ...over,
  };
}

describe('response view text', () => {
  it('shows status, time, the verified verdict, the signed string and pretty JSON', () => {
    const body = { success: true, message: 'ok', errorCode: 0, semanticCode: 'SUCCESS', data: { name: 'n', signature: 'x' } };
    const text = renderResponse(result({ verdict: { state: 'verified', signedDisplay: 'n|e|ACTIVE|<secretKey>' } }, body), now);
    assert.match(text, /^POST http:\/\/127\.0\.0\.1:9\/api\/v2\/account\/verify$/m);
    assert.match(text, /^HTTP 201 · 12 ms · 99 bytes$/m);
    assert.match(text, /^Signature: verified ✓\n {2}over: n\|e\|ACTIVE\|<secretKey>$/m);
    assert.match(text, /^Request signed over: P1\|<secretKey>$/m);
    assert.match(text, /^ {2}"semanticCode": "SUCCESS",$/m);
    assert.match(text, /^Assertions: 1\/1 hold$/m);
    assert.match(text, /^ {2}set-cookie: \*\*\*$/m, 'cookies are masked');
    assert.deepEqual(markOf(result({ verdict: { state: 'verified', signedDisplay: '' } }, body)), { text: '✓ verified', kind: 'ok' });
  });

  it('decodes an error from the catalogue, with what to check', () => {
    const body = { success: false, message: 'bad sig', errorCode: 2, semanticCode: 'INVALID_SIGNATURE', data: null };
    const r = result({ ok: false, verdict: { state: 'not-checkable', reason: 'an error envelope has no data to verify' } }, body);
    const text = renderResponse(r, now);
    assert.match(text, /^Result: .*INVALID_SIGNATURE.*2/m);
    assert.match(text, /^ {2}meaning: /m);
    assert.match(text, /^Signature: not checkable \(an error envelope has no data to verify\)$/m);
    assert.deepEqual(markOf(r), { text: '✗ INVALID_SIGNATURE (2)', kind: 'bad' });
  });

  it('marks an expected error as holding: a replay whose assertions expect DUPLICATE_TRANSACTION_ID', () => {
    const body = { success: false, message: 'duplicate', errorCode: 11, semanticCode: 'DUPLICATE_TRANSACTION_ID', data: null };
    const assertions = [
      { text: 'status == 200', ok: true },
      { text: 'body semanticCode == DUPLICATE_TRANSACTION_ID', ok: true },
    ];
    const holds = result(
      { ok: true, assertions, verdict: { state: 'not-checkable', reason: 'an error envelope has no data to verify' } },
      body,
      200,
    );
    assert.match(renderResponse(holds, now), /^Assertions: 2\/2 hold$/m);
    assert.deepEqual(markOf(holds), { text: '✓ DUPLICATE_TRANSACTION_ID (11) as expected', kind: 'ok' });
    const fails = result({ ok: false, assertions: [{ text: 'body semanticCode == SUCCESS', ok: false }] }, body, 200);
    assert.deepEqual(markOf(fails), { text: '✗ DUPLICATE_TRANSACTION_ID (11)', kind: 'bad' });
  });

  it('explains a response signature that does not verify', () => {
    const body = { success: true, errorCode: 0, semanticCode: 'SUCCESS', data: { signature: 'x' } };
    const r = result(
      {
        ok: false,
        verdict: {
          state: 'not-verified',
          signedDisplay: 'a|b|<secretKey>',
          reason: 'signature does not match',
          explanation: {
            expectedDisplay: 'a|b|<secretKey>',
            verifiedAsExpected: false,
            verdict: { kind: 'this-key', text: 'made with the service key of this environment (PKCS#1 v1.5, SHA-256)' },
            tried: 40,
            match: {
              id: 'no-trailing-pipe',
              description: 'the pipe before the secret is missing',
              display: 'a|b<secretKey>',
              diff: [{ index: 1, expected: 'b|', actual: 'b' }],
            },
          },
        },
      },
      body,
    );
    const text = renderResponse(r, now);
    assert.match(text, /^Signature: NOT verified ✗ \(signature does not match\)\n {2}expected over: a\|b\|<secretKey>$/m);
    assert.match(text, /diagnosis: the pipe before the secret is missing/);
    assert.match(text, /segment 2: expected "b\|", signed "b"/);
    assert.deepEqual(markOf(r), { text: '✗ not verified', kind: 'bad' });
  });

  it('shows a reordered field as a move (issue 13)', () => {
    const r = result(
      {
        ok: false,
        verdict: {
          state: 'not-verified',
          signedDisplay: 'a|b|c|<secretKey>',
          reason: 'signature does not match',
          explanation: {
            expectedDisplay: 'a|b|c|<secretKey>',
            verifiedAsExpected: false,
            verdict: { kind: 'this-key', text: 'made with the service key of this environment (PKCS#1 v1.5, SHA-256)' },
            tried: 40,
            match: {
              id: 'swap:b,c',
              description: 'b and c were signed in swapped order',
              display: 'a|c|b|<secretKey>',
              diff: [{ index: 1, expected: 'b', actual: 'b', movedTo: 2 }],
            },
          },
        },
      },
      { success: true, errorCode: 0, semanticCode: 'SUCCESS', data: { signature: 'x' } },
    );
    const text = renderResponse(r, now);
    assert.match(text, /segment 2 \("b"\) moved: signed as segment 3/);
    assert.doesNotMatch(text, /expected "b", signed "b"/);
  });

  it('shows the response against its OpenAPI schema: matches, or each problem', () => {
    const ok = renderResponse(result({ schema: { endpointId: 'plant-store.getPlantById', problems: [] } }, {}, 200), now);
    assert.match(ok, /^Schema: matches plant-store\.getPlantById ✓$/m);
    const off = renderResponse(
      result(
        {
          schema: {
            endpointId: 'openapi.getPlantOne',
            problems: [
              { path: '$.id', message: 'expected string, got number 1' },
              { path: '$', message: 'required member "category" is missing' },
            ],
          },
        },
        {},
        200,
      ),
      now,
    );
    assert.match(
      off,
      /^Schema: 2 problem\(s\) against openapi\.getPlantOne ✗\n {2}\$\.id: expected string, got number 1\n {2}\$: required member "category" is missing$/m,
    );
    assert.doesNotMatch(renderResponse(result({}, {}), now), /^Schema:/m, 'no line when no schema documents the response');
  });

  it('says why nothing came back', () => {
    const r = result(
      {
        ok: false,
        response: undefined,
        decoded: undefined,
        error: 'connection refused: is the sandbox running? (Payout HTTP: Start Local Sandbox)',
      },
      {},
    );
    const text = renderResponse(r, now);
    assert.match(text, /^Error: connection refused/m);
    assert.match(
      text,
      /^# Check the partner account \(v2\.account\.verify, [^)]*\) · not sent$/m,
      'a request that was not sent is not said to be sent',
    );
    assert.deepEqual(markOf(r), { text: '✗ not sent', kind: 'bad' });
  });
});
