import assert from 'node:assert/strict';
import fc from 'fast-check';
import { intern } from '../../engine/util/intern';

describe('util/intern', () => {
  it('gives back a string equal to the one given, at every length and for any UTF-16 (lone surrogates too)', () => {
    const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((codes) => String.fromCharCode(...codes));
    fc.assert(
      fc.property(utf16, (s) => {
        // Cut from a longer text, as the parser does (a view of its parent from 13 characters on).
        const cut = `<${s}>`.slice(1, -1);
        assert.equal(intern(cut), s);
        assert.equal(intern(s), s, 'asked again: the pooled copy is still equal');
      }),
      { numRuns: 2000 },
    );
  });

  it('stays right after the pool started over (more distinct strings than it keeps)', () => {
    for (let i = 0; i < 25_000; i++) assert.equal(intern(`value-${i}`), `value-${i}`);
    assert.equal(intern('Content-Type'), 'Content-Type');
    assert.equal(intern('application/json'), 'application/json');
  });
});
