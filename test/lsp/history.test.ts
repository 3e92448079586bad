// The editor's history in the language server (server/src/host/history.ts), over stdio like an
// editor: every request sent (Send, Send All, dependencies included) is recorded in the folder the
// client names in initializationOptions.historyDir; list (newest first), get, locate (by name, after
// the file changed) and clear; the files on disk hold neither the secretKey nor the signature.
// Real server process (dist/server.js), real local sandbox.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  HISTORY_DIR_OPTION,
  HistoryChangedNotification,
  HistoryClearRequest,
  HistoryGetRequest,
  HistoryListRequest,
  HistoryLocateRequest,
  SendAllRequest,
  SendRequest,
  type HistoryItem,
  type SendOutcome,
} from '../../engine/protocol';
import { stopLocalSandbox } from '../../engine/sandbox/ensure';
import { ensureLocalCredentials } from '../../engine/sandbox/home';
import { removeFolder } from '../helpers/folders';
import { SEND_SETTINGS, startServer, type ServerSession } from './harness';

describe('history over LSP (dist/server.js)', function () {
  this.timeout(60_000);
  let dir: string;
  let home: string;
  let historyDir: string;
  let server: ServerSession;
  let secretKey: string;
  let changes = 0;
  const uri = () => pathToFileURL(join(dir, 'two.payout.http')).href;
  const account = `### Account\n# @name account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n`;
  const balance = `### Balance\n# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT"\n}\n`;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-history-lsp-'));
    home = join(dir, 'home');
    historyDir = join(dir, 'storage', 'history');
    ({ secretKey } = await ensureLocalCredentials(home));
    writeFileSync(join(dir, 'two.payout.http'), `${account}\n${balance}`);
    server = await startServer({ environment: 'local', [HISTORY_DIR_OPTION]: historyDir }, { ...process.env, PAYOUT_HTTP_HOME: home });
    server.connection.onNotification(HistoryChangedNotification.method, () => {
      changes++;
    });
    await server.open(uri(), readFileSync(join(dir, 'two.payout.http'), 'utf8'));
  });

  after(async () => {
    await server?.close();
    await stopLocalSandbox({ home }).catch(() => false);
    removeFolder(dir);
  });

  it('records Send All and Send, newest first, and tells the client', async () => {
    const all = await server.connection.sendRequest<SendOutcome>(SendAllRequest.method, { uri: uri(), settings: SEND_SETTINGS });
    assert.deepEqual(
      all.results.map((r) => r.ok),
      [true, true],
    );
    await server.connection.sendRequest<SendOutcome>(SendRequest.method, { uri: uri(), line: 2, settings: SEND_SETTINGS });
    const { items, problems } = await server.connection.sendRequest<{ items: HistoryItem[]; problems: string[] }>(
      HistoryListRequest.method,
      {},
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(
      items.map((i) => [i.label, i.status, i.ok, i.environment, i.line]),
      [
        ['account', 200, true, 'local', 2],
        ['balance', 200, true, 'local', 11],
        ['account', 200, true, 'local', 2],
      ],
    );
    assert.ok(items.every((i) => i.uri === uri()));
    assert.ok(changes >= 2, `${changes} change notifications`);
  });

  it('gets an entry with its response view and its response alone; the files hold no secret and no signature', async () => {
    const { items } = await server.connection.sendRequest<{ items: HistoryItem[] }>(HistoryListRequest.method, {});
    const got = await server.connection.sendRequest<{ view: string; response: string } | null>(HistoryGetRequest.method, {
      id: items[0].id,
    });
    assert.ok(got);
    assert.match(got.view, /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v2\/account\/verify/);
    assert.match(got.view, /Signature: verified/);
    assert.match(got.response, /^HTTP 200\n/);
    assert.match(got.response, /"semanticCode": "SUCCESS"/);
    const files = readdirSync(historyDir);
    assert.equal(files.length, 3);
    for (const f of files) {
      const text = readFileSync(join(historyDir, f), 'utf8');
      assert.ok(!text.includes(secretKey), `${f} holds the secretKey`);
      const entry = JSON.parse(text);
      assert.match(entry.request.signedString, /\|<secretKey>$/);
      assert.match(entry.request.body, /"signature": ?"<signature>"/);
    }
  });

  it('locates the request by name as the file now has it, and names a request that was renamed away', async () => {
    const { items } = await server.connection.sendRequest<{ items: HistoryItem[] }>(HistoryListRequest.method, {});
    const balanceItem = items.find((i) => i.label === 'balance')!;
    // the balance request moves down three lines
    await server.change(uri(), 2, [{ text: `### Note\n\n\n${account}\n${balance}` }]);
    const at = await server.connection.sendRequest<{ uri: string; line: number }>(HistoryLocateRequest.method, { id: balanceItem.id });
    assert.deepEqual(at, { uri: uri(), line: 14 });
    await server.change(uri(), 3, [{ text: `${account}\n${balance.replace('@name balance', '@name wallet')}` }]);
    await assert.rejects(
      server.connection.sendRequest(HistoryLocateRequest.method, { id: balanceItem.id }),
      /no request named "balance" any more/,
    );
  });

  it('clears the history', async () => {
    const { cleared } = await server.connection.sendRequest<{ cleared: number }>(HistoryClearRequest.method, {});
    assert.equal(cleared, 3);
    const { items } = await server.connection.sendRequest<{ items: HistoryItem[] }>(HistoryListRequest.method, {});
    assert.deepEqual(items, []);
  });
});
