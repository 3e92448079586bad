// Setting a top-level member by a minimal edit (engine/util/jsonMember.ts): what a signed request
// sends is the body as typed plus the signature, every other byte unchanged.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setJsonMember } from '../../engine/util/jsonMember';

describe('util/jsonMember', () => {
  it('adds the member after the last one, as the body is written: lines, indent, line breaks, one line', () => {
    const cases: [string, string][] = [
      ['{\n  "a": 1\n}', '{\n  "a": 1,\n  "s": "X"\n}'],
      ['{"a":1}', '{"a":1, "s": "X"}'],
      ['{ "a": 1 }', '{ "a": 1, "s": "X" }'],
      ['{\r\n    "a": 1,\r\n    "b": {"c": 2}\r\n}\r\n', '{\r\n    "a": 1,\r\n    "b": {"c": 2},\r\n    "s": "X"\r\n}\r\n'],
      ['{\r\t"a": 1\r}', '{\r\t"a": 1,\r\t"s": "X"\r}'],
      ['{}', '{ "s": "X" }'],
      ['{\n}', '{\n  "s": "X"\n}'],
      ['{\n  "a": 1,\n}', '{\n  "a": 1,\n  "s": "X",\n}'],
      ['{"a":1,}', '{"a":1, "s": "X"}'],
    ];
    for (const [text, expected] of cases) assert.equal(setJsonMember(text, 's', 'X'), expected, JSON.stringify(text));
  });

  it('replaces the value of a member already there, and only it', () => {
    assert.equal(setJsonMember('{"s": "old", "t": {"s": 1}}', 's', 'new'), '{"s": "new", "t": {"s": 1}}');
    assert.equal(setJsonMember('{\n  "t": 1,\n  "s": null\n}', 's', 'é"'), '{\n  "t": 1,\n  "s": "é\\""\n}');
  });

  it('is undefined for text that is not a JSON object', () => {
    for (const text of ['', '[1]', '"o-1"', '12', 'not json']) assert.equal(setJsonMember(text, 's', 'X'), undefined, text);
  });

  it('for any JSON object: the result parses as the object with the member set, and the rest is as written', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.constantFrom(0, 2, '\t'),
        fc.string(),
        fc.string(),
        (object, indent, name, value) => {
          const text = JSON.stringify(object, null, indent);
          const result = setJsonMember(text, name, value)!;
          // Against the object as the text reads back (-0 is written as 0).
          assert.deepEqual(JSON.parse(result), { ...(JSON.parse(text) as object), [name]: value });
          if (!(name in object)) assert.ok(result.startsWith(text.replace(/\s*\}$/, '')), 'the members before are untouched');
        },
      ),
      {
        numRuns: 300,
        // A counterexample found in CI (a -0 deep inside), kept as the first run; fresh seeds after it.
        examples: [[{ '': { '': { '': -0 } } }, 0, ' ', '']],
      },
    );
  });
});
