// The compact document model (issue 28) loses nothing: for every request file of the corpora and
// for generated files and edit sequences, the model the parser builds, read through its public
// fields and getters into plain data, equals the one the parser of before the change built
// (test/support/previousParser, a frozen copy). Plain data, because the two models are different
// objects (offsets and getters against strings and span objects) that must read the same.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import type { Node as JsonNode } from 'jsonc-parser';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { ParsedFile, RequestBlock, Span, TemplateRef } from '../../engine/syntax/types';
import { parseHttpFile as previousParse } from '../support/previousParser/parser';
import type {
  ParsedFile as PreviousFile,
  RequestBlock as PreviousBlock,
  TemplateRef as PreviousRef,
} from '../support/previousParser/types';
import { generateRequests } from '../../scripts/bench-lsp-file.mjs';

const ROOT = resolve(__dirname, '..', '..');

type AnyFile = ParsedFile | PreviousFile;
type AnyBlock = RequestBlock | PreviousBlock;

const span = (s: Span | undefined) => s && { start: s.start, end: s.end };

function ref(r: TemplateRef | PreviousRef) {
  return {
    span: span(r.span),
    expression: r.expression,
    kind: r.kind,
    name: r.name,
    args: r.args && [...r.args],
    path: r.path,
    percentEncode: r.percentEncode,
  };
}

/** A jsonc tree without its parent links, iteratively (bodies may nest thousands deep). */
function tree(root: JsonNode | undefined): unknown {
  if (!root) return undefined;
  const out: Record<string, unknown> = {};
  const stack: [JsonNode, Record<string, unknown>][] = [[root, out]];
  while (stack.length) {
    const [n, o] = stack.pop()!;
    Object.assign(o, { type: n.type, offset: n.offset, length: n.length, value: n.value, colonOffset: n.colonOffset });
    if (n.children) {
      const kids = n.children.map(() => ({}));
      o.children = kids;
      n.children.forEach((c, i) => stack.push([c, kids[i]]));
    }
  }
  return out;
}

/** Every public field of a block, read as a consumer reads it. */
export function plainBlock(b: AnyBlock): unknown {
  const body = b.body;
  return {
    start: b.start,
    text: b.text,
    separator: b.separator && { span: span(b.separator.span), title: b.separator.title, titleSpan: span(b.separator.titleSpan) },
    name: b.name,
    directives: b.directives.map((d) => ({
      name: d.name,
      value: d.value,
      span: span(d.span),
      nameSpan: span(d.nameSpan),
      valueSpan: span(d.valueSpan),
    })),
    variables: b.variables.map((v) => ({
      name: v.name,
      value: v.value,
      span: span(v.span),
      nameSpan: span(v.nameSpan),
      valueSpan: span(v.valueSpan),
    })),
    comments: b.comments.map(span),
    requestLine: b.requestLine && {
      method: b.requestLine.method,
      methodSpan: span(b.requestLine.methodSpan),
      url: b.requestLine.url,
      urlSpan: span(b.requestLine.urlSpan),
      httpVersion: b.requestLine.httpVersion,
      span: span(b.requestLine.span),
    },
    headers: b.headers.map((h) => ({
      name: h.name,
      value: h.value,
      span: span(h.span),
      nameSpan: span(h.nameSpan),
      valueSpan: span(h.valueSpan),
    })),
    body: body && {
      span: span(body.span),
      text: body.text,
      kind: body.kind,
      filePath: body.filePath && { value: body.filePath.value, span: span(body.filePath.span) },
      validJson: body.validJson,
      json: body.json && {
        root: tree(body.json.root),
        templates: [...body.json.templates].map(([k, r]) => [k, ref(r)]),
        errors: body.json.errors.map((e) => ({ span: span(e.span), message: e.message })),
      },
    },
    assertions: b.assertions.map((a) => ({
      span: span(a.span),
      text: a.text,
      subject: a.subject,
      path: a.path,
      operator: a.operator,
      expected: a.expected,
    })),
    scripts: b.scripts.map((s) => ({ phase: s.phase, kind: s.kind, source: s.source, span: span(s.span), sourceSpan: span(s.sourceSpan) })),
    outputRedirect: b.outputRedirect && {
      path: b.outputRedirect.path,
      force: b.outputRedirect.force,
      span: span(b.outputRedirect.span),
      pathSpan: span(b.outputRedirect.pathSpan),
    },
    responseRef: b.responseRef && { path: b.responseRef.path, span: span(b.responseRef.span), pathSpan: span(b.responseRef.pathSpan) },
    httpyacScripts: b.httpyacScripts?.map((s) => ({ span: span(s.span), sourceSpan: span(s.sourceSpan) })),
    savedResponse: span(b.savedResponse),
    references: b.references.map(ref),
    problems: b.problems.map((p) => ({ span: span(p.span), message: p.message, code: p.code, severity: p.severity })),
  };
}

export function plainFile(f: AnyFile): unknown {
  const blocks = f.blocks as AnyBlock[];
  return {
    text: f.text,
    blocks: blocks.map(plainBlock),
    requests: (f.requests as AnyBlock[]).map((r) => blocks.indexOf(r)),
    variables: f.variables.map((v) => ({
      name: v.name,
      value: v.value,
      span: span(v.span),
      nameSpan: span(v.nameSpan),
      valueSpan: span(v.valueSpan),
    })),
  };
}

function assertSameModel(text: string, what: string): void {
  const parsed = parseHttpFile(text);
  assert.deepStrictEqual(plainFile(parsed), plainFile(previousParse(text)), what);
  assertLengths(parsed, what);
}

/** `length`, which the previous model did not have, is the text's (readers use it instead of making the text). */
function assertLengths(file: ParsedFile, what: string): void {
  for (const b of file.blocks) assert.equal(b.length, b.text.length, `${what}: block at ${b.start}`);
}

/** Request files of the repository: fixtures (peers included) and examples. */
export function requestFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...requestFiles(rel));
    else if (name.endsWith('.http')) out.push(rel);
  }
  return out;
}

/** The ```http examples of the README and docs/*.md. */
function documentedExamples(): [string, string][] {
  const out: [string, string][] = [];
  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((n) => n.endsWith('.md'))
      .map((n) => `docs/${n}`),
  ];
  for (const page of pages) {
    const md = readFileSync(join(ROOT, page), 'utf8');
    let k = 0;
    for (const m of md.matchAll(/^```http\r?\n([\s\S]*?)^```/gm)) out.push([`${page} example ${++k}`, m[1]]);
  }
  return out;
}

// Text made of the pieces the parser reacts to, peers' forms included, so random files reach its branches.
const piece = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '###',
      '### title\n',
      '### Pay merchant 7\n',
      '\n',
      '\r\n',
      '\r',
      '\t',
      ' ',
      '#',
      '//',
      '# a comment\n',
      '# @name q\n',
      '// @note x = y\n',
      '@v = {{w}}\n',
      '@base_url = https://x.test\n',
      '@',
      '=',
      'GET ',
      'POST ',
      'post ',
      'GRAPHQL ',
      'https://x.test/p',
      '{{base_url}}/api/v2/orders/create-sell-order HTTP/1.1\n',
      '  ?a=1\n',
      '&b={{v}}\n',
      '{{',
      '}}',
      '{{base_url}}',
      '{{$uuid}}',
      '{{$randomInt 1 9}}',
      '{{%v}}',
      '{{q.response.body.$.a}}',
      'Content-Type: application/json\n',
      'X-Id: {{$uuid}}\n',
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
      '{"a": {{v}}, "b": "{{w}}"}\n',
      '"k": [1, {"x": null}],\n',
      '?? status == 201\n',
      '?? body data.status exists\n',
      '< ./f.json\n',
      '< {% request.variables.set("a", 1) %}\n',
      '> {% client.log(response.status) %}\n',
      '> ./handler.js\n',
      '>> ./out.json\n',
      '>>! ./out.json\n',
      '<> ./previous.200.json\n',
      '{{\nexports.a = 1;\n}}\n',
      'HTTP/1.1 200 OK\n',
      'import ./other.http\n',
      'run #q\n',
      '/*',
      '*/',
      '%}',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: 'binary' }) },
);
const httpish = fc.array(piece, { maxLength: 80 }).map((p) => p.join(''));
const edit = fc.record({ at: fc.nat(), remove: fc.nat({ max: 12 }), insert: fc.oneof(piece, fc.constant('')) });

describe('syntax/parser: the compact model equals the previous parser’s', () => {
  it('on every request file of the fixtures and examples', () => {
    const files = [...requestFiles('test/fixtures'), ...requestFiles('examples')];
    assert.ok(files.length > 40, `found ${files.length} request files`);
    assert.ok(
      files.some((f) => f.startsWith('test/fixtures/peers/')),
      'the peers’ corpus is included',
    );
    for (const f of files) assertSameModel(readFileSync(join(ROOT, f), 'utf8'), f);
  });

  it('on the ```http examples of the README and docs', () => {
    const examples = documentedExamples();
    assert.ok(examples.length >= 4, `found ${examples.length} examples`);
    for (const [what, text] of examples) assertSameModel(text, what);
  });

  it('on the benchmark’s generated 5,000-request file', () => {
    assertSameModel(generateRequests(5000), 'bench file');
  });

  it('on generated files', () => {
    fc.assert(
      fc.property(fc.oneof(httpish, fc.string({ unit: 'binary', maxLength: 200 })), (text) => assertSameModel(text, 'generated')),
      { numRuns: 1500 },
    );
  });

  it('after random edit sequences (the incremental path, blocks reused)', () => {
    const seeds = fc.oneof(
      httpish,
      fc.constant(generateRequests(8)),
      fc.constant(
        readFileSync(
          join(
            ROOT,
            'examples',
            readdirSync(join(ROOT, 'examples')).find((n) => n.endsWith('.http'))!,
          ),
          'utf8',
        ),
      ),
    );
    fc.assert(
      fc.property(seeds, fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
        let text = start;
        let now = parseHttpFile(text);
        let before = previousParse(text);
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          text = text.slice(0, at) + e.insert + text.slice(at + e.remove);
          now = parseHttpFile(text, now);
          before = previousParse(text, before);
          // Read before the next parse: a parse moves the blocks it reuses.
          assert.deepStrictEqual(plainFile(now), plainFile(before), `after an edit at ${at}`);
          assertLengths(now, `after an edit at ${at}`);
        }
      }),
      { numRuns: 400 },
    );
  });
});
