// JSON Schema (as OpenAPI 3.0/3.1 writes it, `$ref`s already inlined) to the catalogue's
// FieldSpec, so completion, hover and lint treat a user's API like the payout contracts.
//
// Mapping rules (docs/openapi.md repeats them for users):
// - type: the first non-null type (3.1 `type: [string, null]`); none given: object if it has
//   properties, array if it has items, else the type of its enum values, else string ("any");
// - composition: allOf merges properties and required lists; oneOf/anyOf merge properties, and a
//   property is required only when every variant requires it;
// - format date -> 'date', email -> 'email'; description -> notes; x-assumption -> assumption;
// - objects -> members; arrays -> items (the item type) and, for arrays of objects, members (the
//   item's properties, which is what a user completes inside `[{ … }]`).

import type { FieldSpec, FieldType, FormatRule } from '../catalogue/types';
import { jsString } from '../signing/canonical';
import { isObject } from './refs';

const FIELD_TYPES: readonly FieldType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array'];
const MAX_DEPTH = 6; // members below this depth are not listed (huge or recursive schemas)

type Schema = Record<string, unknown>;

/** allOf/oneOf/anyOf flattened into one schema with the union of properties. */
export function flatten(schema: unknown): Schema {
  if (!isObject(schema)) return {};
  const all = Array.isArray(schema.allOf) ? schema.allOf.map(flatten) : [];
  const some = [schema.oneOf, schema.anyOf].filter(Array.isArray).flatMap((l) => (l as unknown[]).map(flatten));
  if (all.length === 0 && some.length === 0) return schema;
  const { allOf: _a, oneOf: _o, anyOf: _n, ...own } = schema;
  const properties: Schema = {};
  const required = new Set<string>(Array.isArray(own.required) ? own.required.map(String) : []);
  let merged: Schema = {};
  for (const part of all) {
    merged = { ...part, ...merged };
    Object.assign(properties, isObject(part.properties) ? part.properties : {});
    if (Array.isArray(part.required)) part.required.forEach((r) => required.add(String(r)));
  }
  if (some.length > 0) {
    for (const part of some) {
      merged = { ...part, ...merged };
      for (const [k, v] of Object.entries(isObject(part.properties) ? part.properties : {})) if (!(k in properties)) properties[k] = v;
    }
    const everyVariant = some.map((p) => new Set(Array.isArray(p.required) ? p.required.map(String) : []));
    for (const name of everyVariant[0] ?? []) if (everyVariant.every((s) => s.has(name))) required.add(name);
    // Variants of different types: keep no single type, so nothing is flagged wrongly.
    const types = new Set(some.map((p) => schemaType(p)));
    if (types.size > 1 && !own.type) delete merged.type;
  }
  Object.assign(properties, isObject(own.properties) ? own.properties : {});
  return { ...merged, ...own, properties, required: [...required] };
}

/** The FieldType of a schema, or undefined when it allows any JSON value. */
export function schemaType(raw: unknown): FieldType | undefined {
  if (!isObject(raw)) return undefined;
  const types = (Array.isArray(raw.type) ? raw.type : [raw.type]).filter((t): t is FieldType => FIELD_TYPES.includes(t as FieldType));
  if (types[0]) return types[0];
  if (isObject(raw.properties)) return 'object';
  if (raw.items !== undefined) return 'array';
  if (Array.isArray(raw.enum)) {
    const first: unknown = raw.enum.find((v) => v !== null);
    if (typeof first === 'number') return Number.isInteger(first) ? 'integer' : 'number';
    if (typeof first === 'boolean') return 'boolean';
    if (typeof first === 'string') return 'string';
  }
  return undefined;
}

function formatRule(format: unknown): FormatRule | undefined {
  if (format === 'date') return 'date';
  if (format === 'email') return 'email';
  return undefined;
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** One FieldSpec for a property or parameter schema. */
export function fieldFromSchema(name: string, raw: unknown, required: boolean, depth = 0): FieldSpec {
  const schema = flatten(raw);
  const type = schemaType(schema);
  const field: FieldSpec = { name, type: type ?? 'string', required };
  const notes: string[] = [];
  if (text(schema.description)) notes.push(text(schema.description)!);
  if (!type) notes.push('Any JSON value (the schema sets no type).');
  if (schema.deprecated === true) notes.push('Deprecated.');
  if (schema.readOnly === true) notes.push('Read-only: sent by the server, not by the client.');
  const format = formatRule(schema.format);
  if (format) field.format = format;
  // int32/int64/float/double only restate the type; other formats (uuid, date-time) help the user.
  else if (text(schema.format) && !['int32', 'int64', 'float', 'double'].includes(String(schema.format)))
    notes.push(`Format: ${String(schema.format)}.`);
  if (Array.isArray(schema.enum)) field.enum = schema.enum.filter((v) => v !== null && typeof v !== 'object').map(String);
  else if (schema.const !== undefined && schema.const !== null && typeof schema.const !== 'object') field.enum = [jsString(schema.const)];
  const dflt = schema.default;
  if (dflt === null || ['string', 'number', 'boolean'].includes(typeof dflt)) field.default = dflt as FieldSpec['default'];
  if (typeof schema.minimum === 'number') field.minimum = schema.minimum;
  if (text(schema['x-assumption'])) field.assumption = text(schema['x-assumption']);
  if (typeof schema['x-cycle'] === 'string') notes.push(`Recursive: same shape as ${schema['x-cycle']}.`);
  if (type === 'array') {
    const item = flatten(schema.items);
    const itemType = schemaType(item);
    if (itemType) field.items = itemType;
    if (typeof item['x-cycle'] === 'string') notes.push(`Items: recursive, same shape as ${item['x-cycle']}.`);
    if (itemType === 'object' && depth < MAX_DEPTH) field.members = fieldsOfObject(item, depth + 1);
  } else if (type === 'object' && depth < MAX_DEPTH) {
    const members = fieldsOfObject(schema, depth + 1);
    if (members.length > 0) field.members = members;
  }
  if (notes.length > 0) field.notes = notes.map((n) => (/[.!?:]$/.test(n) ? n : `${n}.`)).join(' ');
  return field;
}

/** The properties of an object schema as FieldSpecs, in the document's order. */
export function fieldsOfObject(raw: unknown, depth = 0): FieldSpec[] {
  const schema = flatten(raw);
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return Object.entries(props).map(([name, s]) => fieldFromSchema(name, s, required.has(name), depth));
}

/**
 * The fields a user writes or reads at the top of a body: an object's properties, or for an
 * array of objects the item's properties (search results).
 */
export function topLevelFields(raw: unknown): FieldSpec[] {
  const schema = flatten(raw);
  if (schemaType(schema) === 'array') return fieldsOfObject(schema.items);
  return fieldsOfObject(schema);
}
