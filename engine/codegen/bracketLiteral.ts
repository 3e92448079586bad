// A JSON value as a literal of a language whose arrays are `[…]` and whose objects are `{key: …}`
// (JavaScript and Python): one member per line, every string, number and key through the
// language's encoder, so the value can only be data.
import { type Code, type LanguageEncoder, join, program, space } from './encode';
import type { JsonValue } from './model';

export interface BracketSyntax {
  enc: LanguageEncoder;
  /** An object key (JavaScript may leave an identifier bare; Python quotes every key). */
  key(k: string, field: string): Code;
  null: Code;
  true: Code;
  false: Code;
  /** One level of indentation. */
  step: string;
}

export const NL = program`
`;

export function bracketLiteral(syntax: BracketSyntax, v: JsonValue, indent: string, field: string): Code {
  if (v === null) return syntax.null;
  if (typeof v === 'boolean') return v ? syntax.true : syntax.false;
  if (typeof v === 'number') return syntax.enc.num(v, field);
  if (typeof v === 'string') return syntax.enc.str(v, field);
  const inner = indent + syntax.step;
  const pad = space(inner);
  const member = (key: Code | undefined, x: JsonValue, at: string) =>
    key ? program`${pad}${key}: ${bracketLiteral(syntax, x, inner, at)},` : program`${pad}${bracketLiteral(syntax, x, inner, at)},`;
  if (Array.isArray(v))
    return v.length
      ? program`[
${join(
  v.map((x, i) => member(undefined, x, `${field}[${i}]`)),
  NL,
)}
${space(indent)}]`
      : program`[]`;
  const entries = Object.entries(v);
  if (!entries.length) return program`{}`;
  return program`{
${join(
  entries.map(([k, x]) => member(syntax.key(k, `${field}.${k}`), x, `${field}.${k}`)),
  NL,
)}
${space(indent)}}`;
}
