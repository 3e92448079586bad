// Completion, one fixture per context (test/fixtures/language/completion/*, `|` = cursor): the exact
// items offered, and the text after applying one.
import assert from 'node:assert/strict';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';
import { applyCompletion, fixture, mark, open, service } from './fixture';

const svc = service();

function complete(name: string, marker = 0) {
  const m = fixture(`completion/${name}`);
  const doc = open(svc, m.text);
  const list = svc.completion(doc, m.positions[marker]);
  const byLabel = (label: string): CompletionItem => {
    const item = list.items.find((i) => i.label === label);
    assert.ok(item, `no item ${label} among ${list.items.map((i) => i.label).join(', ')}`);
    return item;
  };
  /** Items in the order an editor shows them (sortText, then label). */
  const sorted = [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  return { m, list, labels: sorted.map((i) => i.label), byLabel, apply: (label: string) => applyCompletion(m.text, byLabel(label)) };
}

describe('language/completion', () => {
  it('request line: methods at the start of a new request', () => {
    const c = complete('request-method.payout.http');
    assert.deepEqual(c.labels.slice(0, 9), ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT']);
    assert.equal(c.apply('POST'), '### A new request\nPOST \n');
    // Whole requests from the catalogue, with the skeleton body of signed endpoints.
    const verify = c.byLabel('POST /api/v2/account/verify');
    assert.equal(verify.detail, 'Check the partner account (safe health check)');
    assert.equal(
      c.apply('POST /api/v2/account/verify'),
      '### A new request\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n',
    );
  });

  it('request line: the catalogue paths after {{base_url}}, each with its purpose', () => {
    const c = complete('path-v2.payout.http');
    const item = c.byLabel('/api/v2/orders/create-cashout');
    assert.equal(item.detail, "POST · Create a cashout to a recipient's bank account");
    assert.equal(
      c.apply('/api/v2/orders/create-cashout'),
      '### Pay\nPOST {{base_url}}/api/v2/orders/create-cashout\nContent-Type: application/json\n',
    );
    assert.ok(c.labels.includes('/v3/auth/tokens'), 'v3 paths share {{base_url}}');
    assert.ok(!c.labels.some((l) => l.startsWith('/plant')), 'plant paths belong to {{plant_base_url}}');
    // A GET path picked on a POST line fixes the method too.
    assert.equal(
      c.apply('/api/v2/public/get-qr-code-info'),
      '### Pay\nGET {{base_url}}/api/v2/public/get-qr-code-info\nContent-Type: application/json\n',
    );
  });

  it('request line: v3 paths, replacing the typed part of the path', () => {
    const c = complete('path-v3.payout.http');
    assert.equal(c.apply('/v3/public/version'), '### Version\nGET {{base_url}}/v3/public/version\n');
    assert.equal(c.byLabel('/v3/simulate/cashout/outcomes').detail, "POST · Sandbox only: force a cashout order's outcome");
  });

  it('request line: only plant store paths after {{plant_base_url}}', () => {
    const c = complete('path-plant.payout.http');
    assert.ok(
      c.labels.every((l) => l.startsWith('/plant') || l.startsWith('/user')),
      c.labels.join(', '),
    );
    assert.equal(c.apply('/plant/{plantId}'), '### Plants\nGET {{plant_base_url}}/plant/{plantId}\n');
  });

  it('headers: Content-Type: application/json on a v2 endpoint, no Authorization', () => {
    const c = complete('header-v2.payout.http');
    assert.equal(c.labels[0], 'Content-Type: application/json');
    assert.ok(!c.labels.some((l) => l.startsWith('Authorization')));
    assert.ok(c.labels.includes('lang: en'));
    assert.equal(
      c.apply('Content-Type: application/json'),
      '### Quote\nPOST {{base_url}}/api/v2/orders/review-sell-order\nContent-Type: application/json\n',
    );
  });

  it('headers: Authorization: Bearer … on a v3 endpoint', () => {
    const c = complete('header-v3.payout.http');
    assert.equal(
      c.apply('Authorization: Bearer {{accessToken}}'),
      '### Quote v3\n# @user alice@example.com\nPOST {{base_url}}/v3/scan-to-pay/quotes\nAuthorization: Bearer {{accessToken}}\n',
    );
  });

  it('body: exactly the fields not yet present, required first, with type, requirement and signed place', () => {
    const c = complete('body-fields.payout.http');
    assert.deepEqual(c.labels, [
      'externalOrderId',
      'userEmail',
      'bankCode',
      'content',
      'bankAccountNumber',
      'fiatAmount',
      'extendInfo',
      'fiatCurrency',
      'webhookSecretKey',
    ]);
    assert.equal(c.byLabel('bankAccountNumber').detail, 'string · required · signed 6/8');
    assert.equal(c.byLabel('fiatAmount').detail, 'number · optional · signed 4/8');
    assert.equal(c.byLabel('extendInfo').detail, 'object · required by fiatCurrency · not signed');
    assert.equal(
      c.apply('fiatAmount'),
      '### Pay\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT",\n  "fiatAmount": 0\n}\n',
    );
    assert.equal(c.byLabel('externalOrderId').documentation, undefined, 'documentation is resolved lazily');
    const doc = svc.resolveCompletion(c.byLabel('bankAccountNumber')).documentation as MarkupContent;
    assert.match(doc.value, /segment 6 of 8/);
    assert.match(doc.value, /signed as `undefined`/);
  });

  it('body: a half-typed key is replaced whole, and a comma added before the next property', () => {
    const c = complete('body-key-typed.payout.http');
    assert.ok(!c.labels.includes('partnerCode') && !c.labels.includes('userEmail'));
    assert.equal(c.labels[0], 'externalOrderId');
    assert.equal(
      c.apply('fiatCurrency'),
      '### Cash out\nPOST {{base_url}}/api/v2/orders/create-cashout\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "fiatCurrency": "",\n  "userEmail": "a@b.co"\n}\n',
    );
  });

  it('body values: the enum the document lists (network)', () => {
    const c = complete('enum-network.payout.http');
    assert.deepEqual(c.labels, ['ERC20', 'TRC20', 'TON']);
    assert.match(c.apply('TRC20'), /"network": "TRC20"\n/);
  });

  it('body values: nationality from the ISO 3166-1 list', () => {
    const c = complete('nationality.payout.http');
    assert.equal(c.list.items.length, 249);
    assert.equal(c.byLabel('VN').detail, 'Vietnam');
    assert.match(c.apply('PH'), /"nationality": "PH"\n/);
  });

  it('body values: cashout simulate outcome has no PROCESSING', () => {
    assert.deepEqual(complete('simulate-outcome.payout.http').labels, ['SUCCESS', 'FAILED']);
  });

  it('body values: extendInfo for the chosen fiatCurrency (PHP needs PH)', () => {
    const c = complete('extend-info-php.payout.http');
    assert.deepEqual(c.labels, ['{ "qrType": …, "PH": { … } }', 'null']);
    assert.match(
      c.apply('{ "qrType": …, "PH": { … } }'),
      /"extendInfo": \{ "qrType": "", "PH": \{ "recipientName": "", "additionalData": \{\} \} \}\n/,
    );
  });

  it('body: extendInfo members are qrType and the one key the currency reads (BRL: BR)', () => {
    const c = complete('extend-info-members.payout.http');
    assert.deepEqual(c.labels, ['BR', 'qrType']);
    assert.match(c.apply('BR'), /"extendInfo": \{ "BR": \{ "recipientName": "", "additionalData": \{\} \} \}/);
  });

  it('body: the cashout recipient members not yet present', () => {
    const c = complete('cashout-recipient.payout.http');
    assert.deepEqual(c.labels, ['recipientNumber', 'recipientBankCode', 'transferContent', 'recipientType']);
    assert.match(c.apply('recipientType'), /"recipientType": "PERSONAL"\n/);
  });

  it('body: the token exchange offers userEmail, never the clientAssertion the client signs itself', () => {
    const keys = complete('token-exchange.payout.http', 0);
    assert.deepEqual(keys.labels, ['userEmail']);
    const skeleton = complete('token-exchange.payout.http', 1);
    assert.equal(skeleton.list.items.length, 1);
    const text = applyCompletion(skeleton.m.text, skeleton.list.items[0]);
    assert.deepEqual(Object.keys(JSON.parse(text.slice(text.lastIndexOf('\n{')))), ['userEmail']);
    // The field is still documented: hovering a typed one says how the client fills it.
    const typed =
      '### T\nPOST {{base_url}}/v3/auth/tokens\nContent-Type: application/json\n\n{ "clientAssertion": "x", "userEmail": "a@example.com" }\n';
    const hover = svc.hover(open(svc, typed), { line: 4, character: 5 });
    assert.match(String((hover?.contents as MarkupContent).value), /Filled in by the client.*RS256 JWT/);
  });

  it('empty body: one item inserting a whole valid skeleton', () => {
    const c = complete('skeleton.payout.http');
    assert.equal(c.list.items.length, 1);
    const text = applyCompletion(c.m.text, c.list.items[0]);
    const body = JSON.parse(text.slice(text.indexOf('\n{')));
    assert.deepEqual(Object.keys(body), [
      'partnerCode',
      'externalOrderId',
      'userEmail',
      'cryptoCurrency',
      'fiatCurrency',
      'fiatAmount',
      'extendInfo',
    ]);
    assert.deepEqual(Object.keys(body.extendInfo), ['recipientName', 'recipientNumber', 'recipientBankCode']);
    // The skeleton lints clean of missing and omitted fields.
    const d = svc.diagnostics(open(svc, text)).map((x) => x.code);
    assert.ok(!d.includes('payout/required-field-missing') && !d.includes('payout/signed-field-omitted'), d.join(', '));
  });

  it('variables: file, environment (secrets masked), system and named requests', () => {
    const c = complete('variables.payout.http', 0);
    assert.equal(c.byLabel('userEmail').detail, 'file: alice@example.com');
    assert.equal(c.byLabel('apiToken').detail, 'file: <apiToken>');
    assert.equal(c.byLabel('partnerCode').detail, 'test: PARTNER1');
    assert.equal(c.byLabel('secretKey').detail, 'test: <secretKey>');
    assert.ok(!JSON.stringify(c.list).includes('S3CRET'));
    assert.ok(c.labels.includes('$uuid') && c.labels.includes('$timestamp'));
    // JetBrains' dynamic variables, with arguments that resolve as inserted.
    assert.ok(c.labels.includes('$random.email') && c.labels.includes('$isoTimestamp'));
    assert.equal(c.byLabel('$random.integer').detail, '{{$random.integer(from, to)}}');
    assert.match(c.apply('$random.integer'), /\{\{\$random\.integer\(0, 100\)\}\}/);
    assert.ok(c.labels.includes('quote.response.body.$'));
    assert.match(c.apply('partnerCode'), /"partnerCode": "\{\{partnerCode\}\}",/);
  });

  it('variables: the response paths of a named request', () => {
    const c = complete('variables.payout.http', 1);
    const item = c.byLabel('quote.response.body.$.data.fiatAmount');
    assert.match(item.detail ?? '', /^number/);
    assert.ok(c.labels.includes('quote.response.body.$.semanticCode'));
    assert.match(c.apply('quote.response.body.$.data.fiatAmount'), /"fiatAmount": \{\{quote\.response\.body\.\$\.data\.fiatAmount\}\}\n/);
  });

  it('variables: thousands of named requests are offered by prefix, a bounded list marked incomplete', () => {
    const requests = Array.from({ length: 150 }, (_, i) => `### r${i}\n# @name pay${i}\nGET {{base_url}}/v3/public/version\n`).join('\n');
    const all = mark(`${requests}\n### use\nGET {{base_url}}/v3/orders/{{|}}\n`);
    const list = svc.completion(open(svc, all.text), all.positions[0]);
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items.filter((i) => i.label.endsWith('.response.body.$')).length, 100);
    const some = mark(`${requests}\n### use\nGET {{base_url}}/v3/orders/{{pay14|}}\n`);
    const narrowed = svc.completion(open(svc, some.text), some.positions[0]);
    assert.equal(narrowed.isIncomplete, false);
    assert.deepEqual(
      narrowed.items.filter((i) => i.label.endsWith('.response.body.$')).map((i) => i.label),
      ['pay14.response.body.$', ...Array.from({ length: 10 }, (_, i) => `pay14${i}.response.body.$`)],
    );
  });

  it('directives after `# @`', () => {
    const c = complete('directive.payout.http');
    assert.deepEqual(c.labels, ['name', 'user', 'note', 'openapi']);
    assert.equal(c.apply('user'), '### Quote\n# @user alice@example.com\nPOST {{base_url}}/api/v2/orders/review-sell-order\n');
  });
});
