// `payoutHttp/canonicalString`: the signed string of the request at a position, with each segment's
// place in the body, for the client's preview panel and "explain signature" view.

import type { Position } from 'vscode-languageserver-types';
import type { CanonicalStringResult, CanonicalStringSegment } from '../protocol';
import { blockAt } from '../syntax/parser';
import { spanToRange } from './diagnostics';
import type { PayoutDocument } from './document';
import { previewOf } from './preview';
import type { ServiceContext } from './service';

export function canonicalStringAt(ctx: ServiceContext, doc: PayoutDocument, position: Position): CanonicalStringResult | null {
  const block = blockAt(doc.parsed, doc.lines.offsetAt(position));
  if (!block?.requestLine) return null;
  const preview = previewOf(block, ctx.scope(doc), ctx.scopeKey(doc));
  if (!preview) return null;
  const segments = preview.segments.map((s): CanonicalStringSegment => {
    const out: CanonicalStringSegment = { field: s.field, text: s.text, omitted: s.omitted };
    if (s.signedAs !== undefined) out.signedAs = s.signedAs;
    if (s.span) out.range = spanToRange(doc, { start: block.start + s.span.start, end: block.start + s.span.end });
    return out;
  });
  return {
    endpointId: preview.endpoint.id,
    display: preview.display,
    segments,
    omitted: preview.omitted,
    unresolved: preview.unresolved,
    runtime: preview.runtime,
  };
}
