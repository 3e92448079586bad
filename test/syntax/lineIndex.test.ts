import assert from 'node:assert/strict';
import { LineIndex } from '../../engine/syntax/lineIndex';

describe('syntax/lineIndex', () => {
  it('converts offsets and positions for LF, CRLF and CR', () => {
    const text = 'ab\ncd\r\nef\rgh';
    const li = new LineIndex(text);
    assert.equal(li.lineCount, 4);
    assert.deepEqual(li.positionAt(0), { line: 0, character: 0 });
    assert.deepEqual(li.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(li.positionAt(text.indexOf('e')), { line: 2, character: 0 });
    assert.deepEqual(li.positionAt(text.indexOf('h')), { line: 3, character: 1 });
    assert.equal(li.offsetAt({ line: 2, character: 1 }), text.indexOf('f'));
    assert.equal(li.lineContentEnd(1), text.indexOf('\r'));
  });

  it('counts UTF-16 code units, as LSP does', () => {
    const text = 'x😀y\nz';
    const li = new LineIndex(text);
    assert.deepEqual(li.positionAt(text.indexOf('y')), { line: 0, character: 3 });
    assert.equal(li.offsetAt({ line: 1, character: 0 }), 5);
  });

  it('clamps out-of-range input', () => {
    const li = new LineIndex('ab\ncd');
    assert.deepEqual(li.positionAt(-5), { line: 0, character: 0 });
    assert.deepEqual(li.positionAt(99), { line: 1, character: 2 });
    assert.equal(li.offsetAt({ line: 0, character: 99 }), 2, 'a character past the line end stops before the break');
    assert.equal(li.offsetAt({ line: 9, character: 0 }), 5);
    assert.equal(li.offsetAt({ line: -1, character: 3 }), 0);
    assert.equal(new LineIndex('').offsetAt({ line: 0, character: 4 }), 0);
  });
});
