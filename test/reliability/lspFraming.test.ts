// Issue 12 (6): the language server over stdio, fed malformed JSON-RPC by a real process pipe.
// After a frame without Content-Length it used to stay alive but never answer again, and invalid
// JSON got no reply. Now garbage is skipped to the next valid frame, and invalid JSON is answered
// with -32700 Parse error (JSON-RPC 2.0 §5.1), id null.
import { strict as assert } from 'node:assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { SERVER } from '../lsp/harness';

type Reply = { id?: number | string | null; result?: unknown; error?: { code: number; message: string }; method?: string };

/** A raw LSP peer: writes bytes as given, parses the server's frames. */
function rawServer(): {
  child: ChildProcessWithoutNullStreams;
  send(bytes: string | Buffer): void;
  request(id: number, method: string, params?: unknown): void;
  replyTo(id: number | null): Promise<Reply>;
  replies: Reply[];
} {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const replies: Reply[] = [];
  const waiters: { id: number | null; resolve: (r: Reply) => void }[] = [];
  let buf = Buffer.alloc(0);
  child.stdout.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, end).toString())![1]);
      if (buf.length < end + 4 + length) return;
      const msg = JSON.parse(buf.subarray(end + 4, end + 4 + length).toString()) as Reply;
      buf = buf.subarray(end + 4 + length);
      replies.push(msg);
      for (const w of [...waiters]) {
        if ('id' in msg && msg.method === undefined && msg.id === w.id) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(msg);
        }
      }
    }
  });
  const send = (bytes: string | Buffer) => child.stdin.write(bytes);
  return {
    child,
    replies,
    send,
    request(id, method, params) {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      send(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    },
    replyTo(id) {
      const have = replies.find((r) => r.method === undefined && r.id === id);
      return have ? Promise.resolve(have) : new Promise((resolve) => waiters.push({ id, resolve }));
    },
  };
}

describe('reliability: malformed JSON-RPC on the language server (real process, issue 12)', function () {
  this.timeout(30_000); // a server that never answers fails here
  let s: ReturnType<typeof rawServer> | undefined;
  after(() => s?.child.kill()); // also when the test timed out waiting

  it('garbage frames are skipped, invalid JSON gets -32700, and the next valid request is answered', async () => {
    s = rawServer();
    {
      s.request(1, 'initialize', { processId: null, rootUri: null, capabilities: {} });
      assert.ok((await s.replyTo(1)).result, 'initialized');
      // A frame without Content-Length whose body is itself a request: it must not run.
      s.send('X-Garbage: yes\r\n\r\n{"jsonrpc":"2.0","id":99,"method":"shutdown"}');
      s.send('Content-Length: abc\r\n\r\n');
      s.send(Buffer.from([0, 1, 2, 0xff, 0x1b, 0x5b, 0x32, 0x4a, 13, 10, 13, 10]));
      // Invalid JSON in a well-framed message.
      s.send('Content-Length: 9\r\n\r\n{not json');
      const parseError = await s.replyTo(null);
      assert.equal(parseError.error?.code, -32700);
      assert.match(parseError.error.message, /Parse error/);
      // The next valid request is answered.
      s.request(2, 'textDocument/documentSymbol', { textDocument: { uri: 'file:///nowhere/x.payout.http' } });
      const answered = await s.replyTo(2);
      assert.ok('result' in answered || 'error' in answered);
      s.request(3, 'shutdown');
      assert.equal((await s.replyTo(3)).result, null);
      assert.equal(
        s.replies.some((r) => r.id === 99),
        false,
        'the unframed request was not run',
      );
    }
  });
});
