// Time as the service shows it (doc 1 §2.3): `YYYY-MM-DD HH:mm:ss` in UTC+7 with no zone marker,
// and the calendar windows the caps count over (doc 1 §7 code 90: the week starts Monday 00:00 UTC).

const UTC7_MS = 7 * 60 * 60 * 1000;

export function formatUtc7(ms: number): string {
  return new Date(ms + UTC7_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Start (ms) of the UTC day, ISO week (Monday) and month containing `ms`. */
export function windowStarts(ms: number): { day: number; week: number; month: number } {
  const d = new Date(ms);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return { day, week: day - sinceMonday * 86_400_000, month: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) };
}
