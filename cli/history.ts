// `send --history`: each finished exchange recorded in the CLI's history folder (engine/history,
// $PAYOUT_HTTP_HOME/history), the same record the editor keeps. A history that cannot be written
// is said once on stderr and the send goes on.
import { pathToFileURL } from 'node:url';
import { HistoryStore, historyEntry, readHistory, sourceIn } from '../engine/history';
import type { PayoutSession } from '../engine/http/session';
import type { SendResult } from '../engine/http/types';
import { historyDir } from '../engine/workspace/home';
import { historySources } from '../engine/workspace/explainSources';
import type { CandidateSource } from '../engine/signing';

export class CliHistory {
  private failed = false;
  private store: HistoryStore | undefined;

  constructor(private readonly warn: (text: string) => void) {}

  record(session: PayoutSession, r: SendResult): void {
    if (this.failed) return;
    this.store ??= new HistoryStore(historyDir());
    try {
      this.store.append(
        historyEntry(r, {
          environment: session.environment.name,
          origin: 'cli',
          source: sourceIn(session.file, pathToFileURL(session.filePath).href, r),
          redactor: session.redactor,
          now: new Date(),
        }),
      );
    } catch (e) {
      this.failed = true;
      this.warn(`warning: ${(e as Error).message}; the requests are still sent, without history`);
    }
  }
}

/** What `send --history` recorded ($PAYOUT_HTTP_HOME/history), newest first, as explain's sources; nothing when there is none. */
export function historyAtHand(): CandidateSource[] {
  try {
    return historySources(readHistory(historyDir()));
  } catch {
    return [];
  }
}
