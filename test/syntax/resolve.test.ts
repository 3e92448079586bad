import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHttpFile } from '../../engine/syntax/parser';
import {
  type ResolveContext,
  type SystemVariables,
  defaultSystemVariables,
  formatDate,
  parseDotenv,
  previewString,
  resolveForPreview,
  resolveRequest,
  resolveString,
} from '../../engine/syntax/resolve';
import { removeFolder } from '../helpers/folders';

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
      removeFolder(dir);
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
    // `q.response.body.a` is kulala's path without `$`: read as `$.a`.
    assert.equal(r.unresolved.length, 2);
    assert.match(r.url, /\/1$/);
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

// What the service receives for each kind of value (issue 17: the mutants of resolve.ts that no test noticed).
describe('syntax/resolve: the values sent', () => {
  const request = (text: string, env: Record<string, string> = {}, extra: Partial<ResolveContext> = {}) => {
    const c = ctx(text, env, extra);
    return resolveRequest(c.file.requests[c.file.requests.length - 1], c);
  };

  it('an unquoted template is sent as its text, and is the JSON value that text is (numbers, true, false, null, arrays, objects, strings)', () => {
    const env = { n: '-5', sp: ' 7 ', t: 'true', f: 'false', z: 'null', arr: '[1, "a"]', obj: '{"k": 1}', q: '"hi"', amt: '100000.00' };
    const r = request(
      '###\nPOST https://x\n\n{"n": {{n}}, "sp": {{sp}}, "t": {{t}}, "f": {{f}}, "z": {{z}}, "arr": {{arr}}, "obj": {{obj}}, "q": {{q}}, "amt": {{amt}}}\n',
      env,
    );
    assert.deepEqual(r.unresolved, []);
    assert.deepEqual(r.bodyValue, { n: -5, sp: 7, t: true, f: false, z: null, arr: [1, 'a'], obj: { k: 1 }, q: 'hi', amt: 100000 });
    // The bytes sent (and signed) hold each value as written: `100000.00` stays `100000.00`.
    assert.equal(
      r.bodyText,
      '{"n": -5, "sp":  7 , "t": true, "f": false, "z": null, "arr": [1, "a"], "obj": {"k": 1}, "q": "hi", "amt": 100000.00}',
    );
    assert.deepEqual(JSON.parse(r.bodyText as string), r.bodyValue);
  });

  it('an unquoted template whose text only starts like JSON is flagged, its text kept as a string', () => {
    const r = request('###\nPOST https://x\n\n{"a": {{a}}, "b": {{b}}, "c": {{c}}}\n', { a: '12abc', b: 'truth', c: '{open' });
    assert.deepEqual(r.bodyValue, { a: '12abc', b: 'truth', c: '{open' });
    assert.deepEqual(
      r.unresolved.map((u) => u.ref.name),
      ['a', 'b', 'c'],
    );
    assert.equal(
      r.unresolved[0].reason,
      '`{{a}}` is not in quotes, but its value is not a JSON number, true, false, null, object or array, so the body would not be JSON: write "{{a}}".',
    );
  });

  it('a response value is sent as JSON where unquoted and as its JSON text inside a string', () => {
    const text =
      '# @name q\nGET https://x/q\n\n###\nPOST https://x\nX-Data: {{q.response.body.$.data}}\n\n{"d": {{q.response.body.$.data}}, "s": "{{q.response.body.$.data}}", "n": "{{q.response.body.$.data.k}}"}\n';
    const data = { k: 1, t: 'a "b"' };
    const r = request(text, {}, { response: () => ({ status: 200, headers: {}, body: { data } }) });
    assert.deepEqual(r.unresolved, []);
    assert.deepEqual(r.headers, [['X-Data', '{"k":1,"t":"a \\"b\\""}']]);
    assert.deepEqual(r.bodyValue, { d: data, s: '{"k":1,"t":"a \\"b\\""}', n: '1' });
    assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue);
  });

  it('reads the whole response body through `body`, `body.*` and `body.$`, and headers by any case', () => {
    const body = { success: true };
    const r = request(
      '# @name q\nGET https://x/q\n\n###\nGET https://x/{{q.response.headers.content-TYPE}}\n\n{"a": {{q.response.body}}, "b": {{q.response.body.*}}, "c": {{q.response.body.$}}}\n',
      {},
      { response: () => ({ status: 200, headers: { 'Content-Type': 'json' }, body }) },
    );
    assert.deepEqual(r.unresolved, []);
    assert.equal(r.url, 'https://x/json');
    assert.deepEqual(r.bodyValue, { a: body, b: body, c: body });
  });

  it('explains a missing response header, a path through null or into inherited members, and request (not response) references', () => {
    const r = request(
      '# @name q\nGET https://x/q\n\n###\nGET https://x/{{q.response.headers.X-Missing}}/{{q.response.body.$.data.x}}/{{q.response.body.$.toString}}/{{q.request.body.$.a}}\n',
      {},
      { response: () => ({ status: 200, headers: { 'X-Other': '1' }, body: { data: null } }) },
    );
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      [
        'The response of `q` has no header `X-Missing`.',
        'The response of `q` has no `$.data.x`: check the path against the response.',
        'The response of `q` has no `$.toString`: check the path against the response.',
        'What request `q` sent is not known here: send it again.',
      ],
    );
    assert.equal(
      r.url,
      'https://x/{{q.response.headers.X-Missing}}/{{q.response.body.$.data.x}}/{{q.response.body.$.toString}}/{{q.request.body.$.a}}',
    );
  });

  it("reads REST Client's `{{name.request.…}}` from the request that was sent, never a header that carried a token", () => {
    const r = request(
      '# @name q\nGET https://x/q\n\n###\nGET https://x/{{q.request.body.$.a.b}}/{{q.request.headers.x-trace}}/{{q.request.headers.Authorization}}/{{q.request.body.$.c}}/{{q.request.headers.X-None}}/{{q.request.cookies.sid.value}}\n',
      {},
      {
        response: () => ({
          status: 200,
          headers: {},
          body: {},
          request: {
            headers: { 'X-Trace': 't-1', Authorization: 'Bearer tok' },
            body: { a: { b: 'B' } },
            secretHeaders: ['Authorization'],
          },
        }),
      },
    );
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      [
        '`{{q.request.headers.Authorization}}` holds an access token, which is never copied into another request: name the user with `# @user` and the token is obtained for this request too.',
        'The request `q` sent has no `$.c`: check the path against that request.',
        'The request `q` sent had no header `X-None`.',
        'Only `q.response.body...`, `q.response.headers.Name`, `q.response.cookies.NAME.value`, `q.request.body...` and `q.request.headers.Name` references are supported.',
      ],
    );
    assert.ok(r.url.startsWith('https://x/B/t-1/{{q.request.headers.Authorization}}/'), r.url);
    assert.ok(!r.url.includes('tok'), 'the token is not in the URL');
  });

  it('unresolved templates of the URL and of header values have spans that point into the block', () => {
    const text = '###\nGET https://x/{{nope}}\nX-Partner: {{missing}}\n';
    const c = ctx(text, {});
    const block = c.file.requests[0];
    const r = resolveRequest(block, c);
    assert.deepEqual(r.headers, [['X-Partner', '{{missing}}']]);
    assert.deepEqual(
      r.unresolved.map((u) => block.text.slice(u.ref.span.start, u.ref.span.end)),
      ['{{nope}}', '{{missing}}'],
    );
  });

  it('an environment has only the names it defines: `{{toString}}` is not defined', () => {
    const r = resolveString('{{toString}} {{constructor}}', ctx(''));
    assert.equal(r.value, '{{toString}} {{constructor}}');
    assert.match(r.unresolved[0].reason, /^`toString` is not defined: /);
  });

  it('a variable whose value uses unresolvable ones says which, the first one', () => {
    const r = resolveString('{{a}}', ctx('@a = {{b}}-{{c}}\n'));
    assert.equal(r.value, '{{a}}');
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      [
        '`a` uses `{{b}}`, which cannot be resolved: `b` is not defined: add it to the selected environment in http-client.env.json, or define `@b = value` in this file.',
      ],
    );
  });

  it('collects a secret used through another variable, but not an empty one', () => {
    const used = resolveString('{{auth}}', ctx('@auth = Bearer {{secretKey}}\n', { secretKey: 'top-secret' }));
    assert.equal(used.value, 'Bearer top-secret');
    const c = ctx('###\nGET https://x/{{auth}}\n', { auth: 'Bearer {{secretKey}}', secretKey: 'top-secret' });
    assert.deepEqual(resolveRequest(c.file.requests[0], c).secrets, ['top-secret']);
    const empty = ctx(
      '###\nGET https://x/{{secretKey}}/{{$processEnv PAYOUT_SECRET}}\n',
      { secretKey: '' },
      {
        system: pinned({ processEnv: () => '' }),
      },
    );
    const r = resolveRequest(empty.file.requests[0], empty);
    assert.equal(r.url, 'https://x//');
    assert.deepEqual(r.secrets, []);
  });

  it('a file body: its text, parsed when it is JSON; nothing when it cannot be read', () => {
    const text = '###\nPOST https://x\n\n< ./body.txt\n';
    const plain = request(text, {}, { readFile: () => 'plain text' });
    assert.equal(plain.bodyFile, './body.txt');
    assert.equal(plain.bodyText, 'plain text');
    assert.equal(plain.bodyValue, undefined);
    const missing = request(text, {}, { readFile: () => undefined });
    assert.equal(missing.bodyFile, './body.txt');
    assert.equal(missing.bodyText, undefined);
  });
});

describe('syntax/resolve: system variables', () => {
  const value = (expr: string, system = pinned()) => resolveString(`{{${expr}}}`, { file: parseHttpFile(''), env: {}, system });

  it('shifts the clock by each unit (y M w d h m s ms), also backwards', () => {
    const cases: [string, string][] = [
      ['$datetime iso8601', '2026-11-22T07:40:35.123Z'],
      ['$datetime', '2026-11-22T07:40:35.123Z'],
      ['$datetime iso8601 1 y', '2027-11-22T07:40:35.123Z'],
      ['$datetime iso8601 -1 M', '2026-10-22T07:40:35.123Z'],
      ['$datetime iso8601 2 w', '2026-12-06T07:40:35.123Z'],
      ['$datetime iso8601 3 d', '2026-11-25T07:40:35.123Z'],
      ['$datetime iso8601 1 h', '2026-11-22T08:40:35.123Z'],
      ['$datetime iso8601 -30 m', '2026-11-22T07:10:35.123Z'],
      ['$datetime iso8601 10 s', '2026-11-22T07:40:45.123Z'],
      ['$datetime iso8601 500 ms', '2026-11-22T07:40:35.623Z'],
      ['$timestamp 1 d', '1795419635'],
    ];
    for (const [expr, expected] of cases) {
      const r = value(expr);
      assert.deepEqual(r.unresolved, [], expr);
      assert.equal(r.value, expected, expr);
    }
  });

  it('refuses an offset that is not a whole number with a unit, or that leaves the calendar', () => {
    for (const expr of [
      '$timestamp 1.5 h',
      '$timestamp 1',
      '$timestamp x d',
      '$datetime iso8601 1 parsecs',
      '$datetime iso8601 999999999 y',
    ]) {
      const r = value(expr);
      assert.equal(r.value, `{{${expr}}}`, expr);
      assert.equal(r.unresolved.length, 1, expr);
    }
    assert.equal(
      value('$timestamp 1').unresolved[0].reason,
      'The offset of `{{$timestamp 1}}` should be a whole number and a unit (y M w d h m s ms), e.g. `{{$timestamp -1 d}}`.',
    );
    assert.equal(
      value('$datetime iso8601 1').unresolved[0].reason,
      'The offset of `{{$datetime iso8601 1}}` should be a whole number and a unit (y M w d h m s ms), e.g. `{{$datetime iso8601 -1 d}}`.',
    );
  });

  it('$randomInt: two whole numbers, min below max, at most 2^48 apart', () => {
    assert.equal(value('$randomInt 0 281474976710655').value, '0');
    assert.equal(value('$randomInt -3 -2').value, '-3');
    for (const expr of ['$randomInt 5 5', '$randomInt 1.5 3', '$randomInt a 3', '$randomInt 1', '$randomInt 0 281474976710656']) {
      const r = value(expr);
      assert.equal(r.value, `{{${expr}}}`, expr);
      assert.match(r.unresolved[0].reason, /^Write `\{\{\$randomInt min max\}\}` with two whole numbers/, expr);
    }
  });

  it('$processEnv and $dotenv name what is missing and where to set it', () => {
    assert.equal(
      value('$processEnv NOPE').unresolved[0].reason,
      'The process has no environment variable `NOPE`: set it before starting the editor or the CLI.',
    );
    const r = resolveString('{{$processEnv %which}}', ctx(''));
    assert.match(r.unresolved[0].reason, /^`which` is not defined: /);
  });

  it('$localDatetime and local ISO times carry the zone offset, west of UTC and in half hours too', () => {
    const saved = process.env.TZ;
    const d = new Date('2026-01-02T03:04:05.006Z');
    try {
      process.env.TZ = 'Asia/Kolkata';
      assert.equal(formatDate(d, 'iso8601', false), '2026-01-02T08:34:05.006+05:30');
      assert.equal(value('$localDatetime "YYYY-MM-DD HH:mm"').value, '2026-11-22 13:10');
      assert.equal(value('$datetime "YYYY-MM-DD HH:mm"').value, '2026-11-22 07:40');
      process.env.TZ = 'America/St_Johns';
      assert.equal(formatDate(d, 'iso8601', false), '2026-01-01T23:34:05.006-03:30');
      process.env.TZ = 'UTC';
      assert.equal(formatDate(d, 'iso8601', false), '2026-01-02T03:04:05.006+00:00');
      assert.equal(formatDate(d, 'rfc1123', false), 'Fri, 02 Jan 2026 03:04:05 GMT');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('syntax/resolve: .env files', () => {
  it('reads quoted values with \\n and \\r, single quotes as written, and strips comments after plain values', () => {
    assert.deepEqual(parseDotenv('A="x\\ry\\nz" # c\nB=\'p\\nq\'\nC=plain # note\nD="\nE=a#b\n# F=no\n  export G = g\n'), {
      A: 'x\ry\nz',
      B: 'p\\nq',
      C: 'plain',
      D: '"',
      E: 'a#b',
      G: 'g',
    });
  });

  it('without a .env file, $dotenv has nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payout-nodotenv-'));
    try {
      assert.equal(defaultSystemVariables(dir).dotenv('ANY'), undefined);
    } finally {
      removeFolder(dir);
    }
  });
});

// The live preview (resolveForPreview): what only the send knows stays as written, with a reason.
describe('syntax/resolve: the preview of a body', () => {
  const preview = (text: string, env: Record<string, string>, fields?: string[]) => {
    const file = parseHttpFile(text);
    return resolveForPreview(file.requests[file.requests.length - 1], { file, env }, fields && new Set(fields));
  };

  it('with fields, only those top-level members, the last of a repeated key winning, keys written as templates included', () => {
    const text = '###\nPOST https://x\n\n{"a": 1, "b": 2, "a": "{{x}}", "{{k}}": {{n}}}\n';
    const env = { x: 'X', k: 'c', n: '3' };
    assert.deepEqual(preview(text, env, ['a', 'c']).bodyValue, { a: 'X', c: 3 });
    assert.deepEqual(preview(text, env).bodyValue, { a: 'X', b: 2, c: 3 });
  });

  it('with fields, a body that is an array or a single template is previewed whole', () => {
    assert.deepEqual(preview('###\nPOST https://x\n\n[{"a": 1}]\n', {}, ['a']).bodyValue, [{ a: 1 }]);
    const whole = preview('###\nPOST https://x\nContent-Type: application/json\n\n{{payload}}\n', { payload: '{"a": 1, "b": 2}' }, ['a']);
    assert.deepEqual(whole.bodyValue, { a: 1, b: 2 });
    assert.deepEqual(preview('###\nPOST https://x\n\nhello {{x}}\n', { x: '1' }), { unresolved: [] });
  });

  it('says why each kept template waits for the send', () => {
    const text =
      '# @name q\nGET https://x\n\n###\nPOST https://x\n\n{"id": "{{$uuid}}", "e": "{{q.response.body.$.a}}", "o": "{{orderId}}"}\n';
    const r = preview(text, { orderId: 'ORD-{{$uuid}}' });
    assert.deepEqual(r.bodyValue, { id: '{{$uuid}}', e: '{{q.response.body.$.a}}', o: 'ORD-{{$uuid}}' });
    assert.deepEqual(
      r.unresolved.map((u) => [u.reason, u.pending]),
      [
        ['`{{$uuid}}` is computed when the request is sent.', ['$uuid']],
        ['`{{q.response.body.$.a}}` comes from a response, known once `q` has been sent.', ['q.response.body.$.a']],
        ['`{{orderId}}` uses values known only when the request is sent.', ['$uuid']],
      ],
    );
  });

  it('shows a secret inside a longer string as <name>, and the value itself only in bodyValue', () => {
    const r = preview('###\nPOST https://x\n\n{"t": "Bearer {{secretKey}}", "n": {{amount}}}\n', { secretKey: 'sekret', amount: '5' });
    assert.deepEqual(r.bodyValue, { t: 'Bearer sekret', n: 5 });
    assert.deepEqual(r.bodyDisplay, { t: 'Bearer <secretKey>', n: 5 });
    const plain = preview('###\nPOST https://x\n\n{"n": {{amount}}}\n', { amount: '5' });
    assert.deepEqual(plain.bodyDisplay, { n: 5 });
  });

  it('previewString: text without a secret shows as it is; nothing is computed', () => {
    const file = parseHttpFile('');
    // As JSON: a reference makes its span when read (engine/syntax/templates.ts), and JSON is how it reads as data.
    assert.deepEqual(JSON.parse(JSON.stringify(previewString('a {{x}} {{$uuid}}', { file, env: { x: '1' } }))), {
      value: 'a 1 {{$uuid}}',
      display: 'a 1 {{$uuid}}',
      unresolved: [
        {
          ref: { span: { start: 8, end: 17 }, expression: '$uuid', kind: 'system', name: '$uuid', args: [] },
          reason: '`{{$uuid}}` is computed when the request is sent.',
          pending: ['$uuid'],
        },
      ],
    });
  });
});

// The gaps the `syntax-resolve` mutation run found in resolveRequest and the body preview.
describe('syntax/resolve: edges of requests and bodies', () => {
  const sys = pinned();

  it('a block without a request line or a body resolves without throwing, and its preview is empty', () => {
    const file = parseHttpFile('@a = 1\n\n###\nGET https://x\n');
    const r = resolveRequest(file.blocks[0], { file, env: {}, system: sys });
    assert.deepEqual([r.method, r.url, r.headers, r.bodyText], ['GET', '', [], undefined]);
    assert.deepEqual(resolveForPreview(file.requests[0], { file, env: {} }), { unresolved: [] });
  });

  it('a file body without a file reader: the path only', () => {
    const file = parseHttpFile('###\nPOST https://x\n\n< ./{{name}}.json\n');
    const r = resolveRequest(file.requests[0], { file, env: { name: 'kyc' }, system: sys });
    assert.equal(r.bodyFile, './kyc.json');
    assert.equal(r.bodyText, undefined);
  });

  it('a response without a body is empty text where quoted and null where unquoted', () => {
    const file = parseHttpFile(
      '# @name q\nGET https://x\n\n###\nPOST https://x\nX-Body: [{{q.response.body}}]\n\n{"a": {{q.response.body}}, "s": "{{q.response.body}}"}\n',
    );
    const r = resolveRequest(file.requests[1], {
      file,
      env: {},
      system: sys,
      response: () => ({ status: 204, headers: {}, body: undefined }),
    });
    assert.deepEqual(r.headers, [['X-Body', '[]']]);
    assert.equal(r.bodyText, '{"a": null, "s": ""}');
  });

  it('JSON escapes in a body string are decoded, with or without a template in the string', () => {
    const file = parseHttpFile('###\nPOST https://x\n\n{"a": "say \\"hi\\"\\n", "b": "\\u0041{{x}}"}\n');
    const r = resolveRequest(file.requests[0], { file, env: { x: 'B' }, system: sys });
    assert.deepEqual(r.bodyValue, { a: 'say "hi"\n', b: 'AB' });
    assert.deepEqual(resolveForPreview(file.requests[0], { file, env: { x: 'B' } }).bodyValue, { a: 'say "hi"\n', b: 'AB' });
  });

  it('a body cut inside a string: the value is the text after the opening quote', () => {
    const file = parseHttpFile('###\nPOST https://x\n\n{"a": "abc');
    assert.deepEqual(resolveRequest(file.requests[0], { file, env: {}, system: sys }).bodyValue, { a: 'abc' });
  });

  it('preview: an unquoted template waiting for the send is listed once, as waiting, not as "not in quotes"', () => {
    const file = parseHttpFile('@amount = {{$randomInt 1 9}}\n###\nPOST https://x\n\n{"n": {{amount}}}\n');
    const r = resolveForPreview(file.requests[0], { file, env: {} });
    assert.deepEqual(r.bodyValue, { n: '{{$randomInt 1 9}}' });
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      ['`{{amount}}` uses values known only when the request is sent.'],
    );
  });

  it('preview: an unquoted secret shows as <name>; with fields, a key template naming another member is left out', () => {
    const file = parseHttpFile('###\nPOST https://x\n\n{"pin": {{apiSecret}}, "{{other}}": 1, "a": 2}\n');
    const r = resolveForPreview(file.requests[0], { file, env: { apiSecret: '1234', other: 'zz' } }, new Set(['pin', 'a']));
    assert.deepEqual(r.bodyValue, { pin: 1234, a: 2 });
    assert.deepEqual(r.bodyDisplay, { pin: '<apiSecret>', a: 2 });
  });

  it('resolveRequest with `preview` also gives the body for display, secrets masked', () => {
    const file = parseHttpFile('###\nPOST https://x\n\n{"k": "{{secretKey}}", "id": "{{$uuid}}"}\n');
    const r = resolveRequest(file.requests[0], { file, env: { secretKey: 'sekret' }, system: sys, preview: true });
    assert.deepEqual(r.bodyValue, { k: 'sekret', id: '{{$uuid}}' });
    assert.deepEqual(r.bodyDisplay, { k: '<secretKey>', id: '{{$uuid}}' });
  });
});

// The gaps the `syntax-resolve` mutation run found in variables, system variables, responses and .env files.
describe('syntax/resolve: edges of variables, system variables and responses', () => {
  it('a cycle entered through another variable names only the cycle, reported as is', () => {
    const r = resolveString('{{x}}', ctx('@x = {{a}}\n@a = {{b}}\n@b = {{a}}\n'));
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      ['Variables refer to each other in a cycle (a -> b -> a): give one of them a plain value.'],
    );
  });

  it('preview: a value waiting for the send, through two variables and around text, stays as written', () => {
    const file = parseHttpFile('@v = a{{$uuid}}b{{$uuid}}c\n@w = [{{v}}]\n');
    const r = previewString('{{w}}', { file, env: {} });
    assert.equal(r.value, '[a{{$uuid}}b{{$uuid}}c]');
    assert.deepEqual(
      r.unresolved.map((u) => u.pending),
      [['$uuid', '$uuid']],
    );
  });

  it('preview: the value holds the secret, only the display masks it; a context may give variables only', () => {
    const file = parseHttpFile('');
    const r = previewString('Bearer {{secretKey}}', { file, env: { secretKey: 'sekret' } });
    assert.deepEqual([r.value, r.display], ['Bearer sekret', 'Bearer <secretKey>']);
    assert.equal(previewString('{{x}}', { env: { x: '1' } }).value, '1');
    assert.equal(resolveString('{{x}}', ctx('', { x: '1' })).display, undefined);
  });

  it('$randomInt accepts large bounds close together; an unknown system variable lists the known ones', () => {
    const r = resolveString('{{$randomInt 140737488355328 140737488355329}}', ctx(''));
    assert.deepEqual([r.value, r.unresolved], ['140737488355328', []]);
    assert.match(resolveString('{{$nope}}', ctx('')).unresolved[0].reason, /: use one of \$uuid, \$guid, \$random\.uuid, \$timestamp, /);
  });

  it('milliseconds are written with three digits, years with four', () => {
    assert.equal(formatDate(new Date('2026-01-02T03:04:05.006Z'), 'ss.SSS', true), '05.006');
    assert.equal(resolveString('{{$datetime "YYYY-MM" -1500 y}}', ctx('')).value, '0526-11');
  });

  it('the real system variables read the clock now', () => {
    const before = Date.now();
    const now = defaultSystemVariables('.').now().getTime();
    assert.ok(now >= before && now <= Date.now());
  });

  it('a response path stops at text and numbers; `headers` needs a name; `request.response` is not a response', () => {
    const file = parseHttpFile(
      '# @name q\nGET https://x\n\n###\nGET https://x/{{q.response.body.$.s.length}}/{{q.response.headers}}/{{q.request.response.body}}\n',
    );
    const r = resolveRequest(file.requests[1], {
      file,
      env: {},
      system: pinned(),
      response: () => ({ status: 200, headers: {}, body: { s: 'abc' } }),
    });
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      [
        'The response of `q` has no `$.s.length`: check the path against the response.',
        'Only `q.response.body...`, `q.response.headers.Name`, `q.response.cookies.NAME.value`, `q.request.body...` and `q.request.headers.Name` references are supported.',
        'Only `q.response.body...`, `q.response.headers.Name`, `q.response.cookies.NAME.value`, `q.request.body...` and `q.request.headers.Name` references are supported.',
      ],
    );
  });

  it('.env: `export` with several blanks, quotes inside plain values, a lone quote, a comment after several blanks', () => {
    assert.deepEqual(parseDotenv("export  H=h\nI=a\"b\nJ=a'b\nL=it'\nM='\nN=v  # note\n"), {
      H: 'h',
      I: 'a"b',
      J: "a'b",
      L: "it'",
      M: "'",
      N: 'v',
    });
  });
});
