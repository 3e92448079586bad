import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHttpFile } from '../../engine/syntax/parser';
import { LineIndex } from '../../engine/syntax/lineIndex';
import { resolveRequest } from '../../engine/syntax/resolve';
import { assertSpansInside, assertTiles } from './helpers';

// Text made of the pieces the parser reacts to, so random inputs reach every branch.
const httpish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '###',
        '### title\n',
        '\n',
        '\r\n',
        '\r',
        '\t',
        ' ',
        '#',
        '//',
        '# @name q\n',
        '@v = {{w}}\n',
        '@',
        '=',
        'GET ',
        'post ',
        'https://x.test/p',
        '{{',
        '}}',
        '{{base_url}}',
        '{{$uuid}}',
        '{{q.response.body.$.a}}',
        'Content-Type: application/json\n',
        ':',
        '{',
        '}',
        '[',
        ']',
        '"',
        '\\',
        ',',
        '0',
        'null',
        '?? status == 201\n',
        '< ./f.json\n',
        'HTTP/1.1',
        '/*',
        '*/',
      ),
      fc.string({ maxLength: 8, unit: 'binary' }),
    ),
    { maxLength: 60 },
  )
  .map((p) => p.join(''));

describe('syntax/parser: properties', () => {
  it('any string parses without throwing; blocks tile the text; every span is inside its block', () => {
    fc.assert(
      fc.property(
        fc.oneof(httpish, fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 300 })),
        (text) => {
          const file = parseHttpFile(text);
          assertTiles(file);
          for (const b of file.blocks) {
            assertSpansInside(b);
            assert.ok(!b.problems.some((p) => p.code === 'syntax/internal-error'), JSON.stringify(b.problems));
          }
          assert.deepEqual(
            file.requests,
            file.blocks.filter((b) => b.requestLine),
          );
          for (const v of file.variables) assert.equal(text.slice(v.nameSpan.start, v.nameSpan.end), v.name);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('resolving any parsed request never throws, and bodyText parses to bodyValue when all resolved', () => {
    const system = { now: () => new Date(0), uuid: () => 'u', randomInt: (a: number) => a, processEnv: () => 'p', dotenv: () => undefined };
    fc.assert(
      fc.property(httpish, (text) => {
        const file = parseHttpFile(text);
        for (const b of file.blocks) {
          const r = resolveRequest(b, {
            file,
            env: { w: '1', base_url: 'https://b' },
            system,
            response: () => ({ status: 200, headers: {}, body: { a: [1] } }),
          });
          const jsonOk = b.body?.kind === 'json' && b.body.json?.errors.length === 0 && b.problems.length === 0;
          if (jsonOk && r.unresolved.length === 0) assert.deepEqual(JSON.parse(r.bodyText!), r.bodyValue);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('LineIndex: offsetAt(positionAt(o)) === o for every offset not inside a CRLF', () => {
    fc.assert(
      fc.property(httpish, (text) => {
        const li = new LineIndex(text);
        for (let o = 0; o <= text.length; o++) {
          if (text[o - 1] === '\r' && text[o] === '\n') continue;
          assert.equal(li.offsetAt(li.positionAt(o)), o);
        }
      }),
      { numRuns: 300 },
    );
  });
});
