// The TextMate grammar as VS Code runs it: vscode-textmate with the Oniguruma regex engine
// (vscode-oniguruma's WASM), the JSON grammar from tm-grammars for the embedded body, and the
// template injection as package.json contributes it. Real example files are tokenized and the
// scopes at given places asserted, so a pattern that compiles but matches the wrong text fails.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

const root = path.join(__dirname, '..', '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));
const GRAMMARS: Record<string, string> = {
  'source.payout-http': path.join(root, 'syntaxes/payout-http.tmLanguage.json'),
  'payout-http.json-template.injection': path.join(root, 'syntaxes/payout-http.injection.tmLanguage.json'),
  'source.json': require.resolve('tm-grammars/grammars/json.json'),
  'source.js': require.resolve('tm-grammars/grammars/javascript.json'),
};

async function loadGrammar(): Promise<vsctm.IGrammar> {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const manifest = readJson(path.join(root, 'package.json'));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: (scopeName) => {
      const file = GRAMMARS[scopeName];
      return Promise.resolve(file ? vsctm.parseRawGrammar(fs.readFileSync(file, 'utf8'), file) : null);
    },
    // As VS Code does from `contributes.grammars[].injectTo`.
    getInjections: (scopeName) =>
      manifest.contributes.grammars
        .filter((g: { injectTo?: string[] }) => g.injectTo?.includes(scopeName))
        .map((g: { scopeName: string }) => g.scopeName),
  });
  const grammar = await registry.loadGrammar('source.payout-http');
  assert.ok(grammar, 'the grammar loads');
  return grammar;
}

interface Token {
  line: number;
  text: string;
  scopes: string[];
}

function tokenize(grammar: vsctm.IGrammar, text: string): Token[] {
  const out: Token[] = [];
  let state = vsctm.INITIAL;
  text.split(/\r?\n/).forEach((line, i) => {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) out.push({ line: i, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    state = r.ruleStack;
  });
  return out;
}

/** The scopes of the first token whose text is `text` on the first line containing `lineHas` (after `fromLine`). */
function scopesAt(tokens: Token[], source: string, lineHas: string, text: string, fromLine = 0): string[] {
  const lines = source.split(/\r?\n/);
  const line = lines.findIndex((l, i) => i >= fromLine && l.includes(lineHas));
  assert.ok(line !== -1, `no line with ${lineHas}`);
  const token = tokens.find((t) => t.line === line && t.text === text);
  assert.ok(token, `no token "${text}" on line ${line + 1} (${JSON.stringify(tokens.filter((t) => t.line === line).map((t) => t.text))})`);
  return token.scopes;
}

const example = (name: string) => fs.readFileSync(path.join(root, 'examples', name), 'utf8');

describe('TextMate grammar, tokenized with vscode-textmate + Oniguruma', () => {
  let grammar: vsctm.IGrammar;
  before(async () => {
    grammar = await loadGrammar();
  });

  it('examples/quickstart.payout.http: separator, title, directive, method, URL template, header, assertion', () => {
    const src = example('quickstart.payout.http');
    const tokens = tokenize(grammar, src);
    const has = (lineHas: string, text: string, scope: string) => {
      const scopes = scopesAt(tokens, src, lineHas, text);
      assert.ok(scopes.includes(scope), `"${text}" on "${lineHas}": ${scopes.join(' ')} lacks ${scope}`);
    };
    has('### Check the partner account', '###', 'punctuation.separator.request.payout-http');
    has(
      '### Check the partner account',
      ' Check the partner account (changes nothing; a health check)',
      'entity.name.section.request-title.payout-http',
    );
    has('# @name account', 'name', 'keyword.other.directive.payout-http');
    has('# @name account', 'account', 'string.unquoted.directive-value.payout-http');
    has('POST {{base_url}}/api/v2/account/verify', 'POST', 'keyword.control.http-method.payout-http');
    has('POST {{base_url}}/api/v2/account/verify', 'base_url', 'variable.other.readwrite.payout-http');
    has('POST {{base_url}}/api/v2/account/verify', '/api/v2/account/verify', 'string.unquoted.url.payout-http');
    has('Content-Type: application/json', 'Content-Type', 'entity.name.tag.header.payout-http');
    has('Content-Type: application/json', 'application/json', 'string.unquoted.header-value.payout-http');
    has('?? body success == true', '??', 'keyword.operator.assertion.payout-http');
    has('?? body success == true', 'body', 'variable.other.assertion-subject.payout-http');
    has('?? body success == true', '==', 'keyword.operator.comparison.payout-http');
    has('# Quick start', '# Quick start: four requests that answer at once, with nothing configured.', 'comment.line.payout-http');
  });

  it('the JSON body is embedded JSON, with templates inside strings highlighted as templates', () => {
    const src = example('quickstart.payout.http');
    const tokens = tokenize(grammar, src);
    const key = scopesAt(tokens, src, '"partnerCode": "{{partnerCode}}"', 'partnerCode');
    assert.ok(key.includes('meta.embedded.block.json'), key.join(' '));
    assert.ok(
      key.some((s) => s.startsWith('support.type.property-name.json')),
      key.join(' '),
    );
    const templated = tokens.filter((t) => t.line === src.split('\n').findIndex((l) => l.includes('"partnerCode": "{{partnerCode}}"')));
    const inner = templated.filter((t) => t.text === 'partnerCode').pop()!;
    assert.ok(inner.scopes.includes('meta.template.expression.payout-http'), inner.scopes.join(' '));
    assert.ok(inner.scopes.includes('meta.embedded.block.json'), inner.scopes.join(' '));
    const string = scopesAt(tokens, src, '"currency": "USDT"', 'USDT');
    assert.ok(
      string.some((s) => s.startsWith('string.quoted.double.json')),
      string.join(' '),
    );
  });

  it('scripts of the peers are embedded JavaScript, and end a JSON body; `>>`, `<>`, kulala and httpYac forms have their own scopes', () => {
    const src = [
      'import ./shared.http',
      '### Login',
      '< {%',
      '  request.variables.set("nonce", "n1");',
      '%}',
      'PROPFIND https://x.test/dav',
      'Content-Type: application/json',
      '',
      '{"a": 1}',
      '',
      '> {%',
      '  client.global.set("token", response.body.token);',
      '%}',
      '>>! ./out.json',
      '<> previous-response.200.json',
      '### Next',
      '{{',
      '  exports.x = 1;',
      '}}',
      '/* a comment',
      '   GET https://not.a/request */',
      'GRAPHQL https://x.test/graphql',
      '',
      '> ./handler.js',
    ].join('\n');
    const tokens = tokenize(grammar, src);
    const has = (lineHas: string, text: string, scope: string, fromLine = 0) => {
      const scopes = scopesAt(tokens, src, lineHas, text, fromLine);
      assert.ok(scopes.includes(scope), `"${text}" on "${lineHas}": ${scopes.join(' ')} lacks ${scope}`);
      return scopes;
    };
    has('import ./shared.http', 'import', 'keyword.control.import.payout-http');
    has('request.variables.set', 'request', 'meta.embedded.block.javascript');
    has('request.variables.set', '"', 'string.quoted.double.js');
    has('PROPFIND', 'PROPFIND', 'keyword.control.http-method.payout-http');
    has('{"a": 1}', 'a', 'meta.embedded.block.json');
    // The handler after the JSON body is JavaScript, not JSON.
    const set = has('client.global.set', 'client', 'meta.embedded.block.javascript');
    assert.ok(!set.includes('meta.embedded.block.json'), set.join(' '));
    has('> {%', '{%', 'punctuation.definition.script.begin.payout-http', 9);
    has('>>! ./out.json', '>>!', 'keyword.operator.output-redirect.payout-http');
    has('>>! ./out.json', './out.json', 'string.unquoted.file-path.payout-http');
    has('<> previous-response', '<>', 'keyword.operator.response-ref.payout-http');
    has('exports.x = 1;', 'exports', 'meta.embedded.block.javascript');
    has('GET https://not.a/request', '   GET https://not.a/request ', 'comment.block.payout-http');
    has('GRAPHQL', 'GRAPHQL', 'keyword.control.http-method.payout-http');
    has('> ./handler.js', './handler.js', 'string.unquoted.script-path.payout-http');
  });

  it('an unquoted template as a JSON value, and a request reference', () => {
    const src =
      '### Pay\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n{\n  "fiatAmount": {{quote.response.body.$.data.fiatAmount}},\n  "externalOrderId": "{{$uuid}}"\n}\n';
    const tokens = tokenize(grammar, src);
    const name = scopesAt(tokens, src, '"fiatAmount"', 'quote');
    assert.ok(name.includes('variable.other.request-name.payout-http'), name.join(' '));
    assert.ok(scopesAt(tokens, src, '"fiatAmount"', 'response').includes('keyword.other.reference.payout-http'));
    assert.ok(scopesAt(tokens, src, '"externalOrderId"', '$uuid').includes('support.function.system-variable.payout-http'));
  });

  it('`###` in the middle of a line is not a separator; the JSON body goes on after it', () => {
    const src =
      '### Pay\nPOST {{base_url}}/x\nContent-Type: application/json\n\n{\n  "content": "Coffee ### Tea",\n  "currency": "USDT"\n}\n### Next\nGET {{base_url}}/y\n';
    const tokens = tokenize(grammar, src);
    const line = tokens.filter((t) => t.line === 5);
    assert.ok(
      line.every((t) => !t.scopes.includes('punctuation.separator.request.payout-http')),
      JSON.stringify(line),
    );
    assert.ok(line.every((t) => t.scopes.includes('meta.embedded.block.json')));
    assert.ok(scopesAt(tokens, src, '"currency"', 'currency').includes('meta.embedded.block.json'));
    // The next `###` at the start of a line ends the body and starts a request.
    assert.ok(scopesAt(tokens, src, '### Next', '###').includes('punctuation.separator.request.payout-http'));
    assert.ok(!scopesAt(tokens, src, '### Next', '###').includes('meta.embedded.block.json'));
    assert.ok(scopesAt(tokens, src, 'GET {{base_url}}/y', 'GET').includes('keyword.control.http-method.payout-http'));
    // Nor in a text body, where no JSON string shields it.
    const text = '### Note\nPOST {{base_url}}/x\nContent-Type: text/plain\n\nCoffee ### Tea\nGET is not a request here\n';
    const textTokens = tokenize(grammar, text);
    assert.ok(
      textTokens.filter((t) => t.line === 4).every((t) => !t.scopes.includes('punctuation.separator.request.payout-http')),
      JSON.stringify(textTokens.filter((t) => t.line === 4)),
    );
    assert.ok(textTokens.filter((t) => t.line === 5).every((t) => !t.scopes.includes('keyword.control.http-method.payout-http')));
  });

  it('every example file tokenizes, and every request line of it gets the method scope', () => {
    for (const name of fs.readdirSync(path.join(root, 'examples')).filter((f) => f.endsWith('.payout.http'))) {
      const src = example(name);
      const tokens = tokenize(grammar, src);
      const lines = src.split(/\r?\n/);
      let requests = 0;
      lines.forEach((l, i) => {
        const m = /^(GET|POST|PUT|PATCH|DELETE) \S+$/.exec(l);
        if (!m) return;
        requests++;
        const t = tokens.find((x) => x.line === i && x.text === m[1]);
        assert.ok(t?.scopes.includes('keyword.control.http-method.payout-http'), `${name}:${i + 1} ${l}: ${t?.scopes.join(' ')}`);
      });
      assert.ok(requests > 0, `${name} has requests`);
    }
  });
});
