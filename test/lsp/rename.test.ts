// F2 rename over LSP with the real server process (dist/server.js): a file variable and a named
// request, every use in the file updated (`# @user {{userEmail}}` and `{{testUser.response…}}`
// included); a name from the environment file and a taken new name refused with the fix.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PrepareRenameRequest, RenameRequest, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-protocol/node';
import { removeFolder } from '../helpers/folders';
import { startServer, type ServerSession } from './harness';

const FILE = `@userEmail = {{testUser.response.body.$.userEmail}}

### 0. A fresh test user
# @name testUser
POST {{base_url}}/sandbox/test-users

### 1. A token
# @name token
POST {{base_url}}/v3/auth/tokens
Content-Type: application/json

{
  "userEmail": "{{ userEmail }}"
}

### 3. Fund
# @name fund
# @user {{userEmail}}
GET {{base_url}}/v3/fund/balances?currency=USDT

?? body data.user == {{testUser.response.body.$.userEmail}}
`;

/** The file with `edit` applied. */
function applied(edit: WorkspaceEdit | null, uri: string): string {
  const edits = [...(edit?.changes?.[uri] ?? [])] as TextEdit[];
  const lines = FILE.split('\n');
  for (const e of edits.sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character)) {
    assert.equal(e.range.start.line, e.range.end.line);
    const l = lines[e.range.start.line];
    lines[e.range.start.line] = l.slice(0, e.range.start.character) + e.newText + l.slice(e.range.end.character);
  }
  return lines.join('\n');
}

describe('F2 rename over LSP (dist/server.js)', function () {
  let dir: string;
  let home: string;
  let server: ServerSession;
  let uri: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payout-rename-'));
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    writeFileSync(join(dir, 'http-client.env.json'), JSON.stringify({ test: { base_url: 'http://127.0.0.1:9', partnerCode: 'P' } }));
    uri = pathToFileURL(join(dir, 'chain.payout.http')).href;
    server = await startServer({ environment: 'test' }, { ...process.env, PAYOUT_HTTP_HOME: home });
    const published = server.diagnostics(uri, 1);
    await server.open(uri, FILE, 1);
    await published;
  });

  after(async () => {
    await server?.close();
    removeFolder(dir);
    removeFolder(home);
  });

  it('renames a file variable everywhere: its definition, a body, a # @user directive', async () => {
    // the cursor on `userEmail` inside `{{ userEmail }}` in the body (line 12)
    const position = { line: 12, character: 20 };
    const prepared = await server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position });
    assert.deepEqual(prepared, {
      range: { start: { line: 12, character: 19 }, end: { line: 12, character: 28 } },
      placeholder: 'userEmail',
    });
    const edit = await server.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position, newName: 'email' });
    assert.equal(
      applied(edit, uri),
      FILE.replace('@userEmail =', '@email =')
        .replace('"{{ userEmail }}"', '"{{ email }}"')
        .replace('# @user {{userEmail}}', '# @user {{email}}'),
    );
  });

  it('renames a request from its # @name: every {{name.response…}} follows', async () => {
    const position = { line: 3, character: 10 };
    const edit = await server.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position, newName: 'freshUser' });
    assert.equal(applied(edit, uri), FILE.replaceAll('testUser', 'freshUser'));
  });

  it('refuses a variable of the environment file, and a new name already taken, saying what to do', async () => {
    await assert.rejects(
      server.connection.sendRequest(PrepareRenameRequest.type, { textDocument: { uri }, position: { line: 4, character: 9 } }),
      /`base_url` is defined in the environment file, not in this file: rename it in http-client.env.json/,
    );
    await assert.rejects(
      server.connection.sendRequest(RenameRequest.type, { textDocument: { uri }, position: { line: 3, character: 10 }, newName: 'token' }),
      /already has a request named `token`: pick another name/,
    );
    await assert.rejects(
      server.connection.sendRequest(RenameRequest.type, {
        textDocument: { uri },
        position: { line: 3, character: 10 },
        newName: 'two words',
      }),
      /cannot be referenced as `\{\{two words\.response…\}\}`/,
    );
  });
});
