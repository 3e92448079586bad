// The `.payout.http` escape for text that must be sent literally (issue 22): `payout-http import`
// writes captured data with it, so that nothing in a capture becomes live syntax (a `< /etc/hostname`
// body line that would upload the file, a `{{$processEnv X}}` that would send the variable).
//
// - `\{{` (a backslash before a run of two or more `{`) is the braces as they are, not a template,
//   in a text body and in a header value; the backslash is not sent.
// - In a text body, a line whose first non-blank character is a backslash followed by one of
//   `< > # ? / @ % \` is sent without that backslash: `\< file` is the text `< file`, `\###` is not a
//   new request, `\?? x` is not an assertion.
// JSON bodies need neither: import writes a `{{` inside a JSON string as `\u007b{`, JSON's own escape.
// docs/syntax.md ("Sending text literally") is the user's description.

/** What a line of a text body may start with that the syntax (or a peer tool's) reads specially. */
const LIVE_LINE_START = new Set(['<', '>', '#', '?', '/', '@', '%', '\\']);

/** A run of two or more `{`, with the backslash before it if any. */
const BRACE_RUN = /(\\?)(\{{2,})/g;

/** True when the `{{` at `at` is escaped: the run of `{` it is part of follows a backslash. */
export function isEscapedTemplate(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && text.charCodeAt(start - 1) === 123 /* { */) start--;
  return start > 0 && text.charCodeAt(start - 1) === 92; /* \ */
}

/** Where the run of `{` that starts at or before `at` ends: where the scan for templates goes on past an escaped one. */
export function braceRunEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) === 123) end++;
  return end;
}

/** Text (a header value, a text body) with every `{{` escaped. */
export function escapeTemplates(text: string): string {
  return text.replace(BRACE_RUN, (_, slash: string, run: string) => `${slash}\\${run}`);
}

/** A text body written so that all of it is sent as it is. */
export function escapeTextBody(text: string): string {
  return escapeTemplates(text)
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => {
      const at = part.search(/[^ \t]/);
      return i % 2 === 0 && at >= 0 && LIVE_LINE_START.has(part[at]) ? `${part.slice(0, at)}\\${part.slice(at)}` : part;
    })
    .join('');
}

/** Positions of the escaping backslashes in `text` (not sent), in order; `lines` adds the line-start escape of text bodies. */
export function escapePositions(text: string, lines: boolean): number[] {
  const drop = new Set<number>();
  if (lines) {
    for (const m of text.matchAll(/(^|[\r\n])[ \t]*\\/g)) {
      const at = m.index + m[0].length - 1;
      if (LIVE_LINE_START.has(text[at + 1] ?? '')) drop.add(at);
    }
  }
  for (const m of text.matchAll(/\\\{{2,}/g)) drop.add(m.index);
  return [...drop].sort((a, b) => a - b);
}

/** `text` without the escaping backslashes (what it sends when it holds no template). */
export function unescapeText(text: string, lines: boolean): string {
  let out = '';
  let at = 0;
  for (const p of escapePositions(text, lines)) {
    out += text.slice(at, p);
    at = p + 1;
  }
  return out + text.slice(at);
}

/** A JSON text with every `{{` made `\u007b{` (valid only inside strings, where JSON allows nothing else to hold braces twice). */
export function escapeJsonTemplates(json: string): string {
  return json.replace(/\{(?=\{)/g, '\\u007b');
}
