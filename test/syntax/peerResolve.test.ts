// What the peers' templates resolve to when sending (issue 23): JetBrains' `$random.*` dynamic
// variables, REST Client's `{{%name}}` and XPath references, kulala's reference forms, GRAPHQL.
import assert from 'node:assert/strict';
import { parseHttpFile } from '../../engine/syntax/parser';
import { resolveRequest, responseCookie, type ResponseSnapshot, type SystemVariables } from '../../engine/syntax/resolve';
import { scanTemplates } from '../../engine/syntax/templates';
import { xpathValue } from '../../engine/syntax/xpath';

/** Random numbers from a fixed list (each call the next one, kept inside [min, max)). */
function system(randoms: number[] = [3, 1, 4, 1, 5, 9, 2, 6]): SystemVariables {
  let k = 0;
  return {
    now: () => new Date('2026-11-22T07:40:35.123Z'),
    uuid: () => '11111111-2222-4333-8444-555555555555',
    randomInt: (min, max) => min + (randoms[k++ % randoms.length] % (max - min)),
    processEnv: () => undefined,
    dotenv: () => undefined,
  };
}

function send(text: string, response?: ResponseSnapshot, env: Record<string, string> = {}) {
  const file = parseHttpFile(text);
  const block = file.requests[file.requests.length - 1];
  return { block, r: resolveRequest(block, { file, env, system: system(), response: () => response }) };
}

describe('syntax/resolve: the peers’ templates', () => {
  it("reads JetBrains' `$random.*` with arguments in parentheses, with no problem in the file", () => {
    const { block, r } = send(
      'GET https://x.test/?i={{$random.integer(2, 8)}}&h={{$random.hexadecimal(4)}}&a={{$random.alphabetic(3)}}&n={{$random.alphanumeric(2)}}&e={{$random.email}}&u={{$random.uuid}}&t={{$timestamp}}&iso={{$isoTimestamp}}&f={{$random.name.firstName}}\n',
    );
    assert.deepEqual(block.problems, []);
    assert.deepEqual(r.unresolved, []);
    const q = new URL(r.url).searchParams;
    assert.equal(q.get('i'), '5'); // 2 + 3 % 6
    assert.match(q.get('h')!, /^[0-9a-f]{4}$/);
    assert.match(q.get('a')!, /^[A-Za-z]{3}$/);
    assert.match(q.get('n')!, /^\w{2}$/);
    assert.match(q.get('e')!, /^[a-z]+\.[a-z]{6}@example\.com$/);
    assert.equal(q.get('u'), '11111111-2222-4333-8444-555555555555');
    assert.equal(q.get('t'), String(Math.floor(Date.parse('2026-11-22T07:40:35.123Z') / 1000)));
    assert.equal(q.get('iso'), '2026-11-22T07:40:35.123Z');
    assert.ok(q.get('f'));
  });

  it("reads kulala's `$date` and `$randomInt` without arguments", () => {
    const { block, r } = send('GET https://x.test/?d={{$date}}&n={{$randomInt}}\n');
    assert.deepEqual(block.problems, []);
    assert.equal(r.url, 'https://x.test/?d=2026-11-22&n=3');
  });

  it('says what is wrong with a `$random.*` call, and still warns on an unknown one', () => {
    const { r } = send('GET https://x.test/{{$random.integer(8, 2)}}/{{$random.alphabetic(x)}}\n');
    assert.deepEqual(
      r.unresolved.map((u) => u.reason),
      [
        'Write `{{$random.integer(from, to)}}` with two numbers, from below to, e.g. `{{$random.integer(1, 100)}}`.',
        'Write `{{$random.alphabetic(length)}}` with a whole number from 0 to 10000, e.g. `{{$random.alphabetic(10)}}`.',
      ],
    );
    assert.deepEqual(
      scanTemplates('{{$random.nope}}').problems.map((p) => p.code),
      ['syntax/unknown-system-variable'],
    );
  });

  it("percent-encodes REST Client's `{{%name}}`", () => {
    const { block, r } = send('@q = a b&c=d/é\nGET https://x.test/?q={{%q}}&raw={{q}}\n');
    assert.deepEqual(block.problems, []);
    assert.equal(r.url, 'https://x.test/?q=a%20b%26c%3Dd%2F%C3%A9&raw=a b&c=d/é');
  });

  it("reads kulala's `body.json.x`, `headers['Name']` and `cookies.NAME.value`", () => {
    const response = {
      status: 200,
      headers: { Server: 'gunicorn', 'Set-Cookie': 'sample=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT, test=two; HttpOnly' },
      body: { json: { token: 'tok', deep: { nested: [{ key: 'a' }, { key: 'b' }] } } },
    };
    const { block, r } = send(
      "# @name login\nPOST https://x.test/post\n\n###\nGET https://x.test/{{login.response.body.json.token}}/{{login.response.body.$.json.deep.nested[1].key}}/{{login.response.headers['server']}}/{{login.response.cookies.sample.value}}/{{login.response.cookies.test.value}}\n",
      response,
    );
    assert.deepEqual(block.problems, []);
    assert.equal(r.url, 'https://x.test/tok/b/gunicorn/1/two');
    assert.equal(responseCookie('a=1, b=2', 'c'), undefined);
  });

  it('reads REST Client XPath references on an XML body, and says when the body is no XML', () => {
    const xml =
      '<?xml version="1.0"?><!-- c --><order id="7"><item sku="a">one</item><item sku="b">two &amp; more</item><total><![CDATA[42]]></total></order>';
    const { block, r } = send(
      '# @name o\nGET https://x.test\n\n###\nGET https://x.test/{{o.response.body.//item[2]}}/{{o.response.body./order/@id}}/{{o.response.body.//item[1]/@sku}}/{{o.response.body./order/total/text()}}\n',
      { status: 200, headers: {}, body: xml },
    );
    assert.deepEqual(block.problems, []);
    assert.equal(r.url, 'https://x.test/two & more/7/a/42');
    assert.deepEqual(xpathValue(xml, '//missing'), { ok: false, reason: '`//missing` selects nothing in the response body' });
    assert.equal(xpathValue('<a><b></a>', '/a').ok, false);
    assert.match((xpathValue(xml, '/order[@id=7]') as { reason: string }).reason, /outside the XPath subset/);
    const json = send('# @name o\nGET https://x.test\n\n###\nGET https://x.test/{{o.response.body.//a}}\n', {
      status: 200,
      headers: {},
      body: { a: 1 },
    });
    assert.match(json.r.unresolved[0].reason, /is XPath, but the response of `o` is not XML/);
  });

  it('sends GRAPHQL as httpYac and kulala do: a POST of {query, variables}', () => {
    const { block, r } = send(
      'GRAPHQL https://x.test/graphql\n\nquery Q($id: ID!) {\n  user(id: $id) { name }\n}\n\n{"id": "{{id}}"}\n',
      undefined,
      { id: '7' },
    );
    assert.deepEqual(block.problems, []);
    assert.equal(block.body?.kind, 'text');
    assert.equal(r.method, 'POST');
    assert.deepEqual(r.bodyValue, { query: 'query Q($id: ID!) {\n  user(id: $id) { name }\n}', variables: { id: '7' } });
    assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue);
    assert.deepEqual(r.headers, [['Content-Type', 'application/json']]);
    const bare = send('GRAPHQL https://x.test/graphql\nContent-Type: application/graphql+json\n\n{ a }\n').r;
    assert.deepEqual([bare.bodyValue, bare.headers], [{ query: '{ a }' }, [['Content-Type', 'application/graphql+json']]]);
  });
});
