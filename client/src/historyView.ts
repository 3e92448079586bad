// The "Payout History" view: every exchange the language server sent for the editor, newest first,
// grouped by day (historyDays.ts), read from the server (payoutHttp/history/*), which keeps it in the
// extension's storage, so it survives a reload. Selecting an entry opens its response view; "Send
// Again" sends its request as the file has it now; "Compare with Previous" diffs its response with
// the previous one of the same request (vscode.diff); "Clear History" empties it. Everything shown
// was made secret-free by the server.
import * as vscode from 'vscode';
import { HistoryClearRequest, HistoryGetRequest, HistoryListRequest, HistoryLocateRequest, type HistoryItem } from '../../engine/protocol';
import { COMMANDS } from './commandIds';
import type { EngineClient } from './engine';
import { groupByDay, itemDescription, previousOf, type HistoryDay } from './historyDays';
import { RESPONSE_LANGUAGE_ID, RESPONSE_SCHEME, type ResponseView } from './responseView';
import type { Sending } from './sending';

export const HISTORY_VIEW_ID = 'payoutHttp.history';

type Node = HistoryDay | HistoryItem;
const isDay = (n: Node): n is HistoryDay => 'items' in n;

/** A response view of one history entry (its own URI: the live request's view is left alone). */
function entryUri(item: HistoryItem, part: 'view' | 'response'): vscode.Uri {
  const safe = `${item.label} ${item.time}`.replace(/[^\w.-]+/g, '-');
  return vscode.Uri.from({
    scheme: RESPONSE_SCHEME,
    path: `/history · ${safe}${part === 'response' ? ' · response' : ''}.response`,
    query: new URLSearchParams({ history: item.id, part }).toString(),
  });
}

export class HistoryView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private items: HistoryItem[] = [];
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly tree: vscode.TreeView<Node>;

  constructor(
    private readonly engine: EngineClient,
    private readonly responses: ResponseView,
    private readonly sending: Sending,
  ) {
    this.tree = vscode.window.createTreeView(HISTORY_VIEW_ID, { treeDataProvider: this });
  }

  /** The server added an entry or cleared them: list again. */
  refresh(): void {
    this.changed.fire(undefined);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node) return isDay(node) ? node.items : [];
    try {
      const { items, problems } = await this.engine.request(HistoryListRequest, {});
      this.items = items;
      for (const p of problems) void vscode.window.showWarningMessage(`Payout HTTP: ${p}`);
    } catch {
      this.items = []; // the server is not up yet: the view lists again when it is
    }
    this.tree.message = this.items.length ? undefined : 'Nothing sent yet: the requests you send appear here.';
    return groupByDay(this.items, new Date());
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (isDay(node)) {
      const t = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      t.id = `day:${node.label}`;
      t.contextValue = 'payoutHttp.historyDay';
      return t;
    }
    const t = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
    t.id = node.id;
    t.description = itemDescription(node);
    t.tooltip = `${node.method} ${node.url}\n${node.headline ?? ''}\n${node.time} · ${node.environment}`;
    t.iconPath = node.ok ? new vscode.ThemeIcon('pass') : new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    t.contextValue = 'payoutHttp.historyEntry';
    t.command = { command: COMMANDS.showHistoryEntry, title: 'Open Response', arguments: [node] };
    return t;
  }

  private async text(item: HistoryItem, part: 'view' | 'response'): Promise<string> {
    const got = await this.engine.request(HistoryGetRequest, { id: item.id });
    if (!got) throw new Error('this history entry is gone (cleared or trimmed); the view lists again');
    return part === 'view' ? got.view : got.response;
  }

  async show(item: HistoryItem): Promise<void> {
    await this.responses.show(entryUri(item, 'view'), await this.text(item, 'view'));
  }

  async sendAgain(item: HistoryItem): Promise<void> {
    if (!item.uri) throw new Error('this entry was not sent from a file, so there is nothing to send again');
    // the server finds the request in the file as it is now, so the file must be open there
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(item.uri));
    await vscode.window.showTextDocument(doc, { preview: false, preserveFocus: true });
    const at = await this.engine.request(HistoryLocateRequest, { id: item.id });
    await this.sending.sendAt(doc.uri, at.line);
  }

  async compareWithPrevious(item: HistoryItem): Promise<void> {
    const previous = previousOf(this.items, item);
    if (!previous) throw new Error(`there is no earlier response of ${item.label} in the history to compare with`);
    const left = entryUri(previous, 'response');
    const right = entryUri(item, 'response');
    this.responses.set(left, await this.text(previous, 'response'));
    this.responses.set(right, await this.text(item, 'response'));
    for (const u of [left, right])
      await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(u), RESPONSE_LANGUAGE_ID);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${item.label}: ${previous.time} ↔ ${item.time}`);
  }

  async clear(): Promise<void> {
    const ok = await vscode.window.showWarningMessage('Clear the Payout HTTP history?', { modal: true }, 'Clear');
    if (ok !== 'Clear') return;
    const { cleared } = await this.engine.request(HistoryClearRequest, {});
    void vscode.window.showInformationMessage(`Payout HTTP: ${cleared} history entr${cleared === 1 ? 'y' : 'ies'} cleared.`);
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}

/** An entry from a command's argument: the row (a context menu or the row's own command). */
function itemArg(arg: unknown): HistoryItem {
  const i = arg as HistoryItem | undefined;
  if (!i || typeof i.id !== 'string' || 'items' in i) throw new Error('pick an entry in the Payout History view first');
  return i;
}

/** Registers the view's commands through extension.ts's `register` (Restricted Mode and errors handled there). */
export function registerHistoryCommands(view: HistoryView, register: (id: string, fn: (...args: never[]) => unknown) => void): void {
  register(COMMANDS.showHistoryEntry, (arg: unknown) => view.show(itemArg(arg)));
  register(COMMANDS.historySendAgain, (arg: unknown) => view.sendAgain(itemArg(arg)));
  register(COMMANDS.historyCompare, (arg: unknown) => view.compareWithPrevious(itemArg(arg)));
  register(COMMANDS.clearHistory, () => view.clear());
}
