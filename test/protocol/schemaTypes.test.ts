// Issue 22's leftover: each custom request's params were declared twice, as a TypeScript type and
// as the schema the server checks, with nothing making them agree. `request<P, R>` now takes only a
// schema of exactly `P`. The `@ts-expect-error` lines below are the proof: `tsc` (npm run build,
// npm run typecheck) fails as soon as one of these disagreements compiles, since the directive
// then has no error to expect. At run time, the schemas the builders make accept what their type
// says and refuse the rest.
import assert from 'node:assert/strict';
import { schemaBuilders as s, schemaProblem } from '../../engine/protocol';

type Nothing = Record<string, never>;

describe('request schemas and their params type agree (issue 22)', () => {
  const agreeing = {
    plain: s.request<{ a: string }, Nothing>('t/plain', s.obj({ a: s.str })),
    optional: s.request<{ a: string; b?: number }, Nothing>('t/optional', s.obj({ a: s.str, b: s.opt(s.int(0)) })),
    nested: s.request<{ at: { line: number } }, Nothing>('t/nested', s.obj({ at: s.obj({ line: s.int(0) }) })),
    choice: s.request<{ l: 'x' | 'y'; t?: string | number }, Nothing>(
      't/choice',
      s.obj({ l: s.oneOf(['x', 'y']), t: s.opt(s.either(s.str, s.int())) }),
    ),
  };

  it('disagreeing declarations do not compile (checked by tsc, see the directives)', () => {
    const wrong = [
      // @ts-expect-error a field of another type
      s.request<{ a: string }, Nothing>('t/type', s.obj({ a: s.num })),
      // @ts-expect-error a field the schema lacks
      s.request<{ a: string; b: string }, Nothing>('t/missing', s.obj({ a: s.str })),
      // @ts-expect-error a field only the schema has
      s.request<{ a: string }, Nothing>('t/extra', s.obj({ a: s.str, b: s.str })),
      // @ts-expect-error optional in the type, required in the schema
      s.request<{ a?: string }, Nothing>('t/opt', s.obj({ a: s.str })),
      // @ts-expect-error required in the type, optional in the schema
      s.request<{ a: string }, Nothing>('t/req', s.obj({ a: s.opt(s.str) })),
      // @ts-expect-error an enum narrower than the type
      s.request<{ l: 'x' | 'y' }, Nothing>('t/enum', s.obj({ l: s.oneOf(['x']) })),
      // @ts-expect-error a nested field of another type
      s.request<{ at: { line: string } }, Nothing>('t/deep', s.obj({ at: s.obj({ line: s.int() }) })),
    ];
    // They still build at run time (types are erased): each is a request with a schema.
    assert.equal(wrong.length, 7);
    for (const r of wrong) assert.equal(r.params.t, 'object');
  });

  it('a schema accepts the values of its type and names the field of any other', () => {
    assert.equal(schemaProblem(agreeing.plain.params, { a: 'x' }), undefined);
    assert.match(schemaProblem(agreeing.plain.params, { a: 1 })!, /params\.a must be a string, got 1/);
    assert.equal(schemaProblem(agreeing.optional.params, { a: 'x' }), undefined);
    assert.equal(schemaProblem(agreeing.optional.params, { a: 'x', b: 3 }), undefined);
    assert.match(schemaProblem(agreeing.optional.params, { a: 'x', b: -1 })!, /params\.b must be an integer >= 0/);
    assert.match(schemaProblem(agreeing.nested.params, { at: { line: '1' } })!, /params\.at\.line/);
    assert.equal(schemaProblem(agreeing.choice.params, { l: 'y', t: 2 }), undefined);
    assert.match(schemaProblem(agreeing.choice.params, { l: 'z' })!, /params\.l must be one of x, y, got "z"/);
    assert.match(schemaProblem(agreeing.choice.params, { l: 'x', t: true })!, /params\.t must be a string or an integer/);
  });
});
