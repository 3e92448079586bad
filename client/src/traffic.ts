// The Traffic view: one row per exchange through the inspecting proxy, with its verdicts, filled
// from the language server's payoutHttp/proxy/exchange notifications (the server runs the proxy and
// redacts everything it sends). Selecting a row shows the explanation and the response beside the
// editor; "Open as Request" asks the server for the exchange as `.payout.http` text.
import * as vscode from 'vscode';
import type { ProxyExchange, ProxyStatus } from '../../engine/protocol';
import { ResponseView } from './responseView';

/** Newest first; the view keeps as many rows as the server keeps exchanges. */
const KEPT = 500;

function icon(e: ProxyExchange): vscode.ThemeIcon {
  if (e.failure) return new vscode.ThemeIcon('debug-disconnect', new vscode.ThemeColor('errorForeground'));
  if (e.requestSignature === 'mismatch' || e.requestSignature === 'missing' || e.responseSignature === 'not verified')
    return new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
  if (e.problems.length) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('editorWarning.foreground'));
  return new vscode.ThemeIcon('pass');
}

/** The row's verdicts in one line: `request mismatch · HTTP 201 · response none · 12 ms`. */
export function verdicts(e: ProxyExchange): string {
  const parts = [`request ${e.requestSignature}`];
  if (e.problems.length) parts.push(`${e.problems.length} problem(s)`);
  if (e.status !== undefined) parts.push(`HTTP ${e.status}`, `response ${e.responseSignature}`);
  if (e.failure) parts.push('failed');
  parts.push(`${e.ms} ms`);
  return parts.join(' · ');
}

/** What the detail view shows for an exchange (all of it secret-free, from the server). */
export function detailText(e: ProxyExchange): string {
  const lines = [`${e.method} ${e.target}  [${e.endpoint}]  ${e.startedAt}, ${e.ms} ms`, ''];
  lines.push(`request signature: ${e.requestSignature}${e.requestReason ? `: ${e.requestReason}` : ''}`);
  lines.push(...e.explanation.map((l) => `  ${l}`));
  if (e.problems.length) lines.push('', 'problems:', ...e.problems.map((p) => `  ${p.severity} ${p.code}: ${p.message}`));
  if (e.failure) lines.push('', `failure: ${e.failure}`);
  if (e.status !== undefined) {
    lines.push('', `response: HTTP ${e.status}, signature ${e.responseSignature}${e.responseReason ? `: ${e.responseReason}` : ''}`, '');
    let body = e.responseBody ?? '';
    try {
      body = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON: shown as received
    }
    lines.push(body);
  }
  return lines.join('\n') + '\n';
}

export class TrafficView implements vscode.TreeDataProvider<ProxyExchange>, vscode.Disposable {
  private readonly rows: ProxyExchange[] = [];
  private readonly changed = new vscode.EventEmitter<ProxyExchange | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly tree: vscode.TreeView<ProxyExchange>;

  constructor(
    private readonly responses: ResponseView,
    readonly showCommand: string,
  ) {
    this.tree = vscode.window.createTreeView('payoutHttp.traffic', { treeDataProvider: this });
  }

  started(s: ProxyStatus): void {
    this.rows.length = 0;
    this.tree.message = `Proxy ${s.url} → ${s.upstream} (environment ${s.environment}): point your backend at ${s.url}`;
    this.changed.fire(undefined);
  }

  stopped(): void {
    this.tree.message = 'The inspecting proxy is stopped. Run "Payout HTTP: Start Inspecting Proxy".';
  }

  add(e: ProxyExchange): void {
    this.rows.unshift(e);
    if (this.rows.length > KEPT) this.rows.pop();
    this.changed.fire(undefined);
  }

  find(id: number): ProxyExchange | undefined {
    return this.rows.find((r) => r.id === id);
  }

  getTreeItem(e: ProxyExchange): vscode.TreeItem {
    const item = new vscode.TreeItem(`${e.method} ${e.target}`);
    item.id = String(e.id);
    item.description = verdicts(e);
    item.tooltip = `${e.endpoint}\n${verdicts(e)}${e.requestReason ? `\n${e.requestReason}` : ''}`;
    item.iconPath = icon(e);
    item.contextValue = 'payoutHttp.exchange';
    item.command = { command: this.showCommand, title: 'Show Exchange', arguments: [e.id] };
    return item;
  }

  getChildren(element?: ProxyExchange): ProxyExchange[] {
    return element ? [] : this.rows;
  }

  async show(id: number): Promise<void> {
    const e = this.find(id);
    if (!e) throw new Error(`exchange #${id} is no longer in the Traffic view`);
    const uri = ResponseView.uriFor(vscode.Uri.from({ scheme: 'untitled', path: '/traffic.payout.http' }), `exchange-${e.id}`);
    await this.responses.show(uri, detailText(e));
  }

  dispose(): void {
    this.tree.dispose();
    this.changed.dispose();
  }
}
