// Starts the bundled language server (dist/server.js) over node IPC. The server runs in its own
// Node process (the extension host's runtime, run as Node), so a slow lint never blocks the editor.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { LANGUAGE_ID, type OpenApiDocumentsParams } from '../../engine/protocol';

export function createLanguageClient(context: vscode.ExtensionContext, environment: string, openApiDocuments: OpenApiDocumentsParams['documents']): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: LANGUAGE_ID }],
    // Restricted Mode (untrusted workspace): the server reads no key files or environment secrets.
    initializationOptions: { environment, openApiDocuments, restricted: !vscode.workspace.isTrusted },
    // the preview and the undefined-variable lint read the environment files
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/http-client*.env.json') },
  };
  // id 'payoutHttp' => the client reads the `payoutHttp.trace.server` setting
  return new LanguageClient('payoutHttp', 'Payout HTTP Language Server', serverOptions, clientOptions);
}
