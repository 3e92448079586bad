// Setting or removing a top-level member by a minimal edit (engine/util/jsonMember.ts): what a signed
// request sends is the body as typed plus the signature, every other byte unchanged, and a captured
// body imported without its signature keeps its bytes.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { removeJsonMember, setJsonMember } from '../../engine/util/jsonMember';

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

  it('removes every member of the name with its comma, and nothing else', () => {
    const cases: [string, string][] = [
      ['{"a":1,"signature":"x","b":2}', '{"a":1,"b":2}'],
      ['{\n\t"a": 1,\n\t"signature": "x"\n}', '{\n\t"a": 1\n}'],
      ['{"signature":"x", "a":[1,2]}', '{"a":[1,2]}'],
      ['{"signature":"x"}', '{}'],
      ['{ "signature": 1, "signature": 2 }', '{  }'],
      ['{"a":1, "signature":"x", "b":{"signature":1}, "signature":"y"}', '{"a":1, "b":{"signature":1}}'],
      ['{"a":1,}', '{"a":1,}'],
    ];
    for (const [text, expected] of cases) assert.equal(removeJsonMember(text, 'signature'), expected, JSON.stringify(text));
    for (const text of ['', '[1]', 'not json']) assert.equal(removeJsonMember(text, 'signature'), undefined, text);
  });

  it('for any JSON object and any places of the name: the result parses as the object without it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(fc.string(), fc.constant('s')), fc.jsonValue())),
        fc.constantFrom(0, 2, '\t'),
        (entries, indent) => {
          // Written member by member, so a name may come twice (as a captured body may hold it).
          const pad = indent === 0 ? '' : '\n';
          const text = `{${pad}${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v, null, indent)}`).join(`,${pad}`)}${pad}}`;
          const result = removeJsonMember(text, 's')!;
          const expected = JSON.parse(text) as Record<string, unknown>;
          delete expected.s;
          assert.deepEqual(JSON.parse(result), expected);
          if (!entries.some(([k]) => k === 's')) assert.equal(result, text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
