// Starts the bundled language server (dist/server.js) over node IPC. The server runs in its own
// Node process (the extension host's runtime, run as Node), so a slow lint never blocks the editor.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

export const LANGUAGE_ID = 'payout-http';

export function createLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: LANGUAGE_ID }],
    // env files change the preview and the undefined-variable lint
    synchronize: {},
    initializationOptions: { environment: undefined as string | undefined },
  };
  // id 'payoutHttp' => the client reads the `payoutHttp.trace.server` setting
  return new LanguageClient('payoutHttp', 'Payout HTTP Language Server', serverOptions, clientOptions);
}
