import assert from 'node:assert/strict';
import { SYSTEM_VARIABLES, classifyTemplate, scanTemplates, splitArgs } from '../../engine/syntax/templates';
import type { TemplateRef } from '../../engine/syntax/types';

/** A reference's fields as plain data (the parser's references make their span when read). */
function plain(r: TemplateRef): object {
  return { span: r.span, expression: r.expression, kind: r.kind, name: r.name, ...(r.args ? { args: [...r.args] } : {}) };
}

describe('syntax/templates', () => {
  const span = { start: 0, end: 0 };

  it('classifies variables, system variables and request references', () => {
    assert.deepEqual(plain(classifyTemplate(' partnerCode ', span)), {
      span,
      expression: 'partnerCode',
      kind: 'variable',
      name: 'partnerCode',
    });
    assert.deepEqual(plain(classifyTemplate('$randomInt 1 100', span)), {
      span,
      expression: '$randomInt 1 100',
      kind: 'system',
      name: '$randomInt',
      args: ['1', '100'],
    });
    assert.deepEqual(classifyTemplate('$processEnv PAYOUT_KEY', span).args, ['PAYOUT_KEY']);
    const r = classifyTemplate('quote.response.body.$.data.fiatAmount', span);
    assert.equal(r.kind, 'request');
    assert.equal(r.name, 'quote');
    assert.equal(r.path, 'response.body.$.data.fiatAmount');
    assert.equal(classifyTemplate('login.response.headers.X-Token', span).path, 'response.headers.X-Token');
  });

  it('splits arguments, keeping quoted ones whole', () => {
    assert.deepEqual(splitArgs('"DD MM YYYY" -1 d'), ['DD MM YYYY', '-1', 'd']);
    assert.deepEqual(splitArgs("'a b' c"), ['a b', 'c']);
  });

  it('scans templates with spans, and reports unterminated ones without swallowing lines', () => {
    const text = 'a {{x}} b {{ $uuid }}\n{{open\n{{y}}';
    const { refs, problems } = scanTemplates(text, 0, text.length, 10);
    assert.deepEqual(
      refs.map((r) => [r.name, text.slice(r.span.start - 10, r.span.end - 10)]),
      [
        ['x', '{{x}}'],
        ['$uuid', '{{ $uuid }}'],
        ['y', '{{y}}'],
      ],
    );
    assert.equal(problems.length, 1);
    assert.equal(problems[0].code, 'syntax/unterminated-template');
    assert.equal(text.slice(problems[0].span.start - 10, problems[0].span.end - 10), '{{open');
  });

  it('treats `{{a {{b}}` as an unterminated `{{` then a template', () => {
    const { refs, problems } = scanTemplates('{{a {{b}}');
    assert.deepEqual(
      refs.map((r) => r.name),
      ['b'],
    );
    assert.equal(problems[0].span.end, 4);
  });

  it('documents every system variable with its usage', () => {
    for (const [name, info] of Object.entries(SYSTEM_VARIABLES)) {
      assert.ok(info.usage.startsWith(`{{${name}`), name);
      assert.ok(info.description.length > 10, name);
    }
  });
});

const span0 = { start: 0, end: 0 };

describe('syntax/templates: which references are accepted', () => {
  const check = (expression: string) => {
    const { refs, problems } = scanTemplates(`{{${expression}}}`);
    assert.equal(refs.length, 1, expression);
    return problems.map((p) => [p.code, p.severity]);
  };

  it('accepts variables, known system variables and the request references the resolver reads', () => {
    for (const e of [
      'partnerCode',
      '_private',
      'user.email',
      'a-b',
      '$uuid',
      '$random.uuid',
      '$randomInt 1 9',
      '$datetime "YYYY-MM-DD" -1 d',
      'quote.response.body',
      'quote.response.body.*',
      'quote.response.body.$',
      'quote.response.body.$.data.fiatAmount',
      'quote.response.headers.X-Trace-Id',
      'my-quote.response.body.$.data',
      'quote.request.body.$.x',
    ]) {
      assert.deepEqual(check(e), [], e);
    }
  });

  it('says what is wrong with the others, as an error only for an empty `{{}}`', () => {
    for (const [e, code] of [
      ['', 'syntax/empty-template'],
      ['   ', 'syntax/empty-template'],
      ['$nope', 'syntax/unknown-system-variable'],
      ['$', 'syntax/unknown-system-variable'],
      ['quote.response', 'syntax/invalid-request-reference'],
      ['quote.response.cookies.x', 'syntax/invalid-request-reference'],
      ['quote.response.headers.', 'syntax/invalid-request-reference'],
      ['quote.response.status', 'syntax/invalid-request-reference'],
      ['a + b', 'syntax/unsupported-template'],
      ['1abc', 'syntax/unsupported-template'],
      ['a b', 'syntax/unsupported-template'],
    ] as const) {
      assert.deepEqual(check(e), [[code, code === 'syntax/empty-template' ? 'error' : 'warning']], JSON.stringify(e));
    }
  });

  it('names the reference and the fix in each message', () => {
    const message = (e: string) => scanTemplates(`{{${e}}}`).problems[0].message;
    assert.match(message('$nope'), /^Unknown system variable `\$nope`: use one of \$uuid, \$guid, \$random\.uuid, \$timestamp, /);
    assert.equal(
      message('q.response.bogus'),
      '`{{q.response.bogus}}` is not a request reference this tool understands: write `{{q.response.body.$.data.field}}`, `{{q.response.body.*}}` or `{{q.response.headers.Header-Name}}`.',
    );
    assert.match(message('a + b'), /^`\{\{a \+ b\}\}` is not a variable name: /);
  });

  it('classifies a system variable without arguments, and a request name with a dash', () => {
    assert.deepEqual(plain(classifyTemplate('$uuid', span0)), {
      span: span0,
      expression: '$uuid',
      kind: 'system',
      name: '$uuid',
      args: [],
    });
    const r = classifyTemplate('my-quote.response.body.*', span0);
    assert.deepEqual([r.kind, r.name, r.path], ['request', 'my-quote', 'response.body.*']);
    assert.equal(classifyTemplate('1quote.response.body', span0).kind, 'variable');
    assert.equal(classifyTemplate('quote.responses', span0).kind, 'variable');
  });
});

describe('syntax/templates: scanning a region', () => {
  it('finds only the templates that start and end inside [from, to)', () => {
    const text = '{{a}} {{b}} {{c}}';
    const { refs, problems } = scanTemplates(text, 6, 11);
    assert.deepEqual(
      refs.map((r) => r.name),
      ['b'],
    );
    assert.deepEqual(problems, []);
    // A `{{` whose second brace is past the region is not a template of the region.
    assert.deepEqual(scanTemplates('ab{{c}}', 0, 3), { refs: [], problems: [] });
    // A template cut by the end of the region is unterminated there.
    const cut = scanTemplates('x {{abc}}', 0, 6);
    assert.deepEqual(cut.refs, []);
    assert.deepEqual(
      cut.problems.map((p) => [p.code, p.span]),
      [['syntax/unterminated-template', { start: 2, end: 6 }]],
    );
  });

  it('ends an unterminated `{{` at a CR, a CRLF or an LF, and goes on on the next line', () => {
    for (const eol of ['\r', '\r\n', '\n']) {
      const text = `A: {{open${eol}B: {{b}}`;
      const { refs, problems } = scanTemplates(text);
      assert.deepEqual(
        problems.map((p) => text.slice(p.span.start, p.span.end)),
        ['{{open'],
        JSON.stringify(eol),
      );
      assert.deepEqual(
        refs.map((r) => r.name),
        ['b'],
      );
    }
  });

  it('reports each unterminated `{{` of a line once, up to the next `{{`', () => {
    const text = '{{a {{b {{c}}';
    const { refs, problems } = scanTemplates(text);
    assert.deepEqual(
      problems.map((p) => text.slice(p.span.start, p.span.end)),
      ['{{a ', '{{b '],
    );
    assert.deepEqual(
      refs.map((r) => r.name),
      ['c'],
    );
  });

  it('appends to the lists it is given, spans shifted by `base`', () => {
    const refs = [classifyTemplate('first', span0)];
    const problems = scanTemplates('{{x}}', 0, 5, 100, refs).problems;
    assert.deepEqual(
      refs.map((r) => [r.name, r.span]),
      [
        ['first', span0],
        ['x', { start: 100, end: 105 }],
      ],
    );
    assert.deepEqual(problems, []);
  });
});

// The gaps the `syntax` mutation run found in scanTemplates (issue 17).
describe('syntax/templates: unterminated and stray braces', () => {
  it('a `{{` never closed in the rest of the text ends at the end of its line, with the fix in the message', () => {
    for (const text of ['x {{open', 'x {{open\nnext', 'x {{open\n}}']) {
      const { refs, problems } = scanTemplates(text);
      assert.deepEqual(refs, [], text);
      assert.deepEqual(
        problems.map((p) => [p.code, p.severity, text.slice(p.span.start, p.span.end), p.message]),
        [
          [
            'syntax/unterminated-template',
            'error',
            '{{open',
            '`{{` is not closed on this line: add `}}` after the name, e.g. `{{partnerCode}}`.',
          ],
        ],
        text,
      );
    }
  });

  it('a `}}` before a `{{` does not close it', () => {
    const { refs, problems } = scanTemplates('}}{{x}}');
    assert.deepEqual(
      refs.map((r) => [r.name, r.span]),
      [['x', { start: 2, end: 7 }]],
    );
    assert.deepEqual(problems, []);
  });

  it('an empty `{{}}` says to write a name or remove the braces', () => {
    assert.equal(
      scanTemplates('{{}}').problems[0].message,
      'Empty `{{}}`: write a variable name inside, e.g. `{{partnerCode}}`, or remove the braces.',
    );
  });
});
