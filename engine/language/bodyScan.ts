// The body model (body.ts) read straight from the text of a body already known to be valid JSON
// once its templates are masked (the parser checks that with the native JSON.parse), without
// building a jsonc-parser tree. Opening a 5,000-request file linted every body through a tree:
// the tree, parsed a second time after the parser's check, was a third of the open's time and
// most of its garbage. This reader allocates only the fields lint reads.
//
// It gives exactly the model the tree gives (test/language/bodyScan.test.ts compares the two on
// generated bodies): the masked text is the one the tree is built from, so offsets, templates and
// string values agree; anything it does not expect makes it give up (undefined), and the caller
// falls back to the tree.

import { maskTemplates } from '../syntax/json';
import type { Body, TemplateRef } from '../syntax/types';
import type { BodyField, BodyModel, BodyRoot } from './body';

/** The model of a valid JSON body, or undefined when the text is not what it expects. */
export function scanBodyModel(body: Body): BodyModel | undefined {
  const base = body.span.start;
  const { masked, templates } = maskTemplates(body.text, 0, body.text.length, base);
  const r = new Reader(masked, body.text, base, templates);
  const start = r.skipSpace(0);
  if (start >= masked.length) return undefined;
  const c = masked.charCodeAt(start);
  let root: BodyRoot;
  let fields: BodyField[] = [];
  if (c === LBRACE) {
    const end = r.object(start, fields);
    root = { type: 'object', offset: base + start, length: end - start };
  } else {
    const end = r.skipValue(start);
    fields = [];
    root = { type: r.typeAt(start), offset: base + start, length: end - start };
    // A template standing for the whole body (`{{payload}}` with a JSON Content-Type) is masked
    // as a number: the tree sees a number node, and so does this.
  }
  if (r.skipSpace(r.end) !== masked.length) return undefined;
  return { root, fields, byName: byNameOf(fields) };
}

/** The fields by name, the last of a repeated name winning (as JSON.parse takes it). A loop: a pair per field made twice the garbage. */
export function byNameOf(fields: readonly BodyField[]): Map<string, BodyField> {
  const byName = new Map<string, BodyField>();
  for (const f of fields) byName.set(f.name, f);
  return byName;
}

const LBRACE = 123;
const RBRACE = 125;
const LBRACKET = 91;
const RBRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;

class Unexpected extends Error {}

/** Reads the masked text (valid JSON); offsets are indices into it, the raw text's as well. */
class Reader {
  /** Where the last value read ended. */
  end = 0;

  constructor(
    private readonly m: string,
    private readonly raw: string,
    private readonly base: number,
    private readonly templates: ReadonlyMap<number, TemplateRef>,
  ) {}

  skipSpace(i: number): number {
    const m = this.m;
    for (;;) {
      const c = m.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  private expect(i: number, c: number): void {
    if (this.m.charCodeAt(i) !== c) throw new Unexpected();
  }

  /** Past the closing quote of the string opening at `i`. */
  private stringEnd(i: number): number {
    const m = this.m;
    for (let j = i + 1; j < m.length; j++) {
      const c = m.charCodeAt(j);
      if (c === BACKSLASH) j++;
      else if (c === QUOTE) return j + 1;
    }
    throw new Unexpected();
  }

  /** The value of the string [i, end): its text without quotes unless it has escapes. */
  private stringValue(i: number, end: number): string {
    const inner = this.m.slice(i + 1, end - 1);
    return inner.indexOf('\\') === -1 ? inner : (JSON.parse(this.m.slice(i, end)) as string);
  }

  /** Past the value starting at `i` (any kind). */
  skipValue(i: number): number {
    const m = this.m;
    const c = m.charCodeAt(i);
    if (c === QUOTE) return (this.end = this.stringEnd(i));
    if (c === LBRACE || c === LBRACKET) {
      let depth = 0;
      for (let j = i; j < m.length; j++) {
        const d = m.charCodeAt(j);
        if (d === QUOTE) j = this.stringEnd(j) - 1;
        else if (d === LBRACE || d === LBRACKET) depth++;
        else if (d === RBRACE || d === RBRACKET) {
          if (--depth === 0) return (this.end = j + 1);
        }
      }
      throw new Unexpected();
    }
    let j = i;
    for (;;) {
      const d = m.charCodeAt(j);
      // A literal (number, true, false, null) ends at space or punctuation, or at the end.
      if (Number.isNaN(d) || d === 32 || d === 10 || d === 13 || d === 9 || d === COMMA || d === RBRACE || d === RBRACKET) break;
      j++;
    }
    if (j === i) throw new Unexpected();
    return (this.end = j);
  }

  typeAt(i: number): BodyRoot['type'] {
    const c = this.m.charCodeAt(i);
    if (c === QUOTE) return 'string';
    if (c === LBRACE) return 'object';
    if (c === LBRACKET) return 'array';
    if (c === 116 /* t */ || c === 102 /* f */) return 'boolean';
    if (c === 110 /* n */) return 'null';
    return 'number';
  }

  /** Reads the object at `i` into `out`; returns where it ends. */
  object(i: number, out: BodyField[]): number {
    const m = this.m;
    const base = this.base;
    i = this.skipSpace(i + 1);
    if (m.charCodeAt(i) === RBRACE) return (this.end = i + 1);
    for (;;) {
      this.expect(i, QUOTE);
      const keyEnd = this.stringEnd(i);
      const field: BodyField = {
        name: this.stringValue(i, keyEnd),
        keySpan: { start: base + i, end: base + keyEnd },
        span: { start: base + i, end: 0 },
      };
      let v = this.skipSpace(keyEnd);
      this.expect(v, COLON);
      v = this.skipSpace(v + 1);
      const valueEnd = this.value(field, v);
      field.span.end = base + valueEnd;
      out.push(field);
      i = this.skipSpace(valueEnd);
      const c = m.charCodeAt(i);
      if (c === RBRACE) return (this.end = i + 1);
      this.expect(i, COMMA);
      i = this.skipSpace(i + 1);
    }
  }

  /** Describes the value at `i` in `field` as body.ts's describeValue does from a tree node; returns where it ends. */
  private value(field: BodyField, i: number): number {
    const base = this.base;
    const c = this.m.charCodeAt(i);
    if (c === LBRACE) {
      const members: BodyField[] = [];
      const end = this.object(i, members);
      field.valueSpan = { start: base + i, end: base + end };
      field.kind = 'object';
      field.members = members;
      return end;
    }
    const end = this.skipValue(i);
    field.valueSpan = { start: base + i, end: base + end };
    const template = this.templates.get(base + i);
    if (template) {
      field.kind = 'template';
      field.template = template;
      field.valueSpan = { start: template.span.start, end: template.span.end };
      return end;
    }
    switch (this.typeAt(i)) {
      case 'string': {
        const value = this.stringValue(i, end);
        field.kind = 'string';
        field.value = value;
        field.hasTemplates = value.includes('{{');
        break;
      }
      case 'array':
        field.kind = 'array';
        break;
      case 'boolean':
        field.kind = 'boolean';
        field.value = this.m.charCodeAt(i) === 116;
        break;
      case 'null':
        field.kind = 'null';
        field.value = null;
        break;
      default: {
        const value = Number(this.m.slice(i, end));
        if (Number.isNaN(value)) throw new Unexpected();
        field.kind = 'number';
        field.value = value;
        field.rawText = this.raw.slice(i, end);
      }
    }
    return end;
  }
}

/** scanBodyModel, undefined on anything unexpected (the caller then builds the tree). */
export function tryScanBodyModel(body: Body): BodyModel | undefined {
  try {
    return scanBodyModel(body);
  } catch {
    // Unexpected text (or a string JSON.parse refuses): the tree is the reference, take it.
    return undefined;
  }
}
