// The server on the benchmark's 5,000-request (~1.9 MB) file: opened, edited (garbage included),
// and still answering, with every version's diagnostics published and no handler failure logged.
// No timing is asserted here: `npm run bench` prints the figures.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeLensRequest, CompletionRequest, HoverRequest, type CompletionList } from 'vscode-languageserver-protocol/node';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

describe('language server on a 5,000-request file', function () {
  this.timeout(120000);
  let server: ServerSession;
  let home: string;
  const uri = 'file:///tmp/payout-big/bench.payout.http';
  const text = generateRequests(5000);
  const lines = text.split('\n');

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: home });
  });
  after(async () => {
    await server?.close();
    removeFolder(home);
  });

  it('opens clean, survives garbage edits, and keeps answering', async () => {
    const opened = server.diagnostics(uri, 1);
    await server.open(uri, text, 1);
    assert.deepEqual((await opened).diagnostics, [], 'the generated file lints clean in the local environment');

    const mid = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('  "content"'));
    const edits = [
      { range: { start: { line: mid, character: 14 }, end: { line: mid, character: 14 } }, text: 'é' }, // an accent: one diagnostic
      { range: { start: { line: mid, character: 0 }, end: { line: mid + 3, character: 0 } }, text: '{{{{ ### \u0000 }}"' }, // garbage in a body
      { range: { start: { line: 10, character: 0 }, end: { line: 10010, character: 0 } }, text: '' }, // delete a fifth of the file
      {
        range: { start: { line: 5, character: 3 }, end: { line: 5, character: 3 } },
        text: '\n###\n@@@ = {{\nPOST {{base_url}}/api/v2/orders/create-sell-order\n\n{"extendInfo": {"PH": [',
      },
      { text: '\uffff'.repeat(1000) }, // everything replaced
      { text }, // and back
    ];
    let version = 1;
    let accentSeen = false;
    for (const change of edits) {
      version++;
      const published = server.diagnostics(uri, version);
      await server.change(uri, version, [change]);
      const { diagnostics } = await published;
      if (version === 2) accentSeen = diagnostics.some((d) => d.code === 'payout/unaccented-text');
      assert.ok(Array.isArray(diagnostics));
    }
    assert.ok(accentSeen, 'the accent typed into a 1.9 MB file is flagged');

    const list = (await server.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: mid + 1, character: 2 },
    })) as CompletionList;
    assert.ok(list.items.length > 0);
    const hover = await server.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: mid, character: 4 } });
    assert.ok(hover);
    const lenses = await server.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } });
    assert.equal(lenses?.length, 2 * 5000, 'every generated request is signed: a Send lens and a preview lens each');
    assert.equal(server.child.exitCode, null);
    assert.deepEqual(
      server.logs.filter((l) => l.includes('failed')),
      [],
    );
  });
});
