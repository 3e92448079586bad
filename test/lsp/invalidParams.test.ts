// Issue 22 (4): every custom request checks its params against the schema declared with it in
// engine/protocol.ts and answers InvalidParams (-32602) naming what is wrong, before anything runs.
// Before, codeExport with language "toString" answered success with the program `[object Object]`,
// "ruby" an internal error, and proxy/start with port "abc" answered running at
// http://127.0.0.1:undefined. Over a real server process (dist/server.js).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol/node';
import {
  CanonicalString,
  CheckPrivateKeyRequest,
  CodeExportRequest,
  HistoryClearRequest,
  HistoryGetRequest,
  HistoryListRequest,
  HistoryLocateRequest,
  CopyAsCurlRequest,
  EnvironmentsRequest,
  ExplainRequest,
  PrepareRequest,
  ProxyOpenAsRequest,
  ProxyStartRequest,
  ProxyStopRequest,
  SandboxStartRequest,
  SandboxStatusRequest,
  SandboxStopRequest,
  SendAllRequest,
  SendRequest,
  TestableRequestsRequest,
  VerifyWebhookRequest,
  schemaProblem,
} from '../../engine/protocol';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

const settings = { timeoutMs: 1000, maxResponseBytes: 1_000_000, retryMaxAttempts: 1, retryInitialDelayMs: 10, sandboxAutoStart: false };

describe('language server: custom requests refuse wrong-typed params (issue 22)', function () {
  this.timeout(30_000);
  let dir: string;
  let server: ServerSession;
  let uri: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-lsp-params-'));
    const file = join(dir, 'q.payout.http');
    const text =
      '### q\n# @name q\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}", "currency": "USDT" }\n';
    writeFileSync(file, text);
    uri = pathToFileURL(file).href;
    server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: dir });
    await server.open(uri, text, 1);
  });
  after(async () => {
    await server?.close();
    removeFolder(dir);
  });

  async function refused(method: string, params: unknown, field: RegExp): Promise<void> {
    try {
      const answer = await server.connection.sendRequest(method, params);
      assert.fail(`${method} answered ${JSON.stringify(answer)?.slice(0, 200)}`);
    } catch (e) {
      assert.ok(e instanceof ResponseError, `${method}: ${String(e)}`);
      assert.equal(e.code, ErrorCodes.InvalidParams, `${method}: ${e.message}`);
      assert.match(e.message, field, method);
    }
  }

  const at = () => ({ uri, line: 2, settings });
  const cases: [string, string, () => unknown, RegExp][] = [
    [
      'codeExport',
      CodeExportRequest.method,
      () => ({ ...at(), language: 'toString' }),
      /params\.language must be one of node, python, java, go, php, got "toString"/,
    ],
    ['codeExport', CodeExportRequest.method, () => ({ ...at(), language: 'ruby' }), /params\.language must be one of .*got "ruby"/],
    ['codeExport', CodeExportRequest.method, () => ({ line: 2, settings, language: 'node' }), /params\.uri must be a string, got nothing/],
    [
      'proxy/start',
      ProxyStartRequest.method,
      () => ({ upstream: 'local', port: 'abc' }),
      /params\.port must be an integer from 0 to 65535, got "abc"/,
    ],
    [
      'proxy/start',
      ProxyStartRequest.method,
      () => ({ upstream: 'local', port: 70000 }),
      /params\.port must be an integer from 0 to 65535/,
    ],
    ['proxy/start', ProxyStartRequest.method, () => ({ port: 0 }), /params\.upstream must be a string/],
    ['send', SendRequest.method, () => ({ line: 2, settings }), /params\.uri must be a string/],
    ['send', SendRequest.method, () => ({ ...at(), workDoneToken: { x: 1 } }), /params\.workDoneToken must be a string or an integer/],
    ['sendAll', SendAllRequest.method, () => ({ uri }), /params\.settings must be an object, got nothing/],
    ['prepare', PrepareRequest.method, () => ({ ...at(), line: '2' }), /params\.line must be an integer >= 0, got "2"/],
    [
      'copyAsCurl',
      CopyAsCurlRequest.method,
      () => ({ ...at(), settings: { ...settings, timeoutMs: 'soon' } }),
      /params\.settings\.timeoutMs must be a number/,
    ],
    ['explain', ExplainRequest.method, () => at(), /params\.signature must be a string, got nothing/],
    ['verifyWebhook', VerifyWebhookRequest.method, () => ({ payload: 5, fromClipboard: false }), /params\.payload must be a string, got 5/],
    ['environments', EnvironmentsRequest.method, () => ({ uri: 5 }), /params\.uri must be a string/],
    ['checkPrivateKey', CheckPrivateKeyRequest.method, () => ({}), /params\.pem must be a string/],
    ['proxy/openAsRequest', ProxyOpenAsRequest.method, () => ({ id: '1' }), /params\.id must be an integer >= 0, got "1"/],
    ['proxy/stop', ProxyStopRequest.method, () => 'stop', /params must be an object/],
    ['sandbox/start', SandboxStartRequest.method, () => 'now', /params must be an object/],
    ['sandbox/stop', SandboxStopRequest.method, () => 'now', /params must be an object/],
    ['sandbox/status', SandboxStatusRequest.method, () => 'now', /params must be an object/],
    ['history/get', HistoryGetRequest.method, () => ({ id: 5 }), /params\.id must be a string, got 5/],
    ['history/locate', HistoryLocateRequest.method, () => ({}), /params\.id must be a string, got nothing/],
    ['history/list', HistoryListRequest.method, () => 'all', /params must be an object/],
    ['history/clear', HistoryClearRequest.method, () => 'all', /params must be an object/],
    ['canonicalString', CanonicalString.method, () => ({ uri }), /params\.position must be an object, got nothing/],
    // It had no schema until the schemas were typed (every request must now declare one).
    ['testableRequests', TestableRequestsRequest.method, () => ({ uri: 42 }), /params\.uri must be a string, got 42/],
    // JSON-RPC's by-position form (params as an array): the messages are by name, so it is refused.
    ['history/get, by position', HistoryGetRequest.method, () => [{ id: 'x' }], /params must be an object, got \[\{"id":"x"\}\]/],
    ['canonicalString, by position', CanonicalString.method, () => [uri, { line: 0, character: 0 }], /params must be an object, got \[/],
  ];
  for (const [name, method, params, field] of cases) {
    it(`${name}: InvalidParams, ${field.source.replace(/\\/g, '').slice(0, 70)}`, () => refused(method, params(), field));
  }

  it('right params still work: codeExport with language "node" answers the program', async () => {
    const r = await server.connection
      .sendRequest<{ program: string }>(CodeExportRequest.method, { ...at(), language: 'node' })
      .catch((e: Error) => e);
    // Without credentials the export may fail on resolution, but never on its params.
    if (r instanceof ResponseError) assert.notEqual(r.code, ErrorCodes.InvalidParams, r.message);
    else assert.match((r as { program: string }).program, /const PATH = '\/api\/v2\/wallet\/balance';/);
  });

  it('the validator itself: nested, optional and either', () => {
    assert.equal(schemaProblem(ProxyStartRequest.params, { upstream: 'local' }), undefined);
    assert.equal(schemaProblem(ProxyStartRequest.params, { upstream: 'local', port: 8080, extra: true }), undefined);
    assert.match(schemaProblem(CanonicalString.params, { uri: 'x', position: { line: 0, character: -1 } })!, /params\.position\.character/);
  });
});
