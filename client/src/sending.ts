// The editor's Send, Send All, Copy as curl and Explain: each asks the language server (the engine
// host) and puts its answer on screen: progress with a Cancel button (the server reports LSP
// work-done progress on a token this side hands it; Cancel cancels the request, which aborts the
// HTTP exchange in flight), the response beside the file, an inline mark on the request line, and
// for Send All one summary view linking to each response.
import * as vscode from 'vscode';
import { WorkDoneProgress, type LanguageClient } from 'vscode-languageclient/node';
import {
  CODE_LANGUAGES,
  CodeExportRequest,
  CopyAsCurlRequest,
  ExplainRequest,
  SendAllRequest,
  SendRequest,
  type SendOutcome,
  type SentRequest,
} from '../../engine/protocol';
import type { EngineClient } from './engine';
import type { RequestMarks } from './requestMarks';
import { ResponseView } from './responseView';
import type { LastRequest } from './rerun';
import type { SavedResponses } from './saveResponse';
import { readSendSettings } from './settings';

export interface SendingDeps {
  engine: EngineClient;
  client: () => LanguageClient | undefined;
  responses: ResponseView;
  marks: RequestMarks;
  log: vscode.LogOutputChannel;
  /** A request that could not be sent: say why where it is seen (with a button when a command fixes it). */
  notSent?: (message: string) => void;
  /** Rerun Last Request and Save Response As… (rerun.ts, saveResponse.ts). */
  lastRequest?: LastRequest;
  saved?: SavedResponses;
}

let progressTokens = 0;

export class Sending {
  constructor(private readonly d: SendingDeps) {}

  /** Runs a server request under a cancellable progress notification fed by the server's work-done progress. */
  private async withProgress<T>(title: string, run: (workDoneToken: string, cancel: vscode.CancellationToken) => Promise<T>): Promise<T> {
    return await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, cancel) => {
        const workDoneToken = `payoutHttp.progress.${++progressTokens}`;
        const client = this.d.client();
        const sub = client?.onProgress(WorkDoneProgress.type, workDoneToken, (v) => {
          if (v.kind !== 'end' && v.message) progress.report({ message: v.message });
        });
        try {
          return await run(workDoneToken, cancel);
        } finally {
          sub?.dispose();
        }
      },
    );
  }

  async sendAt(uri: vscode.Uri, line: number): Promise<SendOutcome> {
    const doc = await vscode.workspace.openTextDocument(uri);
    this.d.lastRequest?.remember(doc.uri, line);
    const outcome = await this.withProgress('Payout HTTP: Send', (workDoneToken, cancel) =>
      this.d.engine.request(SendRequest, { uri: doc.uri.toString(), line, settings: readSendSettings(uri), workDoneToken }, cancel),
    );
    for (const r of outcome.results) this.mark(doc, r, outcome.cancelled);
    // every finished request gets its view (a dependency sent first included); the one asked for last
    for (const r of outcome.results) {
      this.d.saved?.remember(ResponseView.uriFor(doc.uri, r.viewKey), r);
      await this.d.responses.show(ResponseView.uriFor(doc.uri, r.viewKey), r.text);
    }
    if (outcome.cancelled) void vscode.window.showInformationMessage('Payout HTTP: send cancelled; the request in flight was stopped.');
    return outcome;
  }

  async sendAll(uri: vscode.Uri): Promise<SendOutcome> {
    const doc = await vscode.workspace.openTextDocument(uri);
    const outcome = await this.withProgress('Payout HTTP: Send All', (workDoneToken, cancel) =>
      this.d.engine.request(SendAllRequest, { uri: doc.uri.toString(), settings: readSendSettings(uri), workDoneToken }, cancel),
    );
    const links: { line: number; target: vscode.Uri }[] = [];
    const summaryLines = (outcome.summary ?? '').split('\n');
    for (const r of outcome.results) {
      this.mark(doc, r, outcome.cancelled);
      // every response is kept (and refreshed if its tab is open), but only the summary opens
      const target = ResponseView.uriFor(doc.uri, r.viewKey);
      this.d.responses.set(target, r.text);
      this.d.saved?.remember(target, r);
      const at = summaryLines.findIndex(
        (l, i) => (l.startsWith(`✓ ${r.label}:`) || l.startsWith(`✗ ${r.label}:`)) && !links.some((k) => k.line === i),
      );
      if (at >= 0) links.push({ line: at, target });
    }
    await this.d.responses.show(ResponseView.uriFor(doc.uri, 'send all'), outcome.summary ?? '', links);
    return outcome;
  }

  /** A test run's responses: kept in their views (refreshed if open, not opened) and marked on their lines, with no pop-up. */
  keep(doc: vscode.TextDocument, outcome: SendOutcome): void {
    for (const r of outcome.results) {
      this.mark(doc, r, true);
      const target = ResponseView.uriFor(doc.uri, r.viewKey);
      this.d.responses.set(target, r.text);
      this.d.saved?.remember(target, r);
    }
  }

  private mark(doc: vscode.TextDocument, r: SentRequest, cancelled = false): void {
    // method and status only: the URL's query or a header could be sensitive
    this.d.log.info(`${r.label}: ${r.method} -> ${r.status ?? 'not sent'}${r.verdict ? ` (${r.verdict})` : ''}`);
    this.d.marks.set(doc.uri, { line: r.line, ...r.mark });
    if (r.error && r.status === undefined && !cancelled) this.d.notSent?.(r.error);
  }

  /** The cursor's request as a signed curl command on the clipboard (secret-free: a token stays $ACCESS_TOKEN). */
  async copyAsCurl(uri: vscode.Uri, line: number): Promise<void> {
    const r = await this.d.engine.request(CopyAsCurlRequest, { uri: uri.toString(), line, settings: readSendSettings(uri) });
    await vscode.env.clipboard.writeText(r.curl);
    void vscode.window.showInformationMessage(
      `Payout HTTP: curl command for ${r.label} copied${r.needsToken ? ' (set ACCESS_TOKEN before running it)' : ''}.`,
    );
  }

  /** The cursor's request as a program in a language the user picks, on the clipboard (it reads its credentials from its environment). */
  async copyAsCode(uri: vscode.Uri, line: number): Promise<void> {
    const picked = await vscode.window.showQuickPick(
      CODE_LANGUAGES.map((language) => ({ label: language, language })),
      {
        title: 'Payout HTTP: Copy Request as Code',
        placeHolder: 'The language of the program (it signs, sends and verifies this request)',
      },
    );
    if (!picked) return;
    const r = await this.d.engine.request(CodeExportRequest, {
      uri: uri.toString(),
      line,
      settings: readSendSettings(uri),
      language: picked.language,
    });
    await vscode.env.clipboard.writeText(r.program);
    void vscode.window.showInformationMessage(`Payout HTTP: ${picked.language} program for ${r.label} copied; save it as ${r.fileName}.`);
  }

  /** Given a signature from elsewhere (the user's backend): is it the one the tool computes, and if not, what does it cover? */
  async explainMismatch(uri: vscode.Uri, line: number): Promise<void> {
    const signature = await vscode.window.showInputBox({
      title: 'Payout HTTP: explain a signature',
      prompt: 'The base64 signature your system produced for this request',
      ignoreFocusOut: true,
      validateInput: (v) =>
        /^[A-Za-z0-9+/=_-]{16,}$/.test(v.trim()) ? undefined : 'Paste a base64 signature (as it appears in the request body).',
    });
    if (!signature) return;
    const r = await this.d.engine.request(ExplainRequest, {
      uri: uri.toString(),
      line,
      signature: signature.trim(),
      settings: readSendSettings(uri),
    });
    await this.showText(`explain-${r.label}`, r.text);
  }

  async showText(key: string, text: string): Promise<void> {
    const base = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/');
    await this.d.responses.show(ResponseView.uriFor(vscode.Uri.joinPath(base, `${key}.payout.http`), key), text);
  }
}
