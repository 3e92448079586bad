import assert from 'node:assert/strict';
import { SYSTEM_VARIABLES, classifyTemplate, scanTemplates, splitArgs } from '../../engine/syntax/templates';

describe('syntax/templates', () => {
  const span = { start: 0, end: 0 };

  it('classifies variables, system variables and request references', () => {
    assert.deepEqual(classifyTemplate(' partnerCode ', span), { span, expression: 'partnerCode', kind: 'variable', name: 'partnerCode' });
    assert.deepEqual(classifyTemplate('$randomInt 1 100', span), {
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
