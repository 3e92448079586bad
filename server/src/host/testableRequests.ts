// `payoutHttp/testableRequests`: the requests of a file as the Test Explorer lists them, found by
// parsing alone (nothing is sent, no environment is read). An open document is read from the editor
// (its unsaved text, the language service's cached parse); a file that is not open is read from disk
// through the bounded reader, so a huge file or a FIFO named `x.payout.http` cannot stall the server.
import { fileURLToPath } from 'node:url';
import type { TestableRequest } from '../../../engine/protocol';
import { LineIndex } from '../../../engine/syntax/lineIndex';
import { parseHttpFile } from '../../../engine/syntax/parser';
import type { ParsedFile, RequestBlock } from '../../../engine/syntax/types';
import { BODY_FILE_MAX_BYTES, BoundedReadError, readTextFile } from '../../../engine/util/readBounded';
import type { HostContext } from './context';

export function testableRequests(ctx: HostContext, uri: string): { requests: TestableRequest[]; problem?: string } {
  const open = ctx.documents.get(uri);
  if (open) {
    const doc = ctx.service.document(uri, open.version, open.pieces());
    return { requests: listOf(doc.parsed, doc.lines) };
  }
  if (!uri.startsWith('file:')) return { requests: [], problem: `${uri} is not open in the editor and is not a file on disk` };
  const file = fileURLToPath(uri);
  let text: string;
  try {
    text = readTextFile(file, { maxBytes: BODY_FILE_MAX_BYTES });
  } catch (e) {
    if (e instanceof BoundedReadError) return { requests: [], problem: e.message };
    throw e;
  }
  const parsed = parseHttpFile(text);
  return { requests: listOf(parsed, new LineIndex(text, parsed.blocks)) };
}

function listOf(parsed: ParsedFile, lines: LineIndex): TestableRequest[] {
  return parsed.requests.map((block) => {
    const requestLine = block.requestLine!; // parsed.requests are the blocks that have one
    const start = lines.positionAt(block.start);
    const end = lines.positionAt(block.start + block.text.trimEnd().length);
    return {
      label: labelOf(block),
      ...(block.name ? { name: block.name } : {}),
      line: lines.positionAt(block.start + requestLine.span.start).line,
      range: { start, end },
      hasAssertions: block.hasAssertions,
    };
  });
}

/** `# @name`, else the `###` title, else the request line as written (`POST {{base_url}}/…`). */
function labelOf(block: RequestBlock): string {
  if (block.name) return block.name;
  const title = block.separator?.title?.trim();
  if (title) return title;
  const r = block.requestLine!;
  return block.text.slice(r.span.start, r.span.end).trim();
}
