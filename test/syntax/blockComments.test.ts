// A block keeps its only comment as one integer (block.ts): comments at any place and of any
// length read back as the spans the parser found, also past what that integer holds.
import assert from 'node:assert/strict';
import { parseHttpFile } from '../../engine/syntax/parser';

function commentTexts(text: string): string[][] {
  return parseHttpFile(text).blocks.map((b) => b.comments.map((c) => b.text.slice(c.start, c.end)));
}

describe('syntax/block: comments', () => {
  for (const [what, at, length] of [
    ['short, near the start', 0, 10],
    ['starting past 32 KB of the block', 40_000, 10],
    ['longer than 64 KB', 0, 70_000],
  ] as const) {
    it(`one comment ${what} reads back as written`, () => {
      const comment = `# ${'c'.repeat(length)}`;
      // Blank lines, then the comment, above the request line: the comment `at` characters into the block.
      const text = `### a\n${'\n'.repeat(at)}${comment}\nGET https://x.test/a\n`;
      const blocks = parseHttpFile(text).blocks;
      assert.equal(blocks.at(-1)!.comments[0]?.start, 6 + at);
      assert.deepEqual(commentTexts(text).at(-1), [comment]);
    });
  }

  it('several comments, one below a JSON body, read back in order', () => {
    const text = '### a\n# one\n// two\nPOST https://x.test\nContent-Type: application/json\n\n{"a": 1}\n# three\n';
    assert.deepEqual(commentTexts(text).at(-1), ['# one', '// two', '# three']);
  });
});
