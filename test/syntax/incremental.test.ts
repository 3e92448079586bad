import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHttpFile } from '../../engine/syntax/parser';
import { bigHttpFile } from './bigFile';
import { assertSpansInside, assertTiles, snapshot } from './helpers';

function edit(text: string, at: number, remove: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at + remove);
}

describe('syntax/parser: incremental reparse', () => {
  const text = bigHttpFile(6);

  it('an edit in block 3 leaves every other block object identical', () => {
    const before = parseHttpFile(text);
    const old = [...before.blocks];
    const at = text.indexOf('"Coffee 2"') + 3;
    const after = parseHttpFile(edit(text, at, 0, 'xyz'), before);
    assertTiles(after);
    assert.equal(after.blocks.length, old.length);
    for (let k = 0; k < old.length; k++) {
      if (k === 3) assert.notEqual(after.blocks[k], old[k], 'the edited block is parsed again');
      else assert.equal(after.blocks[k], old[k], `block ${k} is reused`);
    }
    assert.ok(after.blocks[3].text.includes('Coxyzffee 2'));
    // Blocks after the edit moved by the three inserted characters.
    assert.equal(after.blocks[4].start, old[3].start + old[3].text.length + 3);
  });

  it('gives the same result as a fresh parse', () => {
    let parsed = parseHttpFile(text);
    let current = text;
    const edits: [number, number, string][] = [
      [text.indexOf('### Order 4'), 0, '### inserted\nGET https://x.test\n\n'],
      [text.indexOf('"USDT"'), 6, '"TRC20'],
      [10, 5, ''],
      [text.length - 1, 0, '\n###'],
    ];
    for (const [at, remove, insert] of edits) {
      current = edit(current, Math.min(at, current.length), remove, insert);
      parsed = parseHttpFile(current, parsed);
      const fresh = parseHttpFile(current);
      assertTiles(parsed);
      assert.deepEqual(parsed.blocks.map(snapshot), fresh.blocks.map(snapshot));
      assert.deepEqual(parsed.variables, fresh.variables);
      assert.deepEqual(
        parsed.requests.map((b) => b.start),
        fresh.requests.map((b) => b.start),
      );
    }
  });

  it('reuses each previous block once, even when two blocks have the same text', () => {
    const dup = '###\nGET https://x.test\n\n';
    const t = `${dup}${dup}${dup}`;
    const before = parseHttpFile(t);
    const old = new Set(before.blocks);
    const after = parseHttpFile(`@v = 1\n${t}`, before);
    assertTiles(after);
    const reused = after.blocks.filter((b) => old.has(b));
    assert.equal(reused.length, 3, 'the three identical request blocks are all reused');
    assert.equal(new Set(after.blocks).size, after.blocks.length, 'no object appears twice');
    assert.deepEqual(
      after.blocks.slice(1).map((b) => b.start),
      [7, 7 + dup.length, 7 + 2 * dup.length],
    );
  });

  it('reparses only the edited block of a 5,000-request file', () => {
    const big = bigHttpFile(5000);
    const before = parseHttpFile(big);
    const old = new Set(before.blocks);
    const at = big.indexOf('"Coffee 2500"') + 4;
    const after = parseHttpFile(edit(big, at, 0, 'x'), before);
    const fresh = after.blocks.filter((b) => !old.has(b));
    assert.equal(fresh.length, 1);
    assert.ok(fresh[0].text.includes('Cofxfee 2500'));
  });

  it('property: any edit of any text reparses to what a fresh parse gives', () => {
    const piece = fc.constantFrom(
      '###',
      '### t\n',
      '\n',
      '\r\n',
      'GET https://x.test\n',
      'A: b\n',
      '{"a": {{x}}}',
      '{{',
      '}}',
      '?? status == 200\n',
      '# @name n\n',
      '@v = 1\n',
      ' ',
      'x',
    );
    const doc = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(doc, fc.nat(), fc.nat(5), fc.array(piece, { maxLength: 3 }), (t, at, remove, ins) => {
        const before = parseHttpFile(t);
        const pos = t.length === 0 ? 0 : at % (t.length + 1);
        const next = edit(t, pos, remove, ins.join(''));
        const after = parseHttpFile(next, before);
        assertTiles(after);
        assert.deepEqual(after.blocks.map(snapshot), parseHttpFile(next).blocks.map(snapshot));
      }),
      { numRuns: 300 },
    );
  });

  it("property: the same with the peers' forms (scripts, requests split without ###, multi-line targets)", () => {
    const piece = fc.constantFrom(
      '###',
      '### t\n',
      '\n',
      '\r\n',
      'GET https://x.test\n',
      'POST https://x.test/p\n',
      'A: b\n',
      '{"a": 1}\n',
      '< {%\n',
      '> {% a() %}\n',
      '%}\n',
      '> ./h.js\n',
      '< ./pre.js\n',
      '>> out.json\n',
      '>>! out.json\n',
      '<> prev.json\n',
      '  /path\n',
      '  ?q=1\n',
      'HTTP/1.1\n',
      'HTTP/2.0 200\n',
      '{{\n',
      '}}\n',
      '/* c\n',
      '*/\n',
      'GRAPHQL https://x.test\n',
      'import ./f.http\n',
      'run #n\n',
      '# @name n\n',
      'x',
    );
    const doc = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(doc, fc.nat(), fc.nat(5), fc.array(piece, { maxLength: 3 }), (t, at, remove, ins) => {
        const before = parseHttpFile(t);
        assertTiles(before);
        const pos = t.length === 0 ? 0 : at % (t.length + 1);
        const next = edit(t, pos, remove, ins.join(''));
        const after = parseHttpFile(next, before);
        assertTiles(after);
        after.blocks.forEach(assertSpansInside);
        assert.deepEqual(after.blocks.map(snapshot), parseHttpFile(next).blocks.map(snapshot));
      }),
      { numRuns: 300 },
    );
  });
});
