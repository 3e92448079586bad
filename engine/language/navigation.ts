// Go to definition and find references for `{{variables}}` (their `@name = value` line) and named
// requests (`{{quote.response...}}` -> `# @name quote`).

import type { Location, Position } from 'vscode-languageserver-types';
import { blockAt } from '../syntax/parser';
import type { Span } from '../syntax/types';
import { spanToRange } from './diagnostics';
import type { PayoutDocument } from './document';
import type { ServiceContext } from './service';

type Target = { kind: 'variable' | 'request'; name: string };

const inside = (span: Span, offset: number) => offset >= span.start && offset <= span.end;

/** What the cursor is on: a reference, a variable definition's name, or a `# @name` value. */
export function targetAt(doc: PayoutDocument, offset: number): Target | undefined {
  const block = blockAt(doc.parsed, offset);
  if (!block) return undefined;
  const rel = offset - block.start;
  const ref = block.references.find((r) => inside(r.span, rel));
  if (ref && (ref.kind === 'variable' || ref.kind === 'request')) return { kind: ref.kind, name: ref.name };
  const def = block.variables.find((v) => inside(v.nameSpan, rel));
  if (def) return { kind: 'variable', name: def.name };
  const dir = block.directives.find((d) => d.name === 'name' && inside(d.valueSpan, rel));
  if (dir && block.name) return { kind: 'request', name: block.name };
  return undefined;
}

function declarations(doc: PayoutDocument, target: Target): Location[] {
  if (target.kind === 'variable') {
    return doc.parsed.variables.filter((v) => v.name === target.name).map((v) => ({ uri: doc.uri, range: spanToRange(doc, v.nameSpan) }));
  }
  const block = doc.parsed.requests.find((b) => b.name === target.name);
  if (!block) return [];
  const dir = block.directives.find((d) => d.name === 'name');
  const span = dir ? dir.valueSpan : (block.separator?.titleSpan ?? block.requestLine!.span);
  return [{ uri: doc.uri, range: spanToRange(doc, { start: block.start + span.start, end: block.start + span.end }) }];
}

export function definition(_ctx: ServiceContext, doc: PayoutDocument, position: Position): Location[] {
  const target = targetAt(doc, doc.lines.offsetAt(position));
  return target ? declarations(doc, target) : [];
}

export function references(_ctx: ServiceContext, doc: PayoutDocument, position: Position, includeDeclaration: boolean): Location[] {
  const target = targetAt(doc, doc.lines.offsetAt(position));
  if (!target) return [];
  const out = includeDeclaration ? declarations(doc, target) : [];
  for (const block of doc.parsed.blocks) {
    for (const ref of block.references) {
      if (ref.kind === target.kind && ref.name === target.name) {
        out.push({ uri: doc.uri, range: spanToRange(doc, { start: block.start + ref.span.start, end: block.start + ref.span.end }) });
      }
    }
  }
  return out;
}
