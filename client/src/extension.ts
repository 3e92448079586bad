// Entry point of the extension (dist/client.js). VS Code wiring only: everything that understands
// the contract lives in engine/ and the language server; this file connects the pieces.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  ActiveEnvironmentNotification,
  EnvironmentChangedNotification,
  LANGUAGE_ID,
  OpenApiDocumentsNotification,
  type ActiveEnvironmentParams,
  type OpenApiDocumentsParams,
  type ProtocolRange,
} from '../../engine/protocol';
import { COMMANDS } from './commandIds';
import { EnvironmentState } from './environment';
import { createLanguageClient } from './languageClient';
import { LocalSandbox } from './localSandbox';
import { allDocuments, OPENAPI_DOCUMENTS_SETTING } from './openApiDocuments';
import { openExample } from './openExample';
import { showProblem } from './problemNotice';
import { RequestMarks } from './requestMarks';
import { ResponseView } from './responseView';
import { SecretStore, storePrivateKeyCommand, storeSecretKeyCommand } from './secrets';
import { Sender } from './sender';
import { SignedStringView } from './signedStringView';
import { verifyWebhookCommand } from './webhookCommand';

let client: LanguageClient | undefined;
let sandbox: LocalSandbox | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Payout HTTP', { log: true });
  const environment = new EnvironmentState(context.workspaceState);
  const secrets = new SecretStore(context.secrets);
  sandbox = new LocalSandbox(context.asAbsolutePath(path.join('dist', 'cli.js')), log);
  const responses = new ResponseView();
  const marks = new RequestMarks();
  const sender = new Sender({ environment, secrets, sandbox, responses, marks, log });
  const signedString = new SignedStringView(() => client);
  context.subscriptions.push(log, environment, sandbox, responses, marks, signedString);

  const register = (id: string, fn: (...args: never[]) => unknown) =>
    context.subscriptions.push(vscode.commands.registerCommand(id, async (...args: never[]) => {
      try {
        return await fn(...args);
      } catch (e) {
        // a command never fails silently: the message names the problem (no secret is ever in it)
        log.error(`${id}: ${(e as Error).message}`);
        void showProblem((e as Error).message, environment.current);
      }
    }));
  const activeEditor = () => {
    const e = vscode.window.activeTextEditor;
    if (e?.document.languageId === LANGUAGE_ID) return e;
    throw new Error('open a .payout.http file and put the cursor in a request first');
  };
  const fileDir = () => {
    const e = vscode.window.activeTextEditor;
    return e?.document.uri.scheme === 'file' ? path.dirname(e.document.uri.fsPath) : vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  };

  // [uri, line] from the CodeLens; the cursor's request from the palette or the key binding
  register(COMMANDS.sendRequest, async (uri?: string, line?: number) => {
    if (typeof uri === 'string' && typeof line === 'number') return sender.sendAt(vscode.Uri.parse(uri), line);
    const e = activeEditor();
    return sender.sendAt(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.sendAll, () => sender.sendAll(activeEditor().document.uri));
  register(COMMANDS.copyAsCurl, () => {
    const e = activeEditor();
    return sender.copyAsCurl(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.explainMismatch, () => {
    const e = activeEditor();
    return sender.explainMismatch(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.showSignedString, () => signedString.show(vscode.window.activeTextEditor));
  register(COMMANDS.revealField, (range: ProtocolRange) => signedString.reveal(range));
  register(COMMANDS.selectEnvironment, () => environment.pick(fileDir()));
  register(COMMANDS.storeSecretKey, () => storeSecretKeyCommand(secrets, environment.current));
  register(COMMANDS.storePrivateKey, () => storePrivateKeyCommand(secrets, environment.current));
  register(COMMANDS.clearSecrets, async () => {
    await secrets.clear(environment.current);
    void vscode.window.showInformationMessage(`Payout HTTP: stored secrets of "${environment.current}" forgotten.`);
  });
  register(COMMANDS.verifyWebhook, () => verifyWebhookCommand(sender, fileDir()));
  register(COMMANDS.startSandbox, async () => {
    const url = await sandbox!.ensure();
    void vscode.window.showInformationMessage(`Payout HTTP: local sandbox listening on ${url}`);
  });
  register(COMMANDS.stopSandbox, async () => {
    const stopped = await sandbox!.stop();
    void vscode.window.showInformationMessage(stopped ? 'Payout HTTP: local sandbox stopped.' : 'Payout HTTP: no local sandbox was running.');
  });
  register(COMMANDS.openExample, () => openExample(context.extensionPath));

  environment.updateVisibility(vscode.window.activeTextEditor);
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor((e) => environment.updateVisibility(e)));

  // The setting's OpenAPI documents: given at start, sent again when the setting changes.
  const openApiDocuments = () => {
    const { documents, problems } = allDocuments();
    for (const p of problems) log.warn(p);
    if (problems.length) void vscode.window.showWarningMessage(`Payout HTTP: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more, see the Payout HTTP output)` : ''}`);
    return documents;
  };
  client = createLanguageClient(context, environment.current, openApiDocuments());
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration((e) => {
    if (!e.affectsConfiguration(`payoutHttp.${OPENAPI_DOCUMENTS_SETTING}`)) return;
    void client?.sendNotification(OpenApiDocumentsNotification.method, { documents: openApiDocuments() } satisfies OpenApiDocumentsParams);
  }));
  context.subscriptions.push(environment.onDidChange((name) => {
    void client?.sendNotification(ActiveEnvironmentNotification.method, { name } satisfies ActiveEnvironmentParams);
  }));
  await client.start();
  // Env files appeared or changed (the local sandbox's on first Send): the server refreshes the lenses itself.
  context.subscriptions.push(client.onNotification(EnvironmentChangedNotification.method, () => signedString.environmentChanged()));
  void client.sendNotification(ActiveEnvironmentNotification.method, { name: environment.current } satisfies ActiveEnvironmentParams);
}

export async function deactivate(): Promise<void> {
  await Promise.all([client?.stop(), sandbox?.stopIfStartedHere()]);
}
