// Entry point of dist/server.js (`payout-http-language-server --stdio`, or `--node-ipc` when VS Code
// starts it). createConnection reads the transport from the command line.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

const transports = ['--stdio', '--node-ipc', '--socket', '--pipe'];
if (!process.argv.some((a) => transports.some((t) => a === t || a.startsWith(`${t}=`)))) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stdout.write('Usage: payout-http-language-server --stdio\nThe Payout HTTP language server for .payout.http files; speaks LSP on stdin/stdout.\n');
    process.exit(0);
  }
  // Without a transport flag createConnection throws a bare stack; say what to do instead.
  process.stderr.write('payout-http-language-server: no transport given. Start it with --stdio (or --node-ipc from an editor).\n');
  process.exit(2);
}

startServer(createConnection(ProposedFeatures.all));
