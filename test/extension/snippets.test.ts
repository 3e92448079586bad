// The snippets are generated from the catalogue (scripts/gen-snippets.ts): the committed file must
// be what the generator produces, and every snippet, expanded with its defaults, must be a request
// the parser reads cleanly and the catalogue matches to its endpoint.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { catalogue } from '../../engine/catalogue/index';
import * as os from 'node:os';
import * as path from 'node:path';
import { matchRequest } from '../../engine/catalogue/match';
import { lintText } from '../../engine/language/index';
import { parseHttpFile } from '../../engine/syntax/parser';
import { generateSnippets, SNIPPETS_FILE } from '../../scripts/gen-snippets';
import { expandSnippet } from './expandSnippet';

describe('snippets (generated from the catalogue)', () => {
  const snippets = JSON.parse(fs.readFileSync(SNIPPETS_FILE, 'utf8')) as Record<string, { prefix: string[]; body: string[] }>;

  it('are up to date with the catalogue (run npx tsx scripts/gen-snippets.ts)', () => {
    assert.equal(fs.readFileSync(SNIPPETS_FILE, 'utf8'), generateSnippets());
  });

  it('cover every endpoint once', () => {
    const ids = Object.keys(snippets)
      .map((k) => k.match(/\(([^)]+)\)$/)![1])
      .sort();
    assert.deepEqual(ids, catalogue.endpoints.map((e) => e.id).sort());
  });

  it('expand to a request that parses cleanly and targets its endpoint', () => {
    for (const [key, s] of Object.entries(snippets)) {
      const id = key.match(/\(([^)]+)\)$/)![1];
      const text = expandSnippet(s.body);
      assert.doesNotMatch(text, /\$\{|\$\d/, `${id}: unexpanded tab stop in\n${text}`);
      const file = parseHttpFile(text);
      assert.equal(file.requests.length, 1, `${id}: ${file.requests.length} requests in\n${text}`);
      const req = file.requests[0];
      const problems = req.problems.filter((p) => p.severity === 'error');
      assert.deepEqual(
        problems.map((p) => p.message),
        [],
        `${id}:\n${text}`,
      );
      const m = matchRequest(req.requestLine!.method, req.requestLine!.url);
      assert.equal(m.endpoint?.id, id, `${id}: the request line matches ${m.endpoint?.id ?? m.reason}`);
      if (req.body?.kind === 'json') assert.deepEqual(req.body.json!.errors, [], `${id}: JSON errors in\n${text}`);
    }
  });

  it('send every signed field, so nothing is signed as `undefined`', () => {
    for (const e of catalogue.endpoints.filter((x) => x.signedString)) {
      const s = Object.entries(snippets).find(([k]) => k.endsWith(`(${e.id})`))![1];
      const text = expandSnippet(s.body);
      for (const seg of e.signedString!.segments)
        assert.match(text, new RegExp(`"${seg.field}":`), `${e.id} lacks signed field ${seg.field}`);
    }
  });

  it('expand to requests the contract lint finds nothing wrong with', () => {
    // an empty state folder: the lint must not depend on the user's own local credentials
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'payout-http-snippets-'));
    const saved = process.env.PAYOUT_HTTP_HOME;
    process.env.PAYOUT_HTTP_HOME = home;
    try {
      for (const [key, s] of Object.entries(snippets)) {
        const findings = lintText(expandSnippet(s.body), { fileDir: home }).filter(
          (d) => d.severity === 'error' || d.severity === 'warning',
        );
        assert.deepEqual(
          findings.map((d) => `${d.code}: ${d.message}`),
          [],
          key,
        );
      }
    } finally {
      if (saved === undefined) delete process.env.PAYOUT_HTTP_HOME;
      else process.env.PAYOUT_HTTP_HOME = saved;
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
