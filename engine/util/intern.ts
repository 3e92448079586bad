// One shared copy of each short string that a file repeats: header names and values, directive
// names, template expressions. A 5,000-request file holds the same dozen of them in every block;
// the parser cut a fresh copy of each from the text, ~60,000 strings kept per file (and copied by
// the garbage collector while the parse ran).

/** Longer strings are rarely repeated: they are returned as a copy of their own (see `own`), not pooled. */
const MAX_LENGTH = 32;
/**
 * For request URLs, kept with every block's summary (engine/syntax/block.ts): a large file repeats
 * a few endpoints' URLs (`{{base_url}}/api/v2/orders/create-sell-order`, 45 characters) in
 * thousands of requests.
 */
export const URL_MAX_LENGTH = 160;
/** The pool starts over when this full, so a file of unique values cannot grow it without bound. */
const MAX_ENTRIES = 10_000;
/** V8 makes a substring of this length or more a view of its parent instead of a copy. */
const VIEW_LENGTH = 13;

const pool = new Map<string, string>();

/** A string equal to `s`, the same object for equal strings of up to `maxLength` characters. */
export function intern(s: string, maxLength = MAX_LENGTH): string {
  if (s.length > maxLength) return own(s);
  const known = pool.get(s);
  if (known !== undefined) return known;
  if (pool.size >= MAX_ENTRIES) pool.clear();
  // A view would keep the whole text it was cut from (a version of the file) alive with the pool:
  // keep a flat copy instead (a JSON round trip makes one).
  const copy = own(s);
  pool.set(copy, copy);
  return copy;
}

/**
 * A string equal to `s` that is no view of a longer string: what a parsed block keeps of the text
 * (a URL, a title, a value) must not keep the whole version of the file it was cut from alive.
 */
export function own(s: string): string {
  return s.length < VIEW_LENGTH ? s : (JSON.parse(JSON.stringify(s)) as string);
}
