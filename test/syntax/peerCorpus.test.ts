// The corpus of request files written for REST Client, httpYac, JetBrains and kulala
// (test/fixtures/peers, origins and licences in its README): for every request, the facts its own
// tool reads (method, target, name, header names, body or not, scripts) are written beside the file
// as JSON, and the parser must agree on each; and `lint` (lintText, the rules of the CLI's
// `payout-http lint`) must report no error on any of the files, all valid for their tool.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintText } from '../../engine/language';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { RequestBlock } from '../../engine/syntax/types';
import { assertSpansInside, assertTiles } from './helpers';

const ROOT = join(__dirname, '..', 'fixtures', 'peers');

interface Facts {
  method: string;
  target: string;
  name: string | null;
  headers: string[];
  body: boolean;
  /** `pre:inline`, `post:file`, … in file order. */
  scripts: string[];
}

const files = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(ROOT, d.name))
      .filter((f) => f.endsWith('.http'))
      .map((f) => join(d.name, f)),
  )
  .sort();

function factsOf(b: RequestBlock): Facts {
  return {
    method: b.requestLine!.method,
    target: b.requestLine!.url,
    name: b.name ?? null,
    headers: b.headers.map((h) => h.name),
    body: b.body !== undefined,
    scripts: b.scripts.map((s) => `${s.phase}:${s.kind}`),
  };
}

describe('syntax/peers: the corpus of files from REST Client, httpYac, JetBrains and kulala', () => {
  it('holds files of all four tools, 100 requests or more', () => {
    const tools = new Set<string>();
    let requests = 0;
    for (const f of files) {
      const expected = JSON.parse(readFileSync(join(ROOT, f.replace(/\.http$/, '.json')), 'utf8')) as { tool: string; requests: Facts[] };
      tools.add(expected.tool);
      requests += expected.requests.length;
    }
    assert.deepEqual([...tools].sort(), ['JetBrains', 'REST Client', 'httpYac', 'kulala']);
    assert.ok(requests >= 100, `${requests} requests`);
  });

  for (const f of files) {
    it(`${f}: the parser reads each request as its tool does`, () => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      const expected = JSON.parse(readFileSync(join(ROOT, f.replace(/\.http$/, '.json')), 'utf8')) as { requests: Facts[] };
      const parsed = parseHttpFile(text);
      assertTiles(parsed);
      parsed.blocks.forEach(assertSpansInside);
      assert.deepEqual(parsed.requests.map(factsOf), expected.requests);
      // The same, parsed incrementally from an empty file and from a one-character edit.
      const again = parseHttpFile(text, parseHttpFile(text.replace(/\n/, '\n\n')));
      assert.deepEqual(again.requests.map(factsOf), expected.requests);
    });

    it(`${f}: lint reports no error`, () => {
      const errors = lintText(readFileSync(join(ROOT, f), 'utf8'), { fileDir: join(ROOT, f, '..'), loadEnvironment: () => ({}) }).filter(
        (d) => d.severity === 'error',
      );
      assert.deepEqual(
        errors.map((d) => `${d.range.start.line + 1}: ${d.code} ${d.message}`),
        [],
      );
    });
  }
});
