// Where a body member being completed goes, read from the tokens around it, as
// vscode-json-languageservice does inside objects: whether the cursor is at a property name (also on
// a new line after a value written without its comma), the comma the member needs after it (a
// property follows) and before it (the previous member ends without one), and the indentation of
// the line when the member starts it (siblings' indentation, or the opening brace's plus one step).

/** Index of the last non-whitespace character before `at` (not before `floor`), or -1. */
function previousSignificant(text: string, at: number, floor: number): number {
  let i = at - 1;
  while (i >= floor && /\s/.test(text[i])) i--;
  return i >= floor ? i : -1;
}

/** A character a complete JSON value (or an unquoted `{{template}}`) can end with. */
function endsValue(ch: string): boolean {
  return ch === '"' || ch === '}' || ch === ']' || /[\w.]/.test(ch);
}

function lineStartAt(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

function indentAt(text: string, offset: number): string {
  const start = lineStartAt(text, offset);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

export interface MemberPlace {
  /** The previous member ends on an earlier line without a comma: insert one right after it, at this offset. */
  commaBefore?: number;
  /** Where the edit starts: the key's start, or the line start when the member begins the line (to set its indentation). */
  start: number;
  /** The indentation to put before the member when `start` is the line start, else ''. */
  indent: string;
  /** A property follows the member: it needs a comma after it. */
  commaAfter: boolean;
}

/**
 * After a complete value with a line break before the cursor (`"fiatCurrency": "VND"⏎|`): the
 * cursor is at a new property name, although a parser reads it as still in the previous value.
 */
export function isAfterValueOnNewLine(text: string, keyStart: number, floor: number): boolean {
  const prev = previousSignificant(text, keyStart, floor);
  return prev >= 0 && endsValue(text[prev]) && /[\r\n]/.test(text.slice(prev + 1, keyStart));
}

/**
 * The place of a member whose key spans [keyStart, keyEnd) inside a body spanning [floor, ceiling).
 * `step` is one indentation level, taken from the body.
 */
export function memberPlace(text: string, keyStart: number, keyEnd: number, floor: number, ceiling: number): MemberPlace {
  const prev = previousSignificant(text, keyStart, floor);
  const prevCh = prev >= 0 ? text[prev] : '';
  const commaBefore = prev >= 0 && endsValue(prevCh) && /[\r\n]/.test(text.slice(prev + 1, keyStart)) ? prev + 1 : undefined;
  const commaAfter = /^\s*["\w{[]/.test(text.slice(keyEnd, ceiling));
  const lineStart = lineStartAt(text, keyStart);
  const startsLine = /^[ \t]*$/.test(text.slice(lineStart, keyStart)) && lineStart > floor;
  if (!startsLine || prev < 0) return { commaBefore, start: keyStart, indent: '', commaAfter };
  // The previous token is on a sibling's line (a value or a comma), or on the opening brace's line.
  const indent = prevCh === '{' ? indentAt(text, prev) + indentStep(text, floor, ceiling) : siblingIndent(text, prev);
  return { commaBefore, start: lineStart, indent, commaAfter };
}

/** The indentation of the member a value or comma at `at` ends (a multi-line value closes at its key's indentation). */
function siblingIndent(text: string, at: number): string {
  return indentAt(text, at);
}

/** One indentation level of the body: the first indented line's whitespace, else two spaces. */
function indentStep(text: string, floor: number, ceiling: number): string {
  const m = /\n([ \t]+)\S/.exec(text.slice(floor, ceiling));
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : m[1].length <= 4 ? m[1] : '  ';
}
