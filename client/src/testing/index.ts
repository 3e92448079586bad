// The Test Explorer (VS Code Testing API): a request file is a test, each request a test in it.
// Running sends through the language server exactly as Send does (the requests a request depends on
// are sent first): a whole file with Send All's one session, in file order; chosen requests one by
// one. Results come from the engine's verdict (results.ts); the rendered, secret-free response is
// the run's output and is kept in the request's response view, with its inline mark.
import * as vscode from 'vscode';
import { SendAllRequest, SendRequest, type SendOutcome, type SentRequest } from '../../../engine/protocol';
import type { EngineClient } from '../engine';
import { readSendSettings } from '../settings';
import { TestDiscovery } from './discovery';
import { failureMessages, outputOf } from './results';

export const TEST_CONTROLLER_ID = 'payoutHttp';

export interface RequestTestsDeps {
  engine: EngineClient;
  log: vscode.LogOutputChannel;
  /** Keep a run's responses in their views and mark their lines, as a send does (without opening views). */
  keep: (doc: vscode.TextDocument, outcome: SendOutcome) => void;
  /** Restricted Mode refuses to send: the message Send shows. */
  untrusted: () => string | undefined;
}

export class RequestTests implements vscode.Disposable {
  private readonly controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, 'Payout HTTP');
  readonly discovery: TestDiscovery;

  constructor(private readonly d: RequestTestsDeps) {
    this.discovery = new TestDiscovery(this.controller, d.engine, d.log);
    this.controller.createRunProfile('Send', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    try {
      const plan = this.plan(request);
      const refused = this.d.untrusted();
      if (refused) {
        void vscode.window.showWarningMessage(refused);
        for (const { items } of plan) for (const item of items) run.errored(item, new vscode.TestMessage(refused));
        return;
      }
      for (const { file, items, whole } of plan) {
        if (token.isCancellationRequested) {
          for (const item of items) run.skipped(item);
          continue;
        }
        await this.runFile(run, file, items, whole, token);
      }
    } finally {
      run.end();
    }
  }

  /** Per file, the requests to run in file order; `whole` when the file itself was chosen with nothing left out. */
  private plan(request: vscode.TestRunRequest): { file: vscode.TestItem; items: vscode.TestItem[]; whole: boolean }[] {
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const chosen: vscode.TestItem[] = [];
    if (request.include) chosen.push(...request.include);
    else this.controller.items.forEach((i) => chosen.push(i));
    const byFile = new Map<string, { file: vscode.TestItem; items: Set<vscode.TestItem>; whole: boolean }>();
    for (const item of chosen) {
      if (excluded.has(item.id)) continue;
      const file = item.parent ?? item;
      const entry = byFile.get(file.id) ?? { file, items: new Set<vscode.TestItem>(), whole: false };
      byFile.set(file.id, entry);
      if (item.parent) entry.items.add(item);
      else {
        entry.whole = true;
        item.children.forEach((c) => entry.items.add(c));
      }
    }
    return [...byFile.values()].map(({ file, items, whole }) => {
      const list = [...items].filter((i) => !excluded.has(i.id));
      const line = (i: vscode.TestItem) => this.discovery.requestOf.get(i)?.line ?? 0;
      return { file, items: list.sort((a, b) => line(a) - line(b)), whole: whole && list.length === file.children.size };
    });
  }

  private async runFile(
    run: vscode.TestRun,
    file: vscode.TestItem,
    items: vscode.TestItem[],
    whole: boolean,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const uri = file.uri!;
    for (const item of items) run.enqueued(item);
    let doc: vscode.TextDocument;
    try {
      // the server sends an open document's text (saved or not), as Send does
      doc = await vscode.workspace.openTextDocument(uri);
    } catch (e) {
      for (const item of items) run.errored(item, new vscode.TestMessage(`${uri.fsPath} could not be opened: ${(e as Error).message}`));
      return;
    }
    const settings = readSendSettings(uri);
    const batches = whole ? [items] : items.map((i) => [i]);
    for (const batch of batches) {
      if (token.isCancellationRequested) {
        for (const item of batch) run.skipped(item);
        continue;
      }
      for (const item of batch) run.started(item);
      let outcome: SendOutcome;
      try {
        outcome = whole
          ? await this.d.engine.request(SendAllRequest, { uri: uri.toString(), settings }, token)
          : await this.d.engine.request(SendRequest, { uri: uri.toString(), line: this.lineOf(batch[0]), settings }, token);
      } catch (e) {
        const message = token.isCancellationRequested ? 'cancelled' : (e as Error).message;
        for (const item of batch) run.errored(item, new vscode.TestMessage(message));
        continue;
      }
      this.d.keep(doc, outcome);
      for (const item of batch) {
        const r = this.resultOf(item, outcome.results);
        if (!r || (outcome.cancelled && r.error?.startsWith('cancelled'))) {
          run.skipped(item);
          continue;
        }
        run.appendOutput(outputOf(r), new vscode.Location(uri, new vscode.Position(r.line, 0)), item);
        if (r.ok) run.passed(item, r.durationMs);
        else run.failed(item, failureMessages(uri, r), r.durationMs);
      }
    }
  }

  private lineOf(item: vscode.TestItem): number {
    return this.discovery.requestOf.get(item)?.line ?? item.range?.start.line ?? 0;
  }

  /** The item's own result (a dependency sent before it has another line). */
  private resultOf(item: vscode.TestItem, results: SentRequest[]): SentRequest | undefined {
    const line = this.lineOf(item);
    return results.find((r) => r.line === line);
  }

  dispose(): void {
    this.discovery.dispose();
    this.controller.dispose();
  }
}
