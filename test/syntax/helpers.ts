// Shared checks for the syntax tests.
import assert from 'node:assert/strict';
import type { Node as JsonNode } from 'jsonc-parser';
import type { ParsedFile, RequestBlock, Span } from '../../engine/syntax/types';

/** Blocks cover the text exactly, in order, and each block's text is its slice of the file. */
export function assertTiles(file: ParsedFile): void {
  let at = 0;
  assert.ok(file.blocks.length >= 1, 'there is always a preamble block');
  assert.equal(file.blocks[0].separator, undefined, 'the first block is the preamble');
  for (const b of file.blocks) {
    assert.equal(b.start, at, 'blocks are contiguous');
    assert.equal(file.text.slice(b.start, b.start + b.text.length), b.text);
    at += b.text.length;
  }
  assert.equal(at, file.text.length, 'blocks end at the end of the text');
}

/** Every span of a block lies inside the block (relative offsets in [0, text.length]). */
export function assertSpansInside(block: RequestBlock): void {
  const n = block.text.length;
  const check = (s: Span | undefined, what: string) => {
    if (!s) return;
    assert.ok(Number.isInteger(s.start) && Number.isInteger(s.end), `${what}: integer offsets`);
    assert.ok(0 <= s.start && s.start <= s.end && s.end <= n, `${what} [${s.start}, ${s.end}) outside block of ${n}`);
  };
  check(block.separator?.span, 'separator');
  check(block.separator?.titleSpan, 'title');
  for (const d of block.directives) [d.span, d.nameSpan, d.valueSpan].forEach((s) => check(s, 'directive'));
  for (const v of block.variables) [v.span, v.nameSpan, v.valueSpan].forEach((s) => check(s, 'variable'));
  block.comments.forEach((s) => check(s, 'comment'));
  if (block.requestLine)
    [block.requestLine.span, block.requestLine.methodSpan, block.requestLine.urlSpan].forEach((s) => check(s, 'request line'));
  for (const h of block.headers) [h.span, h.nameSpan, h.valueSpan].forEach((s) => check(s, 'header'));
  if (block.body) {
    check(block.body.span, 'body');
    assert.equal(block.body.text.length, block.body.span.end - block.body.span.start, 'body text has the span length');
    check(block.body.filePath?.span, 'file path');
    // Iterative: bodies may nest thousands deep.
    const stack: JsonNode[] = block.body.json?.root ? [block.body.json.root] : [];
    while (stack.length > 0) {
      const node = stack.pop()!;
      check({ start: node.offset, end: node.offset + node.length }, 'json node');
      if (node.children) stack.push(...node.children);
    }
    block.body.json?.errors.forEach((e) => check(e.span, 'json error'));
    block.body.json?.templates.forEach((t, k) => {
      check(t.span, 'json template');
      assert.equal(k, t.span.start);
    });
  }
  block.assertions.forEach((a) => check(a.span, 'assertion'));
  for (const sc of block.scripts) {
    check(sc.span, 'script');
    check(sc.sourceSpan, 'script source');
    assert.equal(block.text.slice(sc.sourceSpan.start, sc.sourceSpan.end), sc.source, 'script source is its span');
  }
  if (block.outputRedirect) [block.outputRedirect.span, block.outputRedirect.pathSpan].forEach((s) => check(s, 'output redirect'));
  block.references.forEach((r) => check(r.span, 'reference'));
  block.problems.forEach((p) => check(p.span, 'problem'));
}

/** Text of a block-relative span. */
export function at(block: RequestBlock, span: Span): string {
  return block.text.slice(span.start, span.end);
}

/** A JSON-comparable picture of a block (the jsonc tree has parent links). */
export function snapshot(block: RequestBlock): unknown {
  const tree = (n: JsonNode | undefined): unknown =>
    n && { type: n.type, offset: n.offset, length: n.length, value: n.value, children: n.children?.map(tree) };
  const { body, ...rest } = block;
  return {
    ...rest,
    body: body && {
      ...body,
      json: body.json && { root: tree(body.json.root), templates: [...body.json.templates.entries()], errors: body.json.errors },
    },
  };
}

export function codes(block: RequestBlock): string[] {
  return block.problems.map((p) => p.code);
}
