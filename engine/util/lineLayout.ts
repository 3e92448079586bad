// How a text lays out its lines, so an inserted line ends and is indented as its neighbours are
// (the lint's Add fixes, the signature added to a body).

/**
 * The line break the text already uses from `from` on (CRLF, LF or a lone CR; else the first one
 * before it), LF when it has none.
 */
export function lineBreakOf(text: string, from = 0): string {
  const m = /\r\n|\n|\r/.exec(text.slice(from)) ?? /\r\n|\n|\r/.exec(text);
  return m ? m[0] : '\n';
}

/** The blanks before `offset` on its line. */
export function indentOf(text: string, offset: number): string {
  let lineStart = offset;
  while (lineStart > 0 && text[lineStart - 1] !== '\n' && text[lineStart - 1] !== '\r') lineStart--;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
