// The language server's entry: `payout-http language-server --stdio` (the CLI bundle, which the
// VS Code client starts with `--node-ipc`), or dist/server.js (`payout-http-language-server`), a
// stub that runs the same. createConnection reads the transport from the command line.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
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
  startServer(createConnection(ProposedFeatures.all));
  return undefined;
}
