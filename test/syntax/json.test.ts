import assert from 'node:assert/strict';
import {
  decodeJsonString,
  findNodeAtOffset,
  maskTemplates,
  nodePath,
  nodeValue,
  parseJsonBody,
  propertyNode,
  propertyValue,
  splitPath,
} from '../../engine/syntax/json';

describe('syntax/json: template-aware JSON', () => {
  const body = '{\n  "partnerCode": "{{partnerCode}}",\n  "fiatAmount": {{amount}},\n  "nested": {"list": [1, {{x}}, "a"]}\n}';

  it('masks unquoted templates with a same-length number and leaves strings alone', () => {
    const { masked, templates, misplaced } = maskTemplates(body, 0, body.length);
    assert.equal(masked.length, body.length);
    assert.ok(masked.includes('"{{partnerCode}}"'));
    assert.ok(masked.includes('"fiatAmount": 1000000000,'));
    assert.equal(templates.size, 2);
    assert.deepEqual(misplaced, []);
    assert.deepEqual(JSON.parse(masked).fiatAmount, 1000000000);
  });

  it('parses with offsets shifted by base and lists template nodes', () => {
    const base = 100;
    const r = parseJsonBody(body, 0, body.length, base);
    assert.deepEqual(r.errors, []);
    const amount = propertyValue(r.root, 'fiatAmount')!;
    assert.equal(amount.offset, base + body.indexOf('{{amount}}'));
    assert.equal(amount.length, '{{amount}}'.length);
    assert.equal(r.templates.get(amount.offset)?.name, 'amount');
    const x = propertyValue(r.root, 'nested.list[1]')!;
    assert.equal(r.templates.get(x.offset)?.name, 'x');
    assert.equal(propertyValue(r.root, 'nested.list.2')?.value, 'a');
    assert.equal(propertyValue(r.root, '$.nested.list[0]')?.value, 1);
    assert.equal(propertyValue(r.root, 'nested.missing'), undefined);
    assert.equal(propertyNode(r.root, 'partnerCode')?.type, 'property');
  });

  it('finds the node at an offset and its path', () => {
    const r = parseJsonBody(body, 0, body.length, 0);
    const node = findNodeAtOffset(r.root, body.indexOf('"a"') + 1)!;
    assert.equal(node.value, 'a');
    assert.deepEqual(nodePath(node), ['nested', 'list', 2]);
    assert.equal(findNodeAtOffset(undefined, 3), undefined);
  });

  it('gives JavaScript values with templates as their literal text', () => {
    const r = parseJsonBody(body, 0, body.length, 0);
    assert.deepEqual(nodeValue(r.root!, body, r.templates), {
      partnerCode: '{{partnerCode}}',
      fiatAmount: '{{amount}}',
      nested: { list: [1, '{{x}}', 'a'] },
    });
  });

  it('reports errors with fixes and the comments it found', () => {
    const t = '{"a": 1, // note\n "b": }';
    const r = parseJsonBody(t, 0, t.length, 0);
    assert.equal(r.comments.length, 1);
    assert.equal(t.slice(r.comments[0].start, r.comments[0].end), '// note');
    assert.equal(r.errors.length, 1);
    assert.match(r.errors[0].message, /Value expected/);
  });

  it('splits paths and decodes strings', () => {
    assert.deepEqual(splitPath('$.data.items[0]["a.b"].c'), ['data', 'items', 0, 'a.b', 'c']);
    assert.equal(decodeJsonString('"a\\nb\\"c"'), 'a\nb"c');
    assert.equal(decodeJsonString('"cut'), 'cut');
    assert.equal(decodeJsonString('"ends in backslash\\\\"'), 'ends in backslash\\');
  });
});
