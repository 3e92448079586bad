// The incremental parse visits only the segments around an edit (parser.ts, reparseEdit): the blocks
// before keep their offsets, those after are shifted, and the file's requests and variables are
// spliced from the previous parse's. Random edit sequences on a generated file of many requests,
// each version parsed from the one before and compared with a parse from scratch.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHttpFile } from '../../engine/syntax/parser';
import { PieceText } from '../../engine/syntax/pieceText';
import type { ParsedFile } from '../../engine/syntax/types';
import { bigHttpFile } from './bigFile';
import { assertTiles, snapshot } from './helpers';

/** The file as data: blocks, requests and variables through their fields and getters. */
function model(file: ParsedFile): unknown {
  return {
    text: file.text,
    blocks: file.blocks.map(snapshot),
    requests: file.requests.map((b) => b.start),
    variables: file.variables.map((v) => ({ name: v.name, value: v.value, span: v.span, nameSpan: v.nameSpan, valueSpan: v.valueSpan })),
  };
}

// Pieces that make and break segment starts (`###` after a line break of each kind, a `#` before
// or after one), split requests without `###`, and add file variables before and after the edit.
const piece = fc.constantFrom(
  '###',
  '#',
  '### t\n',
  '\n',
  '\r',
  '\r\n',
  '\n###\n',
  'GET https://x.test\n',
  '\nPOST https://x.test/p\n',
  'A: b\n',
  '{"a": {{x}}}',
  '@v = 1\n',
  '\n@w = {{v}}\n',
  '# @name n\n',
  '?? status == 200\n',
  'x',
);

function base(): string {
  // Variables between requests too, so some sit after any edit and move with it.
  return bigHttpFile(40).split('### Order 1').join('@late = 1\n\n### Order 1');
}

describe('syntax/parser: an edit reparses only the segments around it', () => {
  it('property: random edit sequences anywhere in a 40-request file give what a parse from scratch gives', () => {
    const editArb = fc.record({ at: fc.nat(), remove: fc.nat(8), insert: fc.array(piece, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 12 }), (edits) => {
        let text = base();
        let file = parseHttpFile(text);
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.insert.join('') + text.slice(at + e.remove);
          const before = file.blocks.slice();
          file = parseHttpFile(text, file);
          assertTiles(file);
          assert.deepEqual(model(file), model(parseHttpFile(text)));
          // Far from the edit the blocks are the previous objects, not parsed again.
          const end = at + e.insert.join('').length;
          const reused = new Set(file.blocks);
          for (const b of before) {
            if (b.start + b.length < at - 2000 || b.start > end + 2000) assert.ok(reused.has(b), `block at ${b.start} reused`);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('property: the same from the text as pieces (an open document’s), each block inside one piece', () => {
    const editArb = fc.record({ at: fc.nat(), remove: fc.nat(8), insert: fc.array(piece, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 12 }), fc.constantFrom(64, 256, 2048), (edits, size) => {
        let text = base();
        let pieces = PieceText.from(text, size);
        let file = parseHttpFile(pieces);
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.insert.join('') + text.slice(at + e.remove);
          pieces = pieces.edit(at, at + e.remove, e.insert.join(''));
          file = parseHttpFile(pieces, file);
          assert.equal(file.pieces, pieces);
          assertTiles(file);
          assert.deepEqual(model(file), model(parseHttpFile(text)));
          // A block's text is a slice of one piece (pieces are cut where segments start).
          for (const b of file.blocks) {
            if (b.length > 0) assert.equal(pieces.pieceAt(b.start), pieces.pieceAt(b.start + b.length - 1), `block at ${b.start}`);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a request inserted before a first block that is reused: that block is listed once (fast-check counterexample, seed 1616238000)', () => {
    // The reused block moved before the previous requests' bounds were searched, so they were out of
    // order and the search kept the moved block twice: requests at 0, 19, 19, 28 for 0, 19, 28.
    let text = base().slice(base().indexOf('###'));
    let file = parseHttpFile(text);
    for (const [remove, insert] of [
      [0, 'A: b\n'],
      [1, '###\r\n'],
      [0, 'GET https://x.test\n'],
    ] as const) {
      text = insert + text.slice(remove);
      file = parseHttpFile(text, file);
      assertTiles(file);
      assert.deepEqual(model(file), model(parseHttpFile(text)));
    }
  });

  it('property: edits at the very start and end of the file (the preamble made, emptied, removed)', () => {
    const editArb = fc.record({ front: fc.boolean(), remove: fc.nat(6), insert: fc.array(piece, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 10 }), fc.boolean(), (edits, preamble) => {
        let text = preamble ? base() : base().slice(base().indexOf('###'));
        let file = parseHttpFile(text);
        for (const e of edits) {
          const at = e.front ? 0 : Math.max(0, text.length - e.remove);
          text = text.slice(0, at) + e.insert.join('') + text.slice(at + e.remove);
          file = parseHttpFile(text, file);
          assertTiles(file);
          assert.deepEqual(model(file), model(parseHttpFile(text)));
        }
      }),
      { numRuns: 150 },
    );
  });
});
