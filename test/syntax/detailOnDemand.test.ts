// A block keeps its summary (name, variables, request line, scripts, `# @openapi` directives) and
// parses the rest of itself again from its text when read after its detail was evicted (issue 28,
// engine/syntax/block.ts). These check that a detail parsed again equals the one the parse made:
// through the previous parser's model on every corpus (the net of compactModel.test.ts, now with
// every detail evicted before it is read), and for a block reused across edits elsewhere.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { forgetDetails } from '../../engine/syntax/block';
import { AT_HAND, parseHttpFile } from '../../engine/syntax/parser';
import { parseHttpFile as previousParse } from '../support/previousParser/parser';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';
import { plainBlock, plainFile, requestFiles } from './compactModel.test';

const ROOT = resolve(__dirname, '..', '..');

/**
 * The model read with every detail evicted first (each block parses its text again), against the
 * previous parser's; with `summaryOnly`, the parse made each block's summary alone (as past the
 * parse's budget of details kept at hand, parser.ts AT_HAND).
 */
function assertSameAfterEviction(text: string, what: string, summaryOnly = false): void {
  const parsed = summaryOnly ? withoutDetails(() => parseHttpFile(text)) : parseHttpFile(text);
  forgetDetails(parsed.blocks);
  // The summary's facts of the detail, read before the detail is parsed again.
  const summary = parsed.blocks.map((b) => ({ hasAssertions: b.hasAssertions, fileDirectives: b.fileDirectives.map((d) => d.value) }));
  assert.deepStrictEqual(plainFile(parsed), plainFile(previousParse(text)), what);
  const fromDetail = parsed.blocks.map((b) => ({
    hasAssertions: b.assertions.length > 0,
    fileDirectives: b.directives.filter((d) => d.name === 'openapi' || d.name === 'import').map((d) => d.value),
  }));
  assert.deepStrictEqual(summary, fromDetail, `${what}: the summary agrees with the detail`);
}

/** `parse` with no detail kept at hand: every block's summary made alone. */
function withoutDetails<T>(parse: () => T): T {
  const chars = AT_HAND.chars;
  AT_HAND.chars = 0;
  try {
    return parse();
  } finally {
    AT_HAND.chars = chars;
  }
}

describe('syntax/block: a detail parsed again after eviction equals the first', () => {
  afterEach(() => forgetDetails());

  it('on every request file of the fixtures and examples, and the benchmark file', () => {
    const files = [...requestFiles('test/fixtures'), ...requestFiles('examples')];
    assert.ok(files.length > 40, `found ${files.length} request files`);
    for (const f of files) assertSameAfterEviction(readFileSync(join(ROOT, f), 'utf8'), f);
    assertSameAfterEviction(generateRequests(5000), 'bench file');
  });

  it('the summary a parse makes alone (past its budget of details) equals the whole parse’s, on the same corpora', () => {
    const files = [...requestFiles('test/fixtures'), ...requestFiles('examples')];
    for (const f of files) assertSameAfterEviction(readFileSync(join(ROOT, f), 'utf8'), f, true);
    assertSameAfterEviction(generateRequests(5000), 'bench file', true);
  });

  it('a block read, evicted and read again gives an equal detail, also after an edit elsewhere in the file', () => {
    let text = generateRequests(40);
    let parsed = parseHttpFile(text);
    const block = parsed.requests[10];
    const first = plainBlock(block);
    const headers = block.headers;
    assert.equal(block.headers, headers, 'read again while cached: the same object');
    forgetDetails(parsed.blocks);
    assert.notEqual(block.headers, headers, 'after eviction: parsed again (a new object)');
    assert.deepStrictEqual(plainBlock(block), first);

    // An edit in another request, before this one (it moves) and after it.
    const note = '# a note\n';
    const at = text.indexOf('\n', parsed.requests[3].start) + 1; // below request 3's `###` line
    text = `${text.slice(0, at)}${note}${text.slice(at)}`;
    parsed = parseHttpFile(text, parsed);
    assert.equal(parsed.requests[10], block, 'the block is reused by the incremental parse');
    forgetDetails(parsed.blocks);
    const moved = plainBlock(block) as { start: number };
    assert.equal(moved.start, (first as { start: number }).start + note.length);
    assert.deepStrictEqual({ ...moved, start: 0 }, { ...(first as object), start: 0 });
    const after = text.indexOf('\n', parsed.requests[30].start) + 1;
    text = `${text.slice(0, after)}${note}${text.slice(after)}`;
    parsed = parseHttpFile(text, parsed);
    assert.equal(parsed.requests[10], block);
    forgetDetails(parsed.blocks);
    assert.deepStrictEqual({ ...(plainBlock(block) as object), start: 0 }, { ...(first as object), start: 0 });
  });

  it('property: random edits, every detail evicted before each version is read (summaries made alone or not), equal the previous parser’s', () => {
    const pieces = fc.constantFrom(
      '###',
      '### t\n',
      '\n',
      '\r\n',
      '# @name q\n',
      '@v = 1\n',
      'GET /a\n',
      'X: y\n',
      '{"a": {{v}}}\n',
      '?? status == 200\n',
      '> {% client.global.set("t", 1) %}\n',
      '# @openapi ./api.yaml\n',
      '/*',
      '*/',
      'x',
    );
    const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 12 }), insert: fc.oneof(pieces, fc.constant('')) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 10 }), fc.boolean(), fc.boolean(), (edits, evictEvery, summaryOnly) => {
        let text = generateRequests(8);
        let now = parseHttpFile(text);
        let before = previousParse(text);
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          // Evicted before the parse too: the incremental parse then reads the reused blocks' summaries only.
          if (evictEvery) forgetDetails(now.blocks);
          const previous = now;
          now = summaryOnly ? withoutDetails(() => parseHttpFile(text, previous)) : parseHttpFile(text, previous);
          before = previousParse(text, before);
          forgetDetails(now.blocks);
          assert.deepStrictEqual(plainFile(now), plainFile(before), `after an edit at ${at}`);
        }
      }),
      { numRuns: 200 },
    );
  });
});
