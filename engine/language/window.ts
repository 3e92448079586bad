// A request right after a keystroke, answered from the edited block alone. Applying the keystroke
// to a 2 MB file means a fresh 2 MB string, the parser's per-file bookkeeping and a line index for
// every block; the lint does all that a turn later anyway. When the pending edits are typing inside
// one block of the last parsed version (no line break, no `###` line made or unmade), every other
// block is the same text as in that version, so completion and hover can run on a small document
// made of that block's new text, with the file-level facts (variables, request names) of the last
// version: rust-analyzer answers on a snapshot the same way. The facts are reused only when the
// edited block contributes the same names as before (sameScopeContribution); otherwise, or when
// OpenAPI documents take part in the scope, there is no window and the caller parses the file.

import { LineIndex } from '../syntax/lineIndex';
import { blockAt, parseHttpFile, requestsOf } from '../syntax/parser';
import type { ParsedFile, RequestBlock } from '../syntax/types';
import type { PayoutDocument } from './document';

/** One block of a newer version as a document of its own; its line 0 is line `firstLine` of the file. */
export interface DocumentWindow {
  doc: PayoutDocument;
  firstLine: number;
  /** The block of the last parsed version that the edits replace, and its replacement in `doc`. */
  before: RequestBlock;
  after: RequestBlock;
}

const isLineBreak = (c: number) => c === 10 || c === 13;

/**
 * The window of `previous` (the last parsed version) after typing: `lines` maps each edited line
 * (0-based, in `previous`) to its new text, without line break. Undefined when the edits are not
 * all inside one block, when one of them makes or unmakes a block (a `###` line), or when `line`
 * (where the request asks) is outside that block.
 */
export function windowOf(
  previous: PayoutDocument,
  version: number,
  lines: ReadonlyMap<number, string>,
  line: number,
): DocumentWindow | undefined {
  const index = previous.lines;
  let before: RequestBlock | undefined;
  for (const l of lines.keys()) {
    if (l < 0 || l >= index.lineCount) return undefined;
    const b = blockAt(previous.parsed, index.lineStart(l));
    if (before && b !== before) return undefined;
    before = b;
  }
  if (!before || before.text.length === 0) return undefined;
  // Requests split off without `###` (httpYac's request line after a blank line): where one ends
  // depends on the text around it, so an edit next to such a boundary may move it.
  const end = before.start + before.text.length;
  const length = (previous.parsed.pieces ?? previous.parsed.text).length;
  if (splitOff(before) || (end < length && splitOff(blockAt(previous.parsed, end)))) return undefined;
  const start = before.start;
  const firstLine = index.positionAt(start).line;
  // The block's own lines, with the edited ones replaced (line breaks kept as they were).
  const oldText = before.text;
  const parts: string[] = [];
  let from = 0;
  for (const l of [...lines.keys()].sort((x, y) => x - y)) {
    const lineStart = index.lineStart(l) - start;
    let lineEnd = lineStart;
    while (lineEnd < oldText.length && !isLineBreak(oldText.charCodeAt(lineEnd))) lineEnd++;
    // A `###` line starts a block: typing one, or into one, may move a block boundary.
    if (oldText.startsWith('###', lineStart) || lines.get(l)!.startsWith('###')) return undefined;
    parts.push(oldText.slice(from, lineStart), lines.get(l)!);
    from = lineEnd;
  }
  parts.push(oldText.slice(from));
  const text = parts.join('');
  const parsed = parseHttpFile(text);
  // A block starting with `###` parses after an empty preamble; anything else means the text split.
  const own = parsed.blocks.filter((b) => b.length > 0);
  if (own.length !== 1) return undefined;
  const after = own[0];
  const windowLines = new LineIndex(text);
  // The window's lines: the block's, and the file's last (empty) line when the block ends the file.
  const last = previous.parsed.blocks[previous.parsed.blocks.length - 1] === before;
  const count = windowLines.lineCount - (!last && isLineBreak(text.charCodeAt(text.length - 1)) ? 1 : 0);
  if (line < firstLine || line >= firstLine + count) return undefined;
  // Requests by name are looked up in the whole file (`{{name.response…}}`): the last version's,
  // with the edited one replaced. Only their content is read there, never their offsets.
  if (before.requestLine === undefined && after.requestLine !== undefined) return undefined;
  // Made when read (a reference to a request by name), as the parser's own list.
  let requests: RequestBlock[] | undefined;
  const file: ParsedFile = {
    text,
    blocks: parsed.blocks,
    get requests() {
      return (requests ??= requestsOf(previous.parsed.blocks.map((b) => (b === before ? after : b))));
    },
    variables: parsed.variables,
  };
  const doc: PayoutDocument = { uri: previous.uri, version, text, parsed: file, lines: windowLines, fileDir: previous.fileDir };
  return { doc, firstLine, before, after };
}

/** A block that starts at a request line of its own rather than at `###` (or the file's start). */
function splitOff(b: RequestBlock): boolean {
  return b.separator === undefined && b.start > 0;
}

/**
 * A copy of a result computed on a window, its ranges moved to the file's lines. Results are plain
 * JSON (they go over the wire as such); every `{ start: Position, end: Position }` is a range.
 */
export function toFileLines<T>(result: T, firstLine: number): T {
  if (result === null || result === undefined || firstLine === 0) return result;
  const copy = JSON.parse(JSON.stringify(result)) as T;
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (isPosition(o.start) && isPosition(o.end)) {
      o.start.line += firstLine;
      o.end.line += firstLine;
      return;
    }
    for (const x of Object.values(o)) visit(x);
  };
  visit(copy);
  return copy;
}

function isPosition(v: unknown): v is { line: number; character: number } {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { line?: unknown }).line === 'number' &&
    typeof (v as { character?: unknown }).character === 'number'
  );
}
