import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHttpFile } from '../../engine/syntax/parser';
import {
  type ResolveContext,
  type SystemVariables,
  defaultSystemVariables,
  formatDate,
  parseDotenv,
  resolveRequest,
  resolveString,
} from '../../engine/syntax/resolve';

/** Pinned system variables: a fixed clock, numbered ids, the lowest random number. */
function pinned(overrides: Partial<SystemVariables> = {}): SystemVariables & { nowCalls: number } {
  let n = 0;
  const sys = {
    nowCalls: 0,
    now: () => {
      sys.nowCalls++;
      return new Date('2026-11-22T07:40:35.123Z');
    },
    uuid: () => `uuid-${++n}`,
    randomInt: (min: number) => min,
    processEnv: (name: string) => ({ PAYOUT_PARTNER: 'ENV_P', PAYOUT_SECRET: 'env-secret' })[name],
    dotenv: () => undefined,
    ...overrides,
  };
  return sys;
}

function ctx(text: string, env: Record<string, string> = {}, extra: Partial<ResolveContext> = {}): ResolveContext {
  return { file: parseHttpFile(text), env, system: pinned(), ...extra };
}

const ENV = { base_url: 'https://sandbox.example', partnerCode: 'P001', secretKey: 'top-secret' };

describe('syntax/resolve', () => {
  it('resolves the URL, headers and a JSON body; unquoted numbers become numbers', () => {
    const text = `@amount = 100000
@userEmail = alice@example.com

### create
POST {{base_url}}/api/v2/orders/create-sell-order
Content-Type: application/json
X-Partner: {{partnerCode}}

{
  "partnerCode": "{{partnerCode}}",
  "externalOrderId": "order-{{$uuid}}",
  "fiatAmount": {{amount}},
  "userEmail": "{{userEmail}}",
  "extendInfo": null
}
`;
    const c = ctx(text, ENV);
    const r = resolveRequest(c.file.requests[0], c);
    assert.deepEqual(r.unresolved, []);
    assert.equal(r.method, 'POST');
    assert.equal(r.url, 'https://sandbox.example/api/v2/orders/create-sell-order');
    assert.deepEqual(r.headers, [
      ['Content-Type', 'application/json'],
      ['X-Partner', 'P001'],
    ]);
    assert.deepEqual(r.bodyValue, {
      partnerCode: 'P001',
      externalOrderId: 'order-uuid-1',
      fiatAmount: 100000,
      userEmail: 'alice@example.com',
      extendInfo: null,
    });
    assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue, 'the text sent parses to the value signed');
    assert.deepEqual(r.requestRefs, []);
  });

  it('keeps what cannot be resolved as literal {{expr}} and says why', () => {
    const text = `### q
POST {{base_url}}/x

{"a": "{{missing}}", "n": {{alsoMissing}}, "k": "{{secretKey}}"}
`;
    const c = ctx(text, { base_url: 'https://b' });
    const r = resolveRequest(c.file.requests[0], c);
    assert.deepEqual(r.bodyValue, { a: '{{missing}}', n: '{{alsoMissing}}', k: '{{secretKey}}' });
    assert.equal(r.bodyText, '{"a": "{{missing}}", "n": {{alsoMissing}}, "k": "{{secretKey}}"}');
    assert.deepEqual(
      r.unresolved.map((u) => u.ref.name),
      ['missing', 'alsoMissing', 'secretKey'],
    );
    assert.match(
      r.unresolved[0].reason,
      /`missing` is not defined: add it to the selected environment in http-client\.env\.json, or define `@missing = value`/,
    );
    assert.match(r.unresolved[2].reason, /http-client\.private\.env\.json/);
    const block = c.file.requests[0];
    for (const u of r.unresolved)
      assert.equal(block.text.slice(u.ref.span.start, u.ref.span.end), `{{${u.ref.expression}}}`, 'spans point into the block');
  });

  it('escapes values substituted inside JSON strings, so the value survives', () => {
    const text = '###\nPOST https://x\n\n{"content": "{{content}}"}\n';
    const c = ctx(text, { content: 'say "hi"\\ \n done' });
    const r = resolveRequest(c.file.requests[0], c);
    assert.deepEqual(r.bodyValue, { content: 'say "hi"\\ \n done' });
    assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue);
  });

  it('flags an unquoted template whose value is not JSON', () => {
    const text = '###\nPOST https://x\n\n{"partnerCode": {{partnerCode}}}\n';
    const c = ctx(text, ENV);
    const r = resolveRequest(c.file.requests[0], c);
    assert.equal(r.unresolved.length, 1);
    assert.match(r.unresolved[0].reason, /write "\{\{partnerCode\}\}"/);
    assert.deepEqual(r.bodyValue, { partnerCode: 'P001' });
  });

  it('resolves file variables through other variables, file-wide, the last definition winning', () => {
    const text = `@host = {{base_url}}
@api = {{host}}/api/v2

### a
GET {{api}}/x

###
@host = https://override.example
`;
    const c = ctx(text, ENV);
    assert.equal(resolveRequest(c.file.requests[0], c).url, 'https://override.example/api/v2/x');
    assert.equal(resolveString('{{api}}', ctx('@api = {{base_url}}/v3', ENV)).value, 'https://sandbox.example/v3');
  });

  it('reports a cycle instead of hanging', () => {
    const c = ctx('@a = {{b}}\n@b = x{{a}}\nGET https://x/{{a}}\n');
    const r = resolveRequest(c.file.requests[0], c);
    assert.equal(r.url, 'https://x/{{a}}');
    assert.equal(r.unresolved.length, 1);
    assert.match(r.unresolved[0].reason, /cycle \(a -> b -> a\): give one of them a plain value/);
    const self = resolveString('{{me}}', ctx('@me = {{me}}'));
    assert.match(self.unresolved[0].reason, /cycle \(me -> me\)/);
  });

  it('resolves a variable once per resolution and each {{$uuid}} once per occurrence', () => {
    const text = '@id = {{$uuid}}\n###\nPOST https://x/{{id}}\n\n{"a": "{{id}}", "b": "{{$uuid}}", "c": "{{$uuid}}"}\n';
    const c = ctx(text);
    const r = resolveRequest(c.file.requests[0], c);
    assert.equal(r.url, 'https://x/uuid-1');
    assert.deepEqual(r.bodyValue, { a: 'uuid-1', b: 'uuid-2', c: 'uuid-3' });
    assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue, 'bodyText and bodyValue agree on generated values');
  });

  it('gives the same result twice with pinned system variables (preview == send)', () => {
    const text = '###\nPOST https://x\n\n{"id": "{{$uuid}}", "t": {{$timestamp}}, "n": {{$randomInt 5 10}}}\n';
    const file = parseHttpFile(text);
    const run = () => resolveRequest(file.requests[0], { file, env: {}, system: pinned() });
    assert.deepEqual(run(), run());
  });

  it('computes the system variables from one clock reading', () => {
    const sys = pinned();
    const r = resolveString(
      '{{$timestamp}} {{$isoTimestamp}} {{$timestamp -1 h}} {{$datetime iso8601}} {{$datetime rfc1123}} {{$datetime "YYYY-MM-DD HH:mm:ss.SSS" 1 d}} {{$randomInt 3 9}} {{$guid}} {{$random.uuid}}',
      { file: parseHttpFile(''), env: {}, system: sys },
    );
    assert.deepEqual(r.unresolved, []);
    assert.equal(
      r.value,
      '1795333235 2026-11-22T07:40:35.123Z 1795329635 2026-11-22T07:40:35.123Z Sun, 22 Nov 2026 07:40:35 GMT 2026-11-23 07:40:35.123 3 uuid-1 uuid-2',
    );
    assert.equal(sys.nowCalls, 1);
  });

  it('explains malformed system variables', () => {
    const r = resolveString('{{$randomInt 9 3}} {{$timestamp -1 parsecs}} {{$nope}} {{$processEnv}}', ctx(''));
    assert.equal(r.unresolved.length, 4);
    assert.match(r.unresolved[0].reason, /min below max/);
    assert.match(r.unresolved[1].reason, /whole number and a unit/);
    assert.match(r.unresolved[2].reason, /Unknown system variable `\$nope`: use one of/);
    assert.match(r.unresolved[3].reason, /Name the variable/);
  });

  it('reads $processEnv (also through %variable) and $dotenv from the .env beside the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-dotenv-'));
    try {
      writeFileSync(join(dir, '.env'), '# comment\nexport PARTNER=FromDotenv\nQUOTED="a b\\nc" \nSINGLE=\'x y\'\nPLAIN=v # note\n');
      const sys = defaultSystemVariables(dir);
      assert.equal(sys.dotenv('PARTNER'), 'FromDotenv');
      assert.equal(sys.dotenv('QUOTED'), 'a b\nc');
      assert.equal(sys.dotenv('SINGLE'), 'x y');
      assert.equal(sys.dotenv('PLAIN'), 'v');
      assert.equal(sys.dotenv('toString'), undefined);
      assert.equal(sys.processEnv('PATH'), process.env.PATH);
      const a = sys.randomInt(1, 3);
      assert.ok(a === 1 || a === 2);
      assert.match(sys.uuid(), /^[0-9a-f-]{36}$/);
      const c: ResolveContext = {
        file: parseHttpFile('@which = PAYOUT_PARTNER'),
        env: {},
        system: { ...pinned(), dotenv: (name) => sys.dotenv(name) },
      };
      const r = resolveString('{{$dotenv PARTNER}}|{{$processEnv %which}}|{{$dotenv MISSING}}', c);
      assert.equal(r.value, 'FromDotenv|ENV_P|{{$dotenv MISSING}}');
      assert.match(r.unresolved[0].reason, /`MISSING` is not in the \.env file beside this file: add `MISSING=value` there/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(parseDotenv('A=1\r\nB = two\r\n'), { A: '1', B: 'two' });
  });

  it('resolves response references and lists the requests to send first', () => {
    const text = `### quote
# @name quote
POST https://x/review

{}

### pay
POST https://x/create
X-Trace: {{quote.response.headers.x-trace}}

{"fiatAmount": {{quote.response.body.$.data.fiatAmount}}, "all": {{quote.response.body.*}}, "first": "{{quote.response.body.$.data.items[0]}}"}
`;
    const file = parseHttpFile(text);
    const pay = file.requests[1];
    const notSent = resolveRequest(pay, { file, env: {}, system: pinned() });
    assert.deepEqual(notSent.requestRefs, ['quote']);
    assert.match(notSent.unresolved[0].reason, /Request `quote` has not been sent yet/);
    const body = { success: true, data: { fiatAmount: 100000, items: ['x'] } };
    const sent = resolveRequest(pay, {
      file,
      env: {},
      system: pinned(),
      response: (name) => (name === 'quote' ? { status: 201, headers: { 'X-Trace': 't-1' }, body } : undefined),
    });
    assert.deepEqual(sent.unresolved, []);
    assert.deepEqual(sent.headers, [['X-Trace', 't-1']]);
    assert.deepEqual(sent.bodyValue, { fiatAmount: 100000, all: body, first: 'x' });
    assert.deepEqual(JSON.parse(sent.bodyText!), sent.bodyValue);
  });

  it('explains bad response references', () => {
    const file = parseHttpFile(
      '# @name q\nGET https://x\n\n###\nGET https://x/{{nobody.response.body.$.a}}/{{q.response.body.$.missing}}/{{q.response.body.a}}\n',
    );
    const r = resolveRequest(file.requests[1], {
      file,
      env: {},
      system: pinned(),
      response: () => ({ status: 200, headers: {}, body: { a: 1 } }),
    });
    assert.deepEqual(r.requestRefs, ['nobody', 'q']);
    assert.match(r.unresolved[0].reason, /No request in this file is named `nobody`: add `# @name nobody`/);
    assert.match(r.unresolved[1].reason, /has no `\$.missing`/);
    assert.match(r.unresolved[2].reason, /JSONPath/);
  });

  it('does not let a request depend on its own response', () => {
    const file = parseHttpFile('# @name self\nGET https://x/{{self.response.body.$.id}}\n');
    const r = resolveRequest(file.requests[0], {
      file,
      env: {},
      system: pinned(),
      response: () => ({ status: 200, headers: {}, body: { id: 1 } }),
    });
    assert.deepEqual(r.requestRefs, []);
    assert.match(r.unresolved[0].reason, /refers to its own response/);
  });

  it('collects the secret values used, without putting them in reasons', () => {
    const text =
      '###\nPOST https://x\nAuthorization: Bearer {{accessToken}}\n\n{"sig": "{{secretKey}}", "p": "{{$processEnv PAYOUT_SECRET}}"}\n';
    const c = ctx(text, { ...ENV, accessToken: 'tok-123' });
    const r = resolveRequest(c.file.requests[0], c);
    assert.deepEqual(r.secrets.sort(), ['env-secret', 'tok-123', 'top-secret']);
    const bad = resolveRequest(parseHttpFile('###\nPOST https://x\n\n{"a": {{secretKey}}}\n').requests[0], {
      ...c,
      file: parseHttpFile('###\nPOST https://x\n\n{"a": {{secretKey}}}\n'),
    });
    assert.ok(!bad.unresolved.some((u) => u.reason.includes('top-secret')));
  });

  it('resolves text bodies and file bodies', () => {
    const text =
      '###\nPOST https://x\nContent-Type: text/plain\n\nhello {{partnerCode}}\n\n###\nPOST https://x\n\n< ./{{partnerCode}}.json\n';
    const c = ctx(text, ENV, { readFile: (p) => (p === './P001.json' ? '{"from": "file"}' : undefined) });
    assert.equal(resolveRequest(c.file.requests[0], c).bodyText, 'hello P001');
    const f = resolveRequest(c.file.requests[1], c);
    assert.equal(f.bodyFile, './P001.json');
    assert.deepEqual(f.bodyValue, { from: 'file' });
  });

  it('formats local and custom dates', () => {
    const d = new Date('2026-01-02T03:04:05.006Z');
    assert.equal(formatDate(d, 'DD/MM/YYYY HH:mm:ss', true), '02/01/2026 03:04:05');
    assert.match(formatDate(d, 'iso8601', false), /^2026-01-0[12]T\d\d:\d\d:05\.006[+-]\d\d:\d\d$/);
  });

  it('turns a failing system variable source into a reason, and refuses huge random ranges', () => {
    const c = ctx(
      '',
      {},
      {
        system: pinned({
          uuid: () => {
            throw new Error('no entropy');
          },
        }),
      },
    );
    const r = resolveString('{{$uuid}} {{$randomInt 0 9007199254740991}}', c);
    assert.match(r.unresolved[0].reason, /could not be computed \(no entropy\)/);
    assert.match(r.unresolved[1].reason, /at most 2\^48 apart/);
    assert.equal(defaultSystemVariables('.').randomInt(0, 2 ** 48 - 1) >= 0, true);
  });

  it('never throws on odd input', () => {
    const file = parseHttpFile('###\nPOST {{\n\n{"a": {{}}, "b": "{{ }}"\n');
    const r = resolveRequest(file.requests[0], { file, env: {}, system: pinned() });
    assert.equal(typeof r.url, 'string');
  });
});
