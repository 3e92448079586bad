// A burst of edits, as when a user types fast or pastes in steps: 50 didChange notifications
// written to the server's stdin in one write, so they are all queued before the server reads the
// first. The server must publish diagnostics for the last version only: every earlier version was
// already superseded when its lint could have started. Nothing here is timed.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublishDiagnosticsNotification, type PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';
import { startServer, type ServerSession } from './harness';
import { removeFolder } from '../helpers/folders';

/** JSON-RPC messages framed as on the wire, concatenated into one buffer. */
function frame(messages: object[]): Buffer {
  return Buffer.concat(
    messages.map((m) => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m }), 'utf8');
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
    }),
  );
}

describe('language server under a burst of edits', function () {
  this.timeout(60000);
  let server: ServerSession;
  let home: string;
  const uri = 'file:///tmp/payout-burst/burst.payout.http';
  const text = generateRequests(500);
  const line = text.split('\n').findIndex((l) => l.startsWith('  "content": "Coffee'));

  before(async () => {
    home = mkdtempSync(join(tmpdir(), 'payout-home-'));
    server = await startServer(undefined, { ...process.env, PAYOUT_HTTP_HOME: home });
  });
  after(async () => {
    await server?.close();
    removeFolder(home);
  });

  it('publishes diagnostics for the last of 50 queued edits only', async () => {
    const opened = server.diagnostics(uri, 1);
    await server.open(uri, text, 1);
    assert.deepEqual((await opened).diagnostics, []);

    // This handler replaces the harness's: it records every publish and resolves on version 51.
    const published: PublishDiagnosticsParams[] = [];
    let lastSeen: (p: PublishDiagnosticsParams) => void = () => undefined;
    const last = new Promise<PublishDiagnosticsParams>((resolve) => (lastSeen = resolve));
    server.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      if (p.uri !== uri) return;
      published.push(p);
      if (p.version === 51) lastSeen(p);
    });
    // Versions 2..50 type `x` into a description; version 51 types an accent, which lint flags.
    const edits = [];
    for (let version = 2; version <= 51; version++) {
      const character = 20 + version - 2;
      edits.push({
        method: 'textDocument/didChange',
        params: {
          textDocument: { uri, version },
          contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: version === 51 ? 'é' : 'x' }],
        },
      });
    }
    server.child.stdin!.write(frame(edits));
    const final = await last;

    // Publishes go out in order, so any stale version's would have come before the last one's.
    assert.deepEqual(
      published.map((p) => p.version),
      [51],
      'no diagnostics for versions superseded before their lint started',
    );
    assert.equal(final.version, 51);
    assert.ok(
      final.diagnostics.some((d) => d.code === 'payout/unaccented-text' && d.range.start.line === line),
      'the last version was linted',
    );
  });
});
