// Entry point of the extension (dist/client.js). VS Code wiring only: commands, views, the status
// bar, SecretStorage and the language client. The language server runs the engine for the editor
// (engine/protocol.ts declares every message); this bundle imports nothing else of the engine.
// First: the activation time is measured from the moment the bundle starts to load (activationTime.ts).
import { activationLine, sinceLoad } from './activationTime';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  ActiveEnvironment,
  EnvironmentChangedNotification,
  HistoryChangedNotification,
  LANGUAGE_ID,
  OpenApiDocuments,
  ProxyExchangeNotification,
  ProxyOpenAsRequest,
  ProxyStartRequest,
  ProxyStopRequest,
  SandboxStartRequest,
  SandboxStatusNotification,
  SandboxStopRequest,
  SecretsRequest,
  type ParamsOf,
  type ProxyExchange,
  type ProtocolRange,
  type SandboxStatus,
  type StoredSecrets,
} from '../../engine/protocol';
import { COMMANDS } from './commandIds';
import { EngineClient } from './engine';
import { EnvironmentState } from './environment';
import { HistoryView, registerHistoryCommands } from './historyView';
import { createLanguageClient } from './languageClient';
import { OPENAPI_DOCUMENTS_SETTING, openApiSettings } from './openApiDocuments';
import { openExample } from './openExample';
import { showProblem } from './problemNotice';
import { RequestMarks } from './requestMarks';
import { ResponseView } from './responseView';
import { SandboxStatusItem } from './sandboxStatus';
import { SecretStore, storePrivateKeyCommand, storeSecretKeyCommand } from './secrets';
import { LastRequest } from './rerun';
import { SavedResponses } from './saveResponse';
import { Sending } from './sending';
import { SignedStringView } from './signedStringView';
import { RequestTests } from './testing';
import { TrafficView } from './traffic';
import { verifyWebhookCommand } from './webhookCommand';

/** The commands that stay available in Restricted Mode: they show, and read no secret and send nothing. */
const READ_ONLY_COMMANDS = new Set<string>([
  COMMANDS.showSignedString,
  COMMANDS.revealField,
  COMMANDS.openExample,
  COMMANDS.stopSandbox,
  COMMANDS.clearSecrets,
  COMMANDS.showHistoryEntry,
  COMMANDS.historyCompare,
  COMMANDS.clearHistory,
  COMMANDS.saveResponseAs,
]);

const UNTRUSTED =
  'Payout HTTP: this workspace is not trusted, so nothing is sent and no keys or secrets are read; trust it to use this command.';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('Payout HTTP', { log: true });
  const environment = new EnvironmentState(context.workspaceState);
  const engine = new EngineClient(() => client);
  const secrets = new SecretStore(context.secrets, engine);
  const sandboxItem = new SandboxStatusItem();
  const responses = new ResponseView();
  const marks = new RequestMarks();
  const lastRequest = new LastRequest();
  const saved = new SavedResponses();
  const sending = new Sending({
    lastRequest,
    saved,
    engine,
    client: () => client,
    responses,
    marks,
    log,
    notSent: (m) => void showProblem(m, environment.current),
  });
  const signedString = new SignedStringView(() => client);
  const traffic = new TrafficView(responses, COMMANDS.showExchange);
  context.subscriptions.push(log, environment, sandboxItem, responses, marks, signedString, traffic);

  const register = (id: string, fn: (...args: never[]) => unknown) =>
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        // Restricted Mode: nothing is sent, signed or started, and no secret is read (package.json untrustedWorkspaces).
        if (!vscode.workspace.isTrusted && !READ_ONLY_COMMANDS.has(id)) {
          void vscode.window.showWarningMessage(UNTRUSTED);
          return;
        }
        try {
          return await fn(...args);
        } catch (e) {
          // a command never fails silently: the message names the problem (no secret is ever in it)
          log.error(`${id}: ${(e as Error).message}`);
          void showProblem((e as Error).message, environment.current);
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
  register(COMMANDS.rerunLastRequest, () => lastRequest.rerun((uri, line) => sending.sendAt(uri, line)));
  register(COMMANDS.saveResponseAs, (uri?: vscode.Uri) => saved.saveAs(uri instanceof vscode.Uri ? uri : undefined));
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
  register(COMMANDS.startProxy, async () => {
    const upstream = await vscode.window.showInputBox({
      title: 'Start Inspecting Proxy',
      prompt: 'Forward to: "local" (the local sandbox) or the service address, e.g. https://sandbox.example.com',
      value: 'local',
      ignoreFocusOut: true,
    });
    if (upstream === undefined) return;
    const s = await engine.request(ProxyStartRequest, { upstream, ...where() });
    traffic.started(s);
    await vscode.commands.executeCommand('payoutHttp.traffic.focus');
    for (const w of s.warnings) void vscode.window.showWarningMessage(`Payout HTTP proxy: ${w}`);
    void vscode.window.showInformationMessage(
      `Payout HTTP: inspecting proxy on ${s.url} -> ${s.upstream}. Point your backend's base URL at ${s.url}.`,
    );
  });
  register(COMMANDS.stopProxy, async () => {
    const { stopped } = await engine.request(ProxyStopRequest, {});
    traffic.stopped();
    void vscode.window.showInformationMessage(
      stopped ? 'Payout HTTP: inspecting proxy stopped.' : 'Payout HTTP: no inspecting proxy was running.',
    );
  });
  register(COMMANDS.showExchange, (id: number) => traffic.show(Number(id)));
  // From the row's context menu the row itself is the argument.
  register(COMMANDS.openExchangeAsRequest, async (row?: ProxyExchange | number) => {
    const id = typeof row === 'number' ? row : row?.id;
    if (id === undefined) throw new Error('right-click an exchange in the Traffic view and choose "Open as Request"');
    const { text } = await engine.request(ProxyOpenAsRequest, { id });
    const current = vscode.window.activeTextEditor;
    const here = current?.document.languageId === LANGUAGE_ID ? current : undefined;
    const choice = here
      ? await vscode.window.showQuickPick([`Append to ${path.basename(here.document.uri.path)}`, 'New file'], { title: 'Open as Request' })
      : 'New file';
    if (choice === undefined) return;
    if (here && choice !== 'New file') {
      const doc = here.document;
      const end = doc.lineAt(doc.lineCount - 1).range.end;
      await here.edit((b) => b.insert(end, `${doc.getText().endsWith('\n') || doc.getText() === '' ? '' : '\n'}\n${text}`));
      return;
    }
    const doc = await vscode.workspace.openTextDocument({ language: LANGUAGE_ID, content: text });
    await vscode.window.showTextDocument(doc);
  });
  register(COMMANDS.openExample, () => openExample(context.extensionPath));
  const history = new HistoryView(engine, responses, sending);
  context.subscriptions.push(history);
  registerHistoryCommands(history, register);

  environment.updateVisibility(vscode.window.activeTextEditor);
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor((e) => environment.updateVisibility(e)));

  client = createLanguageClient(context, environment.current, openApiSettings());
  // the server asks for an environment's stored secrets; it keeps them in memory only
  client.onRequest(SecretsRequest.method, (p: ParamsOf<typeof SecretsRequest>): Promise<StoredSecrets> =>
    secrets.overrides(String(p?.environment ?? '')),
  );
  client.onNotification(SandboxStatusNotification.method, (s: SandboxStatus) => sandboxItem.update(s));
  client.onNotification(ProxyExchangeNotification.method, (e: ProxyExchange) => traffic.add(e));
  client.onNotification(HistoryChangedNotification.method, () => history.refresh());
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`payoutHttp.${OPENAPI_DOCUMENTS_SETTING}`))
        engine.notify(OpenApiDocuments, { documents: [], settings: openApiSettings() });
    }),
    environment.onDidChange((name) => engine.notify(ActiveEnvironment, { name })),
  );
  await client.start();
  history.refresh(); // listed before the server was up: list again
  // Env files appeared or changed (the local sandbox's on first Send): the server refreshes the lenses itself.
  context.subscriptions.push(client.onNotification(EnvironmentChangedNotification.method, () => signedString.environmentChanged()));
  engine.notify(ActiveEnvironment, { name: environment.current });
  // the Test Explorer: discovery asks the server, so it starts once the server runs (Restricted Mode: listed, not run)
  const tests = new RequestTests({
    engine,
    log,
    keep: (d, o) => sending.keep(d, o),
    untrusted: () => (vscode.workspace.isTrusted ? undefined : UNTRUSTED),
  });
  context.subscriptions.push(tests);
  void tests.discovery.discover();
  // for the bench (README "Performance"): the real-editor suite reads this line from the log
  log.info(activationLine(sinceLoad()));
}

export async function deactivate(): Promise<void> {
  // stopping the client shuts the server down, which stops a local sandbox it started
  await client?.stop();
}
