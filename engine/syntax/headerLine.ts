// A header line, `Name: value`: a name of token characters (RFC 9110 `tchar`), blanks, a colon,
// then the value, blanks around it not part of it. Read by index, not by a regular expression:
// most lines above the bodies of a file are headers, and a match array with two captured strings
// per header was the parser's largest allocation on open after the blocks themselves (3 MB for the
// 5,000-request file). test/syntax/headerLine.test.ts checks it against the expression it replaced,
// /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*(.*?)[ \t]*$/.

/** 1 for the characters a header name is made of. */
const TOKEN = new Uint8Array(128);
for (const c of "!#$%&'*+.^_`|~-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") TOKEN[c.charCodeAt(0)] = 1;

const isSpaceOrTab = (c: number) => c === 32 || c === 9;
/** What ends a line for `.` in a regular expression: such a character cannot be inside a header's value. */
const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/** Where the name of the header `line` ends, or -1 when the line is no header. */
export function headerNameEnd(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) < 128 && TOKEN[line.charCodeAt(i)] === 1) i++;
  if (i === 0) return -1;
  const nameEnd = i;
  while (isSpaceOrTab(line.charCodeAt(i))) i++;
  if (line.charCodeAt(i) !== 58 /* : */) return -1;
  for (i++; i < line.length; i++) if (isLineTerminator(line.charCodeAt(i))) return -1;
  return nameEnd;
}

export function isHeaderLine(line: string): boolean {
  return headerNameEnd(line) !== -1;
}

/** Where the value of a header line starts: after its colon and the blanks that follow it. */
export function headerValueStart(line: string, nameEnd: number): number {
  let i = line.indexOf(':', nameEnd) + 1;
  while (isSpaceOrTab(line.charCodeAt(i))) i++;
  return i;
}

/** Where the value of a header line ends: before the blanks the line ends with. */
export function headerValueEnd(line: string, valueStart: number): number {
  let end = line.length;
  while (end > valueStart && isSpaceOrTab(line.charCodeAt(end - 1))) end--;
  return end;
}
