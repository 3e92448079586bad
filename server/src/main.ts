// The language server's entry: `payout-http language-server --stdio` (the CLI bundle, which the
// VS Code client starts with `--node-ipc`), or dist/server.js (`payout-http-language-server`), a
// stub that runs the same. createConnection reads the transport from the command line, except for
// --stdio, where the server builds the reader and writer itself so that malformed input is survived.
import { format } from 'node:util';
import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { FrameSanitizer } from './frames';
import { startServer } from './server';

const transports = ['--stdio', '--node-ipc', '--socket', '--pipe'];

/** Starts the server on the transport named in `args`; returns an exit code only when it cannot start. */
export function languageServerMain(args: string[]): number | undefined {
  if (!args.some((a) => transports.some((t) => a === t || a.startsWith(`${t}=`)))) {
    if (args.includes('--help') || args.includes('-h')) {
      process.stdout.write(
        'Usage: payout-http language-server --stdio\nThe Payout HTTP language server for .payout.http files; speaks LSP on stdin/stdout.\n',
      );
      return 0;
    }
    // Without a transport flag createConnection throws a bare stack; say what to do instead.
    process.stderr.write('payout-http language-server: no transport given. Start it with --stdio (or --node-ipc from an editor).\n');
    return 2;
  }
  startServer(args.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all));
  return undefined;
}

/**
 * LSP over stdin/stdout that survives malformed input (issue 12), per JSON-RPC 2.0:
 * - a frame without a valid Content-Length is dropped and reading resumes at the next frame
 *   (FrameSanitizer; vscode-jsonrpc's reader would stay out of step for good);
 * - a frame whose body is not JSON is answered `{"id": null, "error": {"code": -32700}}`, written
 *   through the connection's own writer so it cannot interleave with another message.
 * What the library does for --stdio on its own is kept: exit when stdin ends (0 after shutdown),
 * and console output sent to the client's log instead of stdout, which carries the protocol.
 */
function stdioConnection(): Connection {
  const input = process.stdin.pipe(
    new FrameSanitizer((bytes) =>
      connection.console.warn(`payout-http: dropped ${bytes} bytes of input that were not an LSP frame (no valid Content-Length header)`),
    ),
  );
  const reader = new StreamMessageReader(input);
  const writer = new StreamMessageWriter(process.stdout);
  const connection = createConnection(ProposedFeatures.all, reader, writer);
  reader.onError((error) => {
    if (error instanceof SyntaxError) {
      void writer.write({ jsonrpc: '2.0', id: null, error: { code: -32700, message: `Parse error: ${error.message}` } } as never);
    }
  });
  // The library keeps one shutdown handler, the last registered, but several parts of the server
  // have something to close (the engine host stops a sandbox it started, server.ts a folder
  // watcher): each registration is added to a list, all run in turn, and the flag is set first.
  let shutdown = false;
  const shutdownHandlers: Parameters<typeof connection.onShutdown>[0][] = [];
  connection.onShutdown(async (token) => {
    shutdown = true;
    for (const handler of shutdownHandlers) {
      try {
        await handler(token);
      } catch (e) {
        connection.console.error(`shutdown: ${e instanceof Error ? e.message : String(e)}`); // the others still run
      }
    }
  });
  connection.onShutdown = (handler) => {
    shutdownHandlers.push(handler);
    return {
      dispose: () => {
        const at = shutdownHandlers.indexOf(handler);
        if (at !== -1) shutdownHandlers.splice(at, 1);
      },
    };
  };
  for (const event of ['end', 'close'] as const) process.stdin.on(event, () => process.exit(shutdown ? 0 : 1));
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    console[level] = (...args: unknown[]) => connection.console[level === 'debug' ? 'log' : level](format(...args));
  }
  return connection;
}
