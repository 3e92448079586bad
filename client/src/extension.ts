// Entry point of the extension (dist/client.js). VS Code wiring only: commands, views, the status
// bar, SecretStorage and the language client. The language server runs the engine for the editor
// (engine/protocol.ts declares every message); this bundle imports nothing else of the engine.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  ActiveEnvironment,
  LANGUAGE_ID,
  OpenApiDocuments,
  SandboxStartRequest,
  SandboxStatusNotification,
  SandboxStopRequest,
  SecretsRequest,
  type ParamsOf,
  type ProtocolRange,
  type SandboxStatus,
  type StoredSecrets,
} from '../../engine/protocol';
import { COMMANDS } from './commandIds';
import { EngineClient } from './engine';
import { EnvironmentState } from './environment';
import { createLanguageClient } from './languageClient';
import { OPENAPI_DOCUMENTS_SETTING, openApiSettings } from './openApiDocuments';
import { RequestMarks } from './requestMarks';
import { ResponseView } from './responseView';
import { SandboxStatusItem } from './sandboxStatus';
import { SecretStore, storePrivateKeyCommand, storeSecretKeyCommand } from './secrets';
import { Sending } from './sending';
import { SignedStringView } from './signedStringView';
import { verifyWebhookCommand } from './webhookCommand';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Payout HTTP', { log: true });
  const environment = new EnvironmentState(context.workspaceState);
  const engine = new EngineClient(() => client);
  const secrets = new SecretStore(context.secrets, engine);
  const sandboxItem = new SandboxStatusItem();
  const responses = new ResponseView();
  const marks = new RequestMarks();
  const sending = new Sending({ engine, client: () => client, responses, marks, log });
  const signedString = new SignedStringView(() => client);
  context.subscriptions.push(log, environment, sandboxItem, responses, marks, signedString);

  const register = (id: string, fn: (...args: never[]) => unknown) =>
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        try {
          return await fn(...args);
        } catch (e) {
          // a command never fails silently: the message names the problem (no secret is ever in it)
          log.error(`${id}: ${(e as Error).message}`);
          void vscode.window.showErrorMessage(`Payout HTTP: ${(e as Error).message}`);
        }
      }),
    );
  const activeEditor = () => {
    const e = vscode.window.activeTextEditor;
    if (e?.document.languageId === LANGUAGE_ID) return e;
    throw new Error('open a .payout.http file and put the cursor in a request first');
  };
  const where = () => {
    const e = vscode.window.activeTextEditor;
    return e?.document.uri.scheme === 'file'
      ? { uri: e.document.uri.toString() }
      : { folder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath };
  };

  // [uri, line] from the CodeLens; the cursor's request from the palette or the key binding
  register(COMMANDS.sendRequest, async (uri?: string, line?: number) => {
    if (typeof uri === 'string' && typeof line === 'number') return sending.sendAt(vscode.Uri.parse(uri), line);
    const e = activeEditor();
    return sending.sendAt(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.sendAll, () => sending.sendAll(activeEditor().document.uri));
  register(COMMANDS.copyAsCurl, () => {
    const e = activeEditor();
    return sending.copyAsCurl(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.copyAsCode, () => {
    const e = activeEditor();
    return sending.copyAsCode(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.explainMismatch, () => {
    const e = activeEditor();
    return sending.explainMismatch(e.document.uri, e.selection.active.line);
  });
  register(COMMANDS.showSignedString, () => signedString.show(vscode.window.activeTextEditor));
  register(COMMANDS.revealField, (range: ProtocolRange) => signedString.reveal(range));
  register(COMMANDS.selectEnvironment, () => environment.pick(engine, where()));
  register(COMMANDS.storeSecretKey, () => storeSecretKeyCommand(secrets, environment.current));
  register(COMMANDS.storePrivateKey, () => storePrivateKeyCommand(secrets, environment.current));
  register(COMMANDS.clearSecrets, async () => {
    await secrets.clear(environment.current);
    void vscode.window.showInformationMessage(`Payout HTTP: stored secrets of "${environment.current}" forgotten.`);
  });
  register(COMMANDS.verifyWebhook, () => {
    const e = vscode.window.activeTextEditor;
    return verifyWebhookCommand(engine, sending, e?.document.uri.scheme === 'file' ? e.document.uri : undefined);
  });
  register(COMMANDS.startSandbox, async () => {
    const s = await engine.request(SandboxStartRequest, {});
    void vscode.window.showInformationMessage(`Payout HTTP: local sandbox listening on ${s.url}`);
  });
  register(COMMANDS.stopSandbox, async () => {
    const { stopped } = await engine.request(SandboxStopRequest, {});
    void vscode.window.showInformationMessage(
      stopped ? 'Payout HTTP: local sandbox stopped.' : 'Payout HTTP: no local sandbox was running.',
    );
  });
  register(COMMANDS.openExample, async () => {
    const doc = await vscode.workspace.openTextDocument(
      vscode.Uri.file(context.asAbsolutePath(path.join('examples', 'quickstart.payout.http'))),
    );
    await vscode.window.showTextDocument(doc);
  });

  environment.updateVisibility(vscode.window.activeTextEditor);
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor((e) => environment.updateVisibility(e)));

  client = createLanguageClient(context, environment.current, openApiSettings());
  // the server asks for an environment's stored secrets; it keeps them in memory only
  client.onRequest(SecretsRequest.method, (p: ParamsOf<typeof SecretsRequest>): Promise<StoredSecrets> =>
    secrets.overrides(String(p?.environment ?? '')),
  );
  client.onNotification(SandboxStatusNotification.method, (s: SandboxStatus) => sandboxItem.update(s));
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`payoutHttp.${OPENAPI_DOCUMENTS_SETTING}`))
        engine.notify(OpenApiDocuments, { documents: [], settings: openApiSettings() });
    }),
    environment.onDidChange((name) => engine.notify(ActiveEnvironment, { name })),
  );
  await client.start();
  engine.notify(ActiveEnvironment, { name: environment.current });
}

export async function deactivate(): Promise<void> {
  // stopping the client shuts the server down, which stops a local sandbox it started
  await client?.stop();
}
