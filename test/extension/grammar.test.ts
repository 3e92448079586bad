// The TextMate grammars: every regex compiles, every include resolves, and the scopes the
// language contribution relies on are there. (VS Code uses Oniguruma; the patterns here use only
// the subset that JavaScript shares with it, so compiling them with RegExp is a real check.)
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..');
const load = (f: string) => JSON.parse(fs.readFileSync(path.join(root, 'syntaxes', f), 'utf8'));
const grammar = load('payout-http.tmLanguage.json');
const injection = load('payout-http.injection.tmLanguage.json');

type Rule = Record<string, unknown>;
function walk(node: unknown, visit: (rule: Rule) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Rule);
    Object.values(node).forEach((v) => walk(v, visit));
  }
}

describe('TextMate grammar', () => {
  it('compiles every match/begin/end regex', () => {
    let count = 0;
    for (const g of [grammar, injection]) {
      walk(g, (r) => {
        for (const key of ['match', 'begin', 'end']) {
          if (typeof r[key] === 'string') {
            assert.doesNotThrow(() => new RegExp(r[key] as string), `${key}: ${r[key]}`);
            count++;
          }
        }
      });
    }
    assert.ok(count > 15);
  });

  it('resolves every include', () => {
    const repo = grammar.repository as Record<string, unknown>;
    walk([grammar, injection], (r) => {
      const inc = r.include;
      if (typeof inc !== 'string' || inc === 'source.json' || inc === 'source.js' || inc === '$self') return;
      const key = inc.startsWith('#') ? inc.slice(1) : inc.startsWith('source.payout-http#') ? inc.split('#')[1] : undefined;
      assert.ok(key && repo[key], `unresolved include ${inc}`);
    });
  });

  it('recognises the request line, headers, directives, assertions and templates', () => {
    const repo = grammar.repository;
    const re = (rule: { match?: string; begin?: string }) => new RegExp(rule.match ?? rule.begin!);
    assert.match('POST {{base_url}}/api/v2/account/verify', re(repo.request));
    assert.match('GET {{plant_base_url}}/plant/1 HTTP/1.1', re(repo.request));
    assert.doesNotMatch('"partnerCode": "x"', re(repo.request));
    assert.match('Content-Type: application/json', re(repo.header));
    assert.match('# @name quote', re(repo.directive));
    assert.match('// @user alice@example.com', re(repo.directive));
    assert.match('?? body data.status == AWAITING_PAYMENT', re(repo.assertion));
    assert.match('@userEmail = alice@example.com', re(repo['file-variable']));
    assert.match('### Quote a scan-to-pay order', re(repo.separator));
    assert.match('{{quote.response.body.$.data.fiatAmount}}', new RegExp(repo.template.begin));
  });

  it('embeds the JSON body as source.json and injects templates into it', () => {
    const body = grammar.repository.body.patterns[0];
    assert.equal(body.contentName, 'meta.embedded.block.json');
    assert.ok(body.patterns.some((p: Rule) => p.include === 'source.json'));
    assert.equal(injection.injectionSelector, 'L:meta.embedded.block.json -comment');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const g = pkg.contributes.grammars.find((x: Rule) => x.scopeName === 'source.payout-http');
    // Scripts (`> {% … %}`) are JavaScript, so VS Code gives them JavaScript's brackets and comments.
    assert.deepEqual(g.embeddedLanguages, { 'meta.embedded.block.json': 'json', 'meta.embedded.block.javascript': 'javascript' });
    assert.ok(
      pkg.contributes.grammars.some(
        (x: Rule) => x.scopeName === injection.scopeName && (x.injectTo as string[]).includes('source.payout-http'),
      ),
    );
  });

  it('colours the response views: a language of their own, verdicts green or red, the body as JSON', () => {
    const response = load('payout-http-response.tmLanguage.json');
    walk(response, (r) => {
      for (const key of ['match', 'begin', 'end'])
        if (typeof r[key] === 'string') assert.doesNotThrow(() => new RegExp(r[key] as string), `${key}: ${r[key]}`);
    });
    const lines: { match: string; name?: string }[] = response.repository.line.patterns;
    const scopeOf = (text: string) => lines.find((p) => new RegExp(p.match).test(text))?.name ?? '';
    assert.match(scopeOf('Signature: verified ✓'), /^markup\.inserted/);
    assert.match(scopeOf('Signature: NOT verified ✗ (signature does not match)'), /^markup\.deleted/);
    assert.match(scopeOf('Error: nothing is listening at http://127.0.0.1:9 (connection refused)'), /^markup\.deleted/);
    assert.match(scopeOf('  ✓ body errorCode == 11'), /^markup\.inserted/);
    assert.equal(response.repository.body.contentName, 'meta.embedded.block.json');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    assert.ok(pkg.contributes.languages.some((l: Rule) => l.id === 'payout-http-response'));
    assert.ok(pkg.contributes.grammars.some((g: Rule) => g.language === 'payout-http-response' && g.scopeName === response.scopeName));
    assert.equal(pkg.contributes.configurationDefaults['[payout-http-response]']['editor.wordWrap'], 'on');
  });
});
