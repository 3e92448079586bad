// The live preview and the send resolve `{{...}}` with one resolver (engine/syntax/resolve.ts): the
// string the preview shows, with `<secretKey>` replaced by the secret, is the string `sign` (the
// session's prepare, which sends use too) signs, and its signature verifies over the previewed text.
import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from '../../engine/language';
import { selectEnvironment } from '../../engine/workspace/environment';
import { PayoutSession } from '../../engine/http/session';
import { parseHttpFile } from '../../engine/syntax/parser';
import { resolveForPreview, resolveRequest, previewString } from '../../engine/syntax/resolve';
import { removeFolder } from '../helpers/folders';

const KEYS = join(import.meta.dirname, '../fixtures/keys');
const SECRET = 'preview-and-send-S3CRET';

const FILE = `@amount = 150000
@orderPrefix = ORD-{{partnerCode}}
@orderId = {{orderPrefix}}-0042
@userEmail = {{user}}@example.com

### Pay the merchant
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "{{orderId}}",
  "currency": "USDT",
  "fiatAmount": {{amount}},
  "bankCode": "970436",
  "bankAccountNumber": "{{account}}",
  "content": "Coffee for {{user}}",
  "userEmail": "{{userEmail}}"
}
`;

describe('language/preview agrees with the send', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'payout-preview-'));
    writeFileSync(join(dir, 'pay.payout.http'), FILE);
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({ test: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER7', user: 'bob', account: '0123456789' } }),
    );
    writeFileSync(
      join(dir, 'http-client.private.env.json'),
      JSON.stringify({ test: { secretKey: SECRET, privateKeyFile: join(KEYS, 'test-partner-private.pem') } }),
    );
  });
  after(() => removeFolder(dir));

  it('the previewed string, secret put in, is the string signed: same text, and the signature verifies over it', async () => {
    const svc = createLanguageService({ environment: 'test' });
    const doc = svc.document(pathToFileURL(join(dir, 'pay.payout.http')).href, 1, FILE);
    const lens = svc.codeLenses(doc).find((l) => l.command?.title.startsWith('Signs: '));
    const preview = svc.canonicalString(doc, { line: 10, character: 4 });
    assert.ok(preview && lens);
    assert.equal(preview.display, 'PARTNER7|ORD-PARTNER7-0042|USDT|150000|970436|0123456789|Coffee for bob|bob@example.com|<secretKey>');
    assert.equal(lens.command?.title, `Signs: ${preview.display}`);
    assert.deepEqual(preview.unresolved, []);
    assert.ok(!JSON.stringify(preview).includes(SECRET));

    const session = new PayoutSession({ filePath: join(dir, 'pay.payout.http'), environment: selectEnvironment(dir, 'test') });
    const prepared = await session.prepare(session.requests[0]);
    assert.deepEqual(prepared.problems, []);
    assert.equal(prepared.url, 'http://127.0.0.1:9/api/v2/orders/create-sell-order');
    const signing = prepared.signing;
    assert.ok(signing?.signature);
    assert.equal(signing.canonicalDisplay, preview.display);
    // The bytes signed are the preview's text with the secret in it.
    const signed = preview.display.replace('<secretKey>', SECRET);
    const publicKey = createPublicKey(readFileSync(join(KEYS, 'test-partner-public.pem')));
    assert.ok(verify('sha256', Buffer.from(signed, 'utf8'), publicKey, Buffer.from(signing.signature, 'base64')));
    // And the number went out as a number, as the preview says.
    assert.equal((prepared.bodyJson as Record<string, unknown>).fiatAmount, 150000);
  });
});

describe('syntax/resolve: preview mode', () => {
  const text = `@orderId = ORD-{{$uuid}}
@auth = Bearer {{secretKey}}
@amount = 100000.00
@missing = {{nowhere}}

### q
# @name quote
GET {{base_url}}/api/v2/x

### o
POST {{base_url}}/api/v2/orders/create-sell-order
Authorization: {{auth}}

{
  "externalOrderId": "{{orderId}}",
  "fiatAmount": {{amount}},
  "token": "{{auth}}",
  "userEmail": "{{quote.response.body.$.data.email}}",
  "when": "{{$timestamp}}",
  "content": "{{missing}}"
}
`;
  const file = parseHttpFile(text);
  const env = { base_url: 'https://b', secretKey: 'sekret' };

  it('keeps per-send values as written, resolving around them, and masks secrets only in the display', () => {
    const r = resolveForPreview(file.requests[1], { file, env });
    assert.deepEqual(r.bodyValue, {
      externalOrderId: 'ORD-{{$uuid}}',
      fiatAmount: 100000,
      token: 'Bearer sekret',
      userEmail: '{{quote.response.body.$.data.email}}',
      when: '{{$timestamp}}',
      content: '{{missing}}',
    });
    assert.deepEqual(r.bodyDisplay, {
      externalOrderId: 'ORD-{{$uuid}}',
      fiatAmount: 100000,
      token: '<auth>',
      userEmail: '{{quote.response.body.$.data.email}}',
      when: '{{$timestamp}}',
      content: '{{missing}}',
    });
    assert.ok(!JSON.stringify(r.bodyDisplay).includes('sekret'));
    assert.deepEqual(
      r.unresolved.map((u) => [u.ref.expression, u.pending]),
      [
        ['orderId', ['$uuid']],
        ['quote.response.body.$.data.email', ['quote.response.body.$.data.email']],
        ['$timestamp', ['$timestamp']],
        ['missing', undefined],
      ],
    );
  });

  it('without preview nothing changes: the same values, every system variable computed', () => {
    const system = {
      now: () => new Date(0),
      uuid: () => 'u-1',
      randomInt: (min: number) => min,
      processEnv: () => undefined,
      dotenv: () => undefined,
    };
    const r = resolveRequest(file.requests[1], {
      file,
      env,
      system,
      response: () => ({ status: 200, headers: {}, body: { data: { email: 'a@b.c' } } }),
    });
    assert.equal(r.bodyDisplay, undefined);
    assert.deepEqual(r.bodyValue, {
      externalOrderId: 'ORD-u-1',
      fiatAmount: 100000,
      token: 'Bearer sekret',
      userEmail: 'a@b.c',
      when: '0',
      content: '{{missing}}',
    });
  });

  it('previewString: the display of a value, secrets as <name>', () => {
    assert.deepEqual(previewString('{{auth}} / {{orderId}}', { file, env }).display, '<auth> / ORD-{{$uuid}}');
    assert.equal(previewString('{{secretKey}}', { file, env }).display, '<secretKey>');
  });
});
