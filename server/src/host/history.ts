// The editor's history (engine/history): every request the server sends for the editor is recorded
// in the folder the client names at start (the extension's storage, never the workspace), and the
// History view lists, opens, re-locates and clears entries through the typed requests of
// engine/protocol.ts. Recording never fails a send: a write that fails is logged with its reason.
import { HistoryStore, historyEntry, sourceIn, summaryOf, type HistoryEntry } from '../../../engine/history';
import type { PayoutSession } from '../../../engine/http/session';
import type { SendResult } from '../../../engine/http/types';
import { HistoryChangedNotification, type HistoryItem } from '../../../engine/protocol';
import { parseHttpFile } from '../../../engine/syntax/parser';
import type { HostContext } from './context';
import { requestAtLine, requestLineOf } from './session';

function itemOf(e: HistoryEntry): HistoryItem {
  const s = summaryOf(e);
  return {
    id: s.id,
    time: s.time,
    environment: s.environment,
    label: s.source.label,
    ...(s.source.uri ? { uri: s.source.uri } : {}),
    line: s.source.line,
    method: s.method,
    url: s.url,
    ...(s.status !== undefined ? { status: s.status } : {}),
    ...(s.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
    ...(s.headline ? { headline: s.headline } : {}),
    ok: s.ok,
  };
}

/** The response alone, as the diff of two responses compares it: status, headers, pretty body. */
export function responseText(e: HistoryEntry): string {
  const r = e.response;
  if (!r) return `(no response: ${e.error ?? 'not sent'})\n`;
  let body = r.body;
  try {
    body = JSON.stringify(JSON.parse(r.body), null, 2);
  } catch {
    // not JSON: as received
  }
  const headers = Object.entries(r.headers)
    .filter(([k]) => !/^(date|content-length|keep-alive|connection)$/i.test(k)) // differ on every send
    .map(([k, v]) => `${k}: ${v}`);
  return [`HTTP ${r.status}`, ...headers, '', body, ...(r.truncated ? ['… (cut: the history keeps the first 64 KiB)'] : []), ''].join('\n');
}

export class HostHistory {
  /** Absent when the editor named no folder (another editor): nothing is recorded. */
  private readonly store: HistoryStore | undefined;

  constructor(private readonly ctx: Pick<HostContext, 'connection' | 'documents' | 'historyDir'>) {
    this.store = ctx.historyDir ? new HistoryStore(ctx.historyDir) : undefined;
  }

  private required(): HistoryStore {
    if (!this.store)
      throw new Error('the history is off: the editor gave the language server no storage folder (initializationOptions.historyDir)');
    return this.store;
  }

  /**
   * Records the results of a host session (any handler that sends: Send, Send All, a test run);
   * `lineOf` gives a result's request line when the caller has it, else it is found in the file sent.
   */
  record(session: PayoutSession, uri: string, results: readonly SendResult[], lineOf?: (r: SendResult) => number): void {
    if (!this.store || !results.length) return;
    const now = new Date();
    try {
      for (const r of results) {
        const source = sourceIn(session.file, uri, r);
        this.store.append(
          historyEntry(r, {
            environment: session.environment.name,
            origin: 'editor',
            source: lineOf ? { ...source, line: lineOf(r) } : source,
            redactor: session.redactor,
            now,
          }),
        );
      }
    } catch (e) {
      this.ctx.connection.console.warn(`Payout HTTP history: ${(e as Error).message}`);
    }
    void this.ctx.connection.sendNotification(HistoryChangedNotification.method, {}).catch(() => undefined);
  }

  list(): { items: HistoryItem[]; problems: string[] } {
    if (!this.store) return { items: [], problems: [] };
    const { entries, problems } = this.store.read();
    return { items: entries.map(itemOf), problems };
  }

  get(id: string): { item: HistoryItem; view: string; response: string } | null {
    const e = this.store?.get(id);
    return e ? { item: itemOf(e), view: e.view, response: responseText(e) } : null;
  }

  clear(): { cleared: number } {
    const cleared = this.store?.clear() ?? 0;
    void this.ctx.connection.sendNotification(HistoryChangedNotification.method, {}).catch(() => undefined);
    return { cleared };
  }

  /** The entry's request in its file as the file is now: by `# @name`, else the request at its old line. */
  locate(id: string): { uri: string; line: number } {
    const e = this.required().get(id);
    if (!e) throw new Error('this history entry is gone (cleared or trimmed); refresh the History view');
    const uri = e.source.uri;
    if (!uri) throw new Error('this entry was not sent from a file, so there is nothing to send again');
    const doc = this.ctx.documents.get(uri);
    if (!doc) throw new Error(`${uri} is not open; open it and try again`);
    const file = parseHttpFile(doc.getText());
    const byName = e.source.name ? file.requests.find((b) => b.name === e.source.name) : undefined;
    if (e.source.name && !byName)
      throw new Error(`the file has no request named "${e.source.name}" any more; it was renamed or deleted since it was sent`);
    const block = byName ?? requestAtLine(file, e.source.line);
    if (!block) throw new Error(`there is no request at line ${e.source.line + 1} of the file any more`);
    return { uri, line: requestLineOf(file, block) };
  }
}
