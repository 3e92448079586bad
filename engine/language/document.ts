// A document as the language service sees it: text, version, the parse of that version and its
// line index. Parsed once per version; the previous parse is handed to the parser so unchanged
// request blocks are reused (same objects), which keeps every per-block cache warm.

import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHttpFile } from '../syntax/parser';
import { LineIndex } from '../syntax/lineIndex';
import type { PieceText } from '../syntax/pieceText';
import type { ParsedFile } from '../syntax/types';

export interface PayoutDocument {
  uri: string;
  version: number;
  /** The whole text; with `pieces`, made when first read (parsed.text): features on a keystroke's path read blocks or pieces. */
  text: string;
  /** The text as pieces, when the document was made from pieces (the server's open documents, issue 28). */
  pieces?: PieceText;
  parsed: ParsedFile;
  lines: LineIndex;
  /** Folder of the file: where environment files and keys are looked up. */
  fileDir: string;
  /**
   * How this version differs from the one it was parsed after: blocks [from, oldTo) of the previous
   * parse were replaced by blocks [from, newTo) of this one; all others are the same objects.
   * Lets per-document results (the scope) be reused when the replaced blocks did not matter.
   */
  change?: { previous: PayoutDocument; from: number; oldTo: number; newTo: number };
}

/**
 * The folder of a `file:` URI. For other schemes (an untitled buffer): `untitledFolder`, the
 * editor's workspace folder, whose environment files it sends with (as REST Client does), else the
 * process's working folder.
 */
export function fileDirOf(uri: string, untitledFolder?: string): string {
  try {
    if (uri.startsWith('file:')) return dirname(fileURLToPath(uri));
  } catch {
    // A malformed URI is not a reason to fail: fall through to the working folder.
  }
  return untitledFolder ?? process.cwd();
}

export function createDocument(
  uri: string,
  version: number,
  text: string | PieceText,
  previous?: PayoutDocument,
  untitledFolder?: string,
): PayoutDocument {
  const oldBlocks = previous?.parsed.blocks;
  const parsed = parseHttpFile(text, previous?.parsed);
  let change: PayoutDocument['change'];
  if (previous && oldBlocks) {
    const blocks = parsed.blocks;
    let from = 0;
    while (from < oldBlocks.length && from < blocks.length && oldBlocks[from] === blocks[from]) from++;
    let same = 0;
    while (
      same < oldBlocks.length - from &&
      same < blocks.length - from &&
      oldBlocks[oldBlocks.length - 1 - same] === blocks[blocks.length - 1 - same]
    )
      same++;
    // Keep one step of history only, so old versions can be collected.
    previous.change = undefined;
    change = { previous, from, oldTo: oldBlocks.length - same, newTo: blocks.length - same };
  }
  const lines = new LineIndex(text, parsed.blocks, change && { ...change, previous: change.previous.lines });
  const fileDir = fileDirOf(uri, untitledFolder);
  if (typeof text === 'string') return { uri, version, text, parsed, lines, fileDir, change };
  return {
    uri,
    version,
    get text() {
      return parsed.text;
    },
    pieces: text,
    parsed,
    lines,
    fileDir,
    change,
  };
}

/** What a document was made from: its pieces when it has them (reading `text` would join them). */
export function sourceOf(doc: PayoutDocument): string | PieceText {
  return doc.pieces ?? doc.text;
}

/** Parse cache keyed by URI and version. */
export class DocumentStore {
  private readonly docs = new Map<string, PayoutDocument>();
  /** The folder of untitled documents (see fileDirOf). */
  untitledFolder?: string;

  /** The document for this version, parsing only when the version (or text) changed. */
  get(uri: string, version: number, text: string | PieceText): PayoutDocument {
    const prev = this.docs.get(uri);
    if (prev && prev.version === version && sourceOf(prev) === text) return prev;
    const doc = createDocument(uri, version, text, prev, this.untitledFolder);
    this.docs.set(uri, doc);
    return doc;
  }

  peek(uri: string): PayoutDocument | undefined {
    return this.docs.get(uri);
  }

  delete(uri: string): void {
    this.docs.delete(uri);
  }
}
