// The History view's grouping, without VS Code (unit-tested): entries newest first under one heading
// per local day ("Today", "Yesterday", then the date), and the entry "Compare with Previous" diffs
// against: the next older entry of the same request (same file, same request label).
import type { HistoryItem } from '../../engine/protocol';

export interface HistoryDay {
  label: string;
  items: HistoryItem[];
}

function dayKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Groups by local day, newest day first, each day's items newest first (whatever order they came in). */
export function groupByDay(items: readonly HistoryItem[], now: Date): HistoryDay[] {
  const today = dayKey(now);
  const yesterday = dayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const sorted = [...items].sort((a, b) => (a.time === b.time ? b.id.localeCompare(a.id) : b.time.localeCompare(a.time)));
  const days: HistoryDay[] = [];
  for (const item of sorted) {
    const key = dayKey(new Date(item.time));
    const label = key === today ? 'Today' : key === yesterday ? 'Yesterday' : key;
    const last = days[days.length - 1];
    if (last?.label === label) last.items.push(item);
    else days.push({ label, items: [item] });
  }
  return days;
}

/** The next older entry of the same request, for "Compare with Previous"; `items` newest first. */
export function previousOf(items: readonly HistoryItem[], item: HistoryItem): HistoryItem | undefined {
  const sorted = [...items].sort((a, b) => b.id.localeCompare(a.id));
  return sorted.slice(sorted.findIndex((i) => i.id === item.id) + 1).find((i) => i.uri === item.uri && i.label === item.label);
}

/** `POST 200 · 10:42:07 · local · 38 ms` */
export function itemDescription(item: HistoryItem): string {
  const t = new Date(item.time);
  const clock = `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}:${String(t.getSeconds()).padStart(2, '0')}`;
  const status = item.status !== undefined ? String(item.status) : 'not sent';
  return [`${item.method} ${status}`, clock, item.environment, ...(item.durationMs !== undefined ? [`${item.durationMs} ms`] : [])].join(
    ' · ',
  );
}
