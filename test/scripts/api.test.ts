// The JetBrains HTTP Client API as a script sees it, each case run the way the sender runs it: in
// its own worker thread (engine/scripts/runner.ts, from source through tsx), in a vm context that
// holds the API and nothing of the host.
import assert from 'node:assert/strict';
import { runScript } from '../../engine/scripts/runner';
import type { ScriptJob } from '../../engine/scripts/types';

function job(code: string, over: Partial<ScriptJob> = {}): ScriptJob {
  return {
    label: 'the response handler of t',
    phase: 'post',
    code,
    globals: { kept: 'from before' },
    variables: {},
    request: {
      method: 'POST',
      url: '{{base_url}}/x?u={{user}}',
      headers: [{ name: 'X-Trace', value: '{{user}}-1' }],
      body: '{"user":"{{user}}"}',
      environment: { base_url: 'http://h', user: 'env-user' },
    },
    response: {
      status: 201,
      headers: { 'content-type': 'application/problem+json; charset=ISO-8859-1', 'set-cookie': ['a=1', 'b=2'] },
      bodyText: '{"data":{"id":7}}',
    },
    ...over,
  };
}

describe('scripts: the client, response and request objects', function () {
  this.timeout(30_000);

  it('response: status, JSON body by content type, headers valueOf/valuesOf, contentType', async () => {
    const o = await runScript(
      job(`client.log(response.status, response.body.data.id, response.headers.valueOf("Set-Cookie"), JSON.stringify(response.headers.valuesOf("set-cookie")),
        response.headers.valueOf("missing"), response.headers.valuesOf("missing").length, response.contentType.mimeType, response.contentType.charset);`),
    );
    assert.equal(o.error, undefined);
    assert.deepEqual(o.logs, ['201 7 a=1 ["a=1","b=2"] null 0 application/problem+json iso-8859-1']);
    const text = await runScript(
      job('client.log(typeof response.body, response.body)', {
        response: { status: 200, headers: { 'content-type': 'text/plain' }, bodyText: '{"looks":"like json"}' },
      }),
    );
    assert.deepEqual(text.logs, ['string {"looks":"like json"}']);
  });

  it('client.global: set/get/isEmpty/clear/clearAll, values kept as text; tests run after the handler, assert fails them', async () => {
    const o = await runScript(
      job(`
        client.test("sees what the handler set after it", function () { client.assert(client.global.get("n") === "42", "n is " + client.global.get("n")); });
        client.test("fails", function () { client.assert(false, "said so"); });
        client.test("throws", function () { null.x; });
        client.global.set("n", 42);
        client.global.set("obj", { a: 1 });
        client.log(client.global.get("kept"), client.global.get("nope"), client.global.isEmpty());
        client.global.clear("kept");
      `),
    );
    assert.deepEqual(o.globals, { n: '42', obj: '{"a":1}' });
    assert.deepEqual(o.logs, ['from before null false']);
    assert.deepEqual(
      o.tests.map((t) => [t.name, t.ok]),
      [
        ['sees what the handler set after it', true],
        ['fails', false],
        ['throws', false],
      ],
    );
    assert.equal(o.tests[1].message, 'said so');
    assert.match(o.tests[2].message!, /Cannot read properties of null/);
    const cleared = await runScript(
      job('client.global.clearAll(); console.info("httpYac writes", 1); client.log(client.global.isEmpty())'),
    );
    assert.deepEqual([cleared.globals, cleared.logs], [{}, ['httpYac writes 1', 'true']]);
  });

  it('request: raw and substituted url, body and headers; variables; environment; exit()', async () => {
    const o = await runScript(
      job(
        `request.variables.set("user", "script-user");
         client.log(request.method, request.url.getRaw(), request.url.tryGetSubstituted(), request.body.tryGetSubstituted(),
           request.headers.findByName("x-trace").tryGetSubstitutedValue(), request.headers.all().length, request.environment.get("user"), request.environment.get("nope"));
         client.exit();
         client.log("not reached");`,
        { phase: 'pre', response: undefined },
      ),
    );
    assert.equal(o.error, undefined);
    assert.deepEqual(o.variables, { user: 'script-user' });
    assert.deepEqual(o.logs, [
      'POST {{base_url}}/x?u={{user}} http://h/x?u=script-user {"user":"script-user"} script-user-1 1 env-user null',
    ]);
  });

  it('reaches nothing of the host: no require, process, timers or code from strings; a throw names the script', async () => {
    const o = await runScript(
      job(`
        client.log(typeof require, typeof process, typeof setTimeout, typeof globalThis.Buffer);
        let escaped;
        try { escaped = client.global.set.constructor("return typeof process")(); } catch (e) { escaped = e.name; }
        client.log(escaped);
        throw new TypeError("on purpose");
      `),
    );
    assert.deepEqual(o.logs, ['undefined undefined undefined undefined', 'EvalError']);
    assert.equal(o.error, 'the response handler of t: TypeError: on purpose');
  });
});
