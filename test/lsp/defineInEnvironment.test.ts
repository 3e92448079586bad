// An undefined `{{userEmail}}` offers, besides `@userEmail = ` in the file, its definition in the
// workspace's http-client.env.json (under `$shared` for the local sandbox's environment): created
// when there is none, edited in place when there is one. Real server process, real files.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionRequest, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-protocol/node';
import { LineIndex } from '../../engine/syntax/lineIndex';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

const TEXT =
  '### Quote\nPOST {{base_url}}/api/v2/orders/review-cashout\nContent-Type: application/json\n\n{ "partnerCode": "{{partnerCode}}", "userEmail": "{{userEmail}}", "fiatCurrency": "VND", "fiatAmount": 1, "cryptoCurrency": "USDT" }\n';

describe('language server: define an undefined variable in the environment file', function () {
  this.timeout(60000);
  let server: ServerSession;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-define-'));
    server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: join(dir, 'home') });
  });
  after(async () => {
    await server?.close();
    removeFolder(dir);
  });

  async function actionsFor(folder: string, version: number): Promise<CodeAction[]> {
    const uri = pathToFileURL(join(folder, 'quote.payout.http')).toString();
    const published = server.diagnostics(uri, version);
    await server.open(uri, TEXT, version);
    const warning = (await published).diagnostics.find((d: Diagnostic) => d.code === 'payout/undefined-variable');
    assert.ok(warning, 'userEmail is undefined');
    return (await server.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: warning.range,
      context: { diagnostics: [warning] },
    })) as CodeAction[];
  }

  it('creates http-client.env.json with "$shared": { "userEmail": "" } when there is none', async () => {
    const folder = join(dir, 'bare');
    mkdirSync(folder);
    const actions = await actionsFor(folder, 1);
    assert.ok(actions.some((a) => a.title === 'Define userEmail in this file (@userEmail = …)'));
    const env = actions.find((a) => a.title === 'Define `userEmail` in http-client.env.json ("$shared")');
    assert.ok(env?.edit?.documentChanges, JSON.stringify(actions.map((a) => a.title)));
    const [create, write] = env.edit.documentChanges as [{ kind: string; uri: string }, { edits: TextEdit[] }];
    assert.equal(create.kind, 'create');
    assert.equal(create.uri, pathToFileURL(join(folder, 'http-client.env.json')).toString());
    assert.deepEqual(JSON.parse(write.edits[0].newText), { $shared: { userEmail: '' } });
  });

  it('adds the variable to an existing file in place, keeping what is there', async () => {
    const folder = join(dir, 'with-env');
    mkdirSync(folder);
    const file = join(folder, 'http-client.env.json');
    const before = '{\n  "$shared": { "note": "kept" },\n  "staging": { "base_url": "https://example.invalid" }\n}\n';
    writeFileSync(file, before);
    const actions = await actionsFor(folder, 1);
    const env = actions.find((a) => a.title === 'Define `userEmail` in http-client.env.json ("$shared")');
    const edits = env?.edit?.changes?.[pathToFileURL(file).toString()];
    assert.ok(edits?.length, JSON.stringify(actions.map((a) => a.title)));
    const lines = new LineIndex(before);
    let after = before;
    for (const e of [...edits].sort((a, b) => lines.offsetAt(b.range.start) - lines.offsetAt(a.range.start))) {
      after = after.slice(0, lines.offsetAt(e.range.start)) + e.newText + after.slice(lines.offsetAt(e.range.end));
    }
    assert.deepEqual(JSON.parse(after), { $shared: { note: 'kept', userEmail: '' }, staging: { base_url: 'https://example.invalid' } });
  });
});
