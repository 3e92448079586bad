// engine/history: the record of what was sent (docs/extension.md "History", docs/cli.md `history`).
export { HistoryStore, readHistory, newHistoryId, isHistoryId, summaryOf, type HistoryRead, type HistoryLimits } from './store';
export { historyEntry, sourceIn, SIGNATURE_PLACEHOLDER, type RecordContext } from './record';
export {
  HISTORY_LIMITS,
  type HistoryEntry,
  type HistorySummary,
  type HistorySource,
  type HistoryRequest,
  type HistoryResponse,
} from './types';
