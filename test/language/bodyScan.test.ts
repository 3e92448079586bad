// The body model read from the text of a valid body (bodyScan.ts) equals the one built from the
// jsonc-parser tree, for generated bodies with templates in every place they can stand.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bodyModel, bodyModelFromTree } from '../../engine/language/body';
import { tryScanBodyModel } from '../../engine/language/bodyScan';
import { parseHttpFile } from '../../engine/syntax/parser';
import type { RequestBlock } from '../../engine/syntax/types';

const space = fc.constantFrom('', ' ', '  ', '\n  ', '\r\n\t', '\n');
const key = fc.constantFrom('"partnerCode"', '"fiatAmount"', '"extendInfo"', '"signature"', '"a\\"b"', '"\\u0041"', '"{{k}}"', '""', '"é"');
const scalar = fc.constantFrom(
  '"{{partnerCode}}"',
  '"text"',
  '"a\\nb"',
  '"x {{$datetime "YYYY"}} y"',
  '"{{a\\b}}"',
  '"\\\\"',
  '{{amount}}',
  '{{$randomInt 1 10}}',
  '1{{x}}',
  '100000.00',
  '-1.5e3',
  '0',
  '1e400',
  'true',
  'false',
  'null',
  '""',
);
const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('object'), tie('array')),
  object: fc
    .array(fc.tuple(space, key, space, space, tie('value'), space), { maxLength: 5 })
    .map((members) => `{${members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(',')}}`),
  array: fc.array(fc.tuple(space, tie('value')), { maxLength: 4 }).map((items) => `[${items.map(([s, v]) => s + v).join(',')}]`),
}));
const body = fc.oneof(
  value.filter((v) => v.startsWith('{') || v.startsWith('[')),
  fc.constantFrom('{{payload}}', '{ "a": 1 } ', '{"a": 1,}', '{"a" 1}', '[1, {{x}}'),
);

function requestWith(bodyText: string): RequestBlock {
  const file = parseHttpFile(`### t\nPOST {{base_url}}/api/v2/orders/create-sell-order\nContent-Type: application/json\n\n${bodyText}\n`);
  return file.requests[0];
}

describe('language/bodyScan: the body model without a tree', () => {
  it('equals the tree-built model on every generated body', () => {
    let scanned = 0;
    fc.assert(
      fc.property(body, (text) => {
        const block = requestWith(text);
        const fromTree = bodyModelFromTree(block);
        assert.deepEqual(bodyModel(block), fromTree);
        if (block.body?.validJson) {
          const model = tryScanBodyModel(block.body);
          assert.ok(model, `a valid body is read from its text: ${text}`);
          assert.deepEqual(model, fromTree);
          scanned++;
        }
      }),
      { numRuns: 400 },
    );
    assert.ok(scanned > 200, `most generated bodies are valid JSON (${scanned})`);
  });

  it('reads templates, escapes, numbers as written and nested members', () => {
    const block = requestWith(
      '{\n  "a\\"b": "x\\n{{y}}",\n  "n": 100000.00,\n  "t": {{amount}},\n  "o": { "k": [1, {"z": 2}], "q": null }\n}',
    );
    assert.ok(block.body?.validJson);
    const model = tryScanBodyModel(block.body)!;
    assert.deepEqual(
      model.fields.map((f) => [f.name, f.kind]),
      [
        ['a"b', 'string'],
        ['n', 'number'],
        ['t', 'template'],
        ['o', 'object'],
      ],
    );
    assert.equal(model.byName.get('a"b')?.value, 'x\n{{y}}');
    assert.equal(model.byName.get('a"b')?.hasTemplates, true);
    assert.equal(model.byName.get('n')?.rawText, '100000.00');
    assert.equal(model.byName.get('t')?.template?.name, 'amount');
    const t = model.byName.get('t')!;
    assert.equal(block.text.slice(t.valueSpan!.start, t.valueSpan!.end), '{{amount}}');
    assert.deepEqual(
      model.byName.get('o')?.members?.map((m) => [m.name, m.kind]),
      [
        ['k', 'array'],
        ['q', 'null'],
      ],
    );
    assert.equal(
      block.text
        .slice(model.root!.offset, model.root!.offset + model.root!.length)
        .trim()
        .endsWith('}'),
      true,
    );
  });

  it('leaves an invalid body to the tree', () => {
    const block = requestWith('{"a": 1,}');
    assert.equal(block.body?.validJson, false);
    assert.deepEqual(bodyModel(block), bodyModelFromTree(block));
  });
});
