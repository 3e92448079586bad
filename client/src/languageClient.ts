// Starts the language server, the editor's one engine host, over node IPC. It is the CLI bundle run
// as `cli.js language-server` by dist/server.js, which compiles it with V8's code cache (a faster
// cold start: cli/serverStart.ts), so the VSIX ships the engine once. The server runs in its own
// Node process (the extension host's runtime, run as Node): a slow lint or send never blocks the editor.
// It runs with the V8 flags and environment of client/serverProcess.json (why: serverProcess below).
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { HISTORY_DIR_OPTION, LANGUAGE_ID, SEND_LENSES_ON_CLIENT, type OpenApiSettingEntries } from '../../engine/protocol';
import serverProcessFile from '../serverProcess.json';
import { withSendLenses } from './sendLenses';

/**
 * The server process's V8 flags and environment (client/serverProcess.json; the bench starts the server
 * with the same). Measured on the 5,000-request file (issue 28, README "Performance"): young
 * generation semispaces of 2 MB rather than V8's up to 16 MB, no pretenuring (an open's short-lived
 * objects are allocated young and die there, not in the old generation), and two malloc arenas
 * (glibc; the optimizing compiler's threads otherwise leave freed memory in arenas of their own).
 * With the engine's caches of one block (engine/util/lru.ts LastRead), the server's memory with
 * the file open fell from 129 to 78–80 MB and the open got faster (0.87× → 0.71–0.78× the peer's).
 * And the old generation is collected once it has grown by half over what the last collection left
 * alive, rather than by V8's own factor (up to 4): every version of a large file leaves its lists
 * behind, and the 20 MB document's peak went from 193–210 to 157–177 MB (RSS after the edits of the
 * 5,000-request file 116–120 → 82–92 MB), its open and keystrokes within the noise of this machine.
 * The flags are V8's of long standing: Node does not start with a flag V8 does not know.
 */
const serverProcess = { execArgv: serverProcessFile.execArgv, env: serverProcessFile.env };

export function createLanguageClient(
  context: vscode.ExtensionContext,
  environment: string,
  openApiSettings: OpenApiSettingEntries[],
): LanguageClient {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const args: string[] = [];
  const serverOptions: ServerOptions = {
    run: { module, args, transport: TransportKind.ipc, options: serverProcess },
    debug: {
      module,
      args,
      transport: TransportKind.ipc,
      options: { ...serverProcess, execArgv: [...serverProcess.execArgv, '--nolazy', '--inspect=6019'] },
    },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: LANGUAGE_ID }],
    // Restricted Mode (untrusted workspace): the server reads no key files or environment secrets.
    initializationOptions: {
      environment,
      openApiDocuments: [],
      openApiSettings,
      restricted: !vscode.workspace.isTrusted,
      // one lens per request over the wire; the Send lenses are made here (sendLenses.ts)
      [SEND_LENSES_ON_CLIENT]: true,
      // the history of what was sent: the extension's own storage, never the workspace
      [HISTORY_DIR_OPTION]: vscode.Uri.joinPath(context.globalStorageUri, 'history').fsPath,
    },
    middleware: {
      provideCodeLenses: async (document, token, next) => {
        const listed = await next(document, token);
        return listed && withSendLenses(document.uri.toString(), listed, (lens, command) => new vscode.CodeLens(lens.range, command));
      },
    },
    // the preview and the undefined-variable lint read the environment files
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/http-client*.env.json') },
  };
  // id 'payoutHttp' => the client reads the `payoutHttp.trace.server` setting
  return new LanguageClient('payoutHttp', 'Payout HTTP Language Server', serverOptions, clientOptions);
}
