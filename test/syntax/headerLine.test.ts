// engine/syntax/headerLine.ts reads header lines by index; the regular expression it replaced is
// the reference: the same lines are headers, with the same name and value.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { headerNameEnd, headerValueEnd, headerValueStart, isHeaderLine } from '../../engine/syntax/headerLine';

const REFERENCE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*:[ \t]*(.*?)[ \t]*$/;

/** Name and value as the module gives them, or undefined for no header. */
function read(line: string): [string, string] | undefined {
  const nameEnd = headerNameEnd(line);
  if (nameEnd === -1) return undefined;
  const start = headerValueStart(line, nameEnd);
  return [line.slice(0, nameEnd), line.slice(start, headerValueEnd(line, start))];
}

describe('syntax/headerLine: header lines read by index', () => {
  it('agrees with the regular expression it replaced (property)', () => {
    // Characters that matter to a header line, and a few that must not pass for token characters.
    const char = fc.constantFrom(...'aZ09-_!~.:  \t\t\r\n\u2028\u2029é"(),;/{}@x'.split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 24 }), (chars) => {
        const line = chars.join('');
        const m = REFERENCE.exec(line);
        assert.deepEqual(read(line), m ? [m[1], m[2]] : undefined, JSON.stringify(line));
        assert.equal(isHeaderLine(line), m !== null);
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the lines a request file has', () => {
    assert.deepEqual(read('Content-Type: application/json'), ['Content-Type', 'application/json']);
    assert.deepEqual(read('X-Request-Id:{{$uuid}}'), ['X-Request-Id', '{{$uuid}}']);
    assert.deepEqual(read('Accept :  */*  '), ['Accept', '*/*']);
    assert.deepEqual(read('Empty:'), ['Empty', '']);
    assert.equal(read('GET https://example.com/'), undefined);
    assert.equal(read(': no name'), undefined);
    assert.equal(read('Naïve: no'), undefined);
  });
});
