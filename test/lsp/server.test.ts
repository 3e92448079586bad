// The bundled language server (dist/server.js) as a separate process, driven over stdio by a real
// JSON-RPC client: initialize, open, diagnostics, completion, code lenses, hover, code actions, the
// custom canonical-string request, the active-environment notification.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  CodeLensRequest,
  CodeLensResolveRequest,
  CompletionRequest,
  CompletionResolveRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  DefinitionRequest,
  NotificationType,
  RequestType,
  type CompletionList,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import {
  ActiveEnvironmentNotification,
  type ActiveEnvironmentParams,
  CanonicalStringRequest,
  type CanonicalStringParams,
  type CanonicalStringResponse,
  SEND_REQUEST_COMMAND,
} from '../../engine/protocol';
import { startServer, type ServerSession } from './harness';
import { messageText } from '../helpers/messageText';
import { removeFolder } from '../helpers/folders';

const canonicalString = new RequestType<CanonicalStringParams, CanonicalStringResponse, void>(CanonicalStringRequest.method);
const activeEnvironment = new NotificationType<ActiveEnvironmentParams>(ActiveEnvironmentNotification.method);

const SECRET = 'TEST-SECRET-do-not-show';
const FILE = [
  '@userEmail = alice@example.com',
  '',
  '### Pay the merchant',
  '# @name pay',
  'POST {{base_url}}/api/v2/orders/create-sell-order',
  'Content-Type: application/json',
  '',
  '{',
  '  "partnerCode": "{{partnerCode}}",',
  '  "externalOrderId": "order-1",',
  '  "currency": "USDT",',
  '  "fiatAmount": 100000,',
  '  "userEmail": "{{userEmail}}",',
  '  "bankCode": "970436",',
  '  "content": "Coffee",',
  '  "extendInfo": null',
  '}',
  '',
].join('\n');

describe('language server over stdio (dist/server.js)', function () {
  let dir: string;
  let home: string;
  let uri: string;
  let server: ServerSession;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-lsp-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(
      join(dir, 'http-client.env.json'),
      JSON.stringify({
        test: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-A' },
        other: { base_url: 'http://127.0.0.1:9', partnerCode: 'PARTNER-B' },
      }),
    );
    writeFileSync(join(dir, 'http-client.private.env.json'), JSON.stringify({ test: { secretKey: SECRET }, other: { secretKey: SECRET } }));
    uri = pathToFileURL(join(dir, 'orders.payout.http')).href;
    server = await startServer({ environment: 'test' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    const first = server.diagnostics(uri, 1);
    await server.open(uri, FILE, 1);
    const published = await first;
    assert.equal(published.version, 1);
  });

  after(async () => {
    await server?.close();
    removeFolder(dir);
    removeFolder(home);
  });

  // Issue 24: the omitted bankAccountNumber is signed as `undefined` and then refused (18, assumed):
  // a required-field-missing error that says both, no longer a signed-field-omitted warning.
  it('publishes diagnostics for the opened version: the omitted signed field, at the body', async () => {
    const p = server.diagnostics(uri, 2);
    await server.change(uri, 2, [{ text: FILE }]);
    const { diagnostics } = await p;
    const omitted = diagnostics.filter((d) => d.code === 'payout/required-field-missing');
    assert.equal(omitted.length, 1);
    assert.match(messageText(omitted[0].message), /`bankAccountNumber` is missing: the service answers 18 INVALID_BANK_ACCOUNT \(assumed/);
    assert.match(messageText(omitted[0].message), /signed as the text `undefined`/);
    assert.deepEqual(omitted[0].range, { start: { line: 7, character: 0 }, end: { line: 7, character: 1 } });
    assert.equal(omitted[0].severity, 1);
  });

  it('follows incremental edits: a typed accent is flagged in the next version', async () => {
    const p = server.diagnostics(uri, 3);
    // "Coffee" -> "Cafe\u0301"; line 14 is `  "content": "Coffee",`
    await server.change(uri, 3, [{ range: { start: { line: 14, character: 14 }, end: { line: 14, character: 20 } }, text: 'Café' }]);
    const { diagnostics, version } = await p;
    assert.equal(version, 3);
    const d = diagnostics.find((x) => x.code === 'payout/unaccented-text');
    assert.ok(d, JSON.stringify(diagnostics));
    assert.deepEqual(d.range, { start: { line: 14, character: 13 }, end: { line: 14, character: 19 } });
    assert.match(messageText(d.message), /17 INVALID_TRANSFER_CONTENT/);
    const back = server.diagnostics(uri, 4);
    await server.change(uri, 4, [{ range: { start: { line: 14, character: 14 }, end: { line: 14, character: 18 } }, text: 'Coffee' }]);
    assert.equal(
      (await back).diagnostics.some((x) => x.code === 'payout/unaccented-text'),
      false,
    );
  });

  it('completes the missing body fields with their signed place, and resolves their documentation', async () => {
    // A new line after `"content": "Coffee",` (line 14): the cursor on an empty property slot.
    const p = server.diagnostics(uri, 5);
    await server.change(uri, 5, [{ range: { start: { line: 14, character: 22 }, end: { line: 14, character: 22 } }, text: '\n  "' }]);
    await p;
    const list = (await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 15, character: 3 },
    })) as CompletionList;
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('bankAccountNumber'));
    assert.ok(!labels.includes('partnerCode'), 'fields already present are not offered');
    assert.ok(!labels.includes('signature'), 'the client signs');
    const item = list.items.find((i) => i.label === 'bankAccountNumber')!;
    assert.equal(item.detail, 'string · required · signed 6/8');
    const resolved = await server.connection.sendRequest(CompletionResolveRequest.type, item);
    assert.match((resolved.documentation as MarkupContent).value, /segment 6 of 8/);
    const undo = server.diagnostics(uri, 6);
    await server.change(uri, 6, [{ range: { start: { line: 14, character: 22 }, end: { line: 15, character: 3 } }, text: '' }]);
    await undo;
  });

  it('shows the canonical string in a CodeLens with the secret as <secretKey>, and a Send lens', async () => {
    const places = await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    assert.ok(places);
    assert.ok(
      places.every((l) => !l.command),
      'lenses are listed unresolved: the editor resolves those it shows',
    );
    const lenses = await Promise.all(places.map((l) => server.connection.sendRequest(CodeLensResolveRequest.type, l)));
    const titles = lenses.map((l) => l.command?.title);
    assert.deepEqual(titles, [
      '▶ Send request',
      'Signs: PARTNER-A|order-1|USDT|100000|970436|undefined|Coffee|alice@example.com|<secretKey>',
    ]);
    assert.equal(lenses[0].command?.command, SEND_REQUEST_COMMAND);
    assert.deepEqual(lenses[0].command?.arguments, [uri, 4]);
    assert.ok(!JSON.stringify(lenses).includes(SECRET));
  });

  it('answers payoutHttp/canonicalString with segments and their ranges', async () => {
    const r = await server.connection.sendRequest(canonicalString, { uri, position: { line: 10, character: 5 } });
    assert.ok(r);
    assert.equal(r.endpointId, 'v2.orders.create-sell-order');
    assert.equal(r.display, 'PARTNER-A|order-1|USDT|100000|970436|undefined|Coffee|alice@example.com|<secretKey>');
    assert.deepEqual(r.omitted, [
      {
        field: 'bankAccountNumber',
        signedAs: 'undefined',
        note: 'An omitted `bankAccountNumber` is not rejected as missing; it is signed as `undefined`.',
      },
    ]);
    const fiat = r.segments.find((s) => s.field === 'fiatAmount')!;
    assert.deepEqual(fiat.range, { start: { line: 11, character: 16 }, end: { line: 11, character: 22 } });
    assert.equal(r.segments.find((s) => s.field === 'bankAccountNumber')?.signedAs, 'undefined');
    assert.deepEqual(r.unresolved, []);
    assert.equal(await server.connection.sendRequest(canonicalString, { uri, position: { line: 0, character: 0 } }), null);
  });

  it('hovers a body field with its place in the signed string', async () => {
    const h = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 11, character: 5 } });
    assert.ok(h);
    assert.match((h.contents as MarkupContent).value, /segment 4 of 8/);
  });

  it('offers the quick fix that inserts the omitted signed field', async () => {
    const p = server.diagnostics(uri, 7);
    await server.change(uri, 7, [{ text: FILE }]);
    const { diagnostics } = await p;
    const d = diagnostics.find((x) => x.code === 'payout/required-field-missing')!;
    const actions = await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    assert.ok(actions && actions.length > 0);
    const action = actions[0] as { title: string; edit: { changes: Record<string, { newText: string }[]> } };
    assert.equal(action.title, 'Add "bankAccountNumber"');
    assert.deepEqual(
      action.edit.changes[uri].map((e) => e.newText),
      [',\n  "bankAccountNumber": ""'],
    );
  });

  it('switches environment on payoutHttp/activeEnvironment: the preview follows', async () => {
    const p = server.diagnostics(uri, 7);
    await server.connection.sendNotification(activeEnvironment, { name: 'other' });
    await p;
    const r = await server.connection.sendRequest(canonicalString, { uri, position: { line: 10, character: 5 } });
    assert.match(r!.display, /^PARTNER-B\|/);
  });

  it('gives document symbols, folding ranges and go-to-definition', async () => {
    const symbols = (await server.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as { name: string }[];
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['Pay the merchant'],
    );
    const folds = await server.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
    assert.deepEqual(
      folds?.map((f) => [f.startLine, f.endLine]),
      [[2, 16]],
    );
    const def = (await server.connection.sendRequest(DefinitionRequest.type, {
      textDocument: { uri },
      position: { line: 12, character: 20 },
    })) as { range: { start: { line: number } } }[];
    assert.equal(def[0].range.start.line, 0);
  });

  it('does not crash on requests about unknown documents or absurd positions', async () => {
    const missing = 'file:///nowhere/none.payout.http';
    assert.equal(
      await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri: missing }, position: { line: 0, character: 0 } }),
      null,
    );
    const far = await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 99999, character: 99999 },
    });
    assert.ok(far !== undefined);
    // Wrong-typed params are refused as such (issue 22), and the server goes on.
    await assert.rejects(
      server.connection.sendRequest(canonicalString, { uri: 42 as unknown as string, position: { line: -5, character: NaN } }),
      (e: { code?: number }) => e.code === -32602,
    );
    assert.equal(server.child.exitCode, null);
  });
});
