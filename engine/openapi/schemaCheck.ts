// Does a response body match the schema its operation documents? The response view flags the
// differences (`$.tags[1]: expected string, got number 3`).
//
// The schemas come from `Endpoint.responseSchemas` (filled by engine/openapi/load.ts, `$ref`s
// already inlined). The validator is a small hand-written one for the subset OpenAPI documents
// use for response shapes: type (incl. 3.1 type lists, "null" and 3.0 `nullable`), integer,
// enum, const, required, properties, additionalProperties, items, allOf/anyOf/oneOf (oneOf is
// checked like anyOf: a body matching two variants is not reported), minimum/maximum. Keywords
// outside the subset (pattern, formats, …) are ignored, so it never reports a false mismatch
// for them. Ajv would cover all of JSON Schema but is not a direct dependency.

import type { Endpoint } from '../catalogue/types';
import { isObject } from './refs';

export interface SchemaIssue {
  /** Where in the body, as `$`, `$.data.items[2].name`. */
  path: string;
  message: string;
}

const MAX_ISSUES = 50;

/**
 * The ways `body` (the parsed JSON of the response, or its text when it is not JSON) breaks the
 * schema the endpoint documents for `status`. Empty when it matches, or when the endpoint
 * documents no schema for that status (nothing to compare with).
 */
export function checkResponse(endpoint: Endpoint, status: number, body: unknown): SchemaIssue[] {
  const schema = responseSchemaFor(endpoint, status);
  if (schema === undefined) return [];
  return validateSchema(schema, body);
}

/** The documented schema for a status: the exact code, else its range (`4XX`), else `default`. */
export function responseSchemaFor(endpoint: Endpoint, status: number): unknown {
  const schemas = endpoint.responseSchemas;
  if (!schemas) return undefined;
  const range = `${String(status)[0]}XX`;
  const key = [String(status), range, range.toLowerCase(), 'default'].find((k) => k in schemas);
  return key === undefined ? undefined : schemas[key];
}

/** All issues of `value` against `schema` (at most 50). */
export function validateSchema(schema: unknown, value: unknown, path = '$'): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  check(schema, value, path, issues);
  return issues.slice(0, MAX_ISSUES);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (value === undefined) return 'no body';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true; // an unknown type name: not ours to judge
  }
}

function memberPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function check(schema: unknown, value: unknown, path: string, issues: SchemaIssue[]): void {
  if (issues.length >= MAX_ISSUES) return;
  if (schema === false) {
    issues.push({ path, message: `no value is allowed here, got ${describe(value)}` });
    return;
  }
  if (!isObject(schema)) return; // `true`, `{}` or garbage: anything goes

  const types = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length > 0) {
    const allowed = schema.nullable === true ? [...types, 'null'] : types;
    if (!allowed.some((t) => hasType(value, t))) {
      issues.push({ path, message: `expected ${allowed.join(' or ')}, got ${describe(value)}` });
      return; // the other keywords would only repeat the same mismatch
    }
  }
  if (value === null && schema.nullable === true) return;

  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameJson(e, value))) {
    issues.push({ path, message: `${describe(value)} is not one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}` });
  }
  if ('const' in schema && !sameJson(schema.const, value)) {
    issues.push({ path, message: `expected ${JSON.stringify(schema.const)}, got ${describe(value)}` });
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      issues.push({ path, message: `${value} is below the minimum ${schema.minimum}` });
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      issues.push({ path, message: `${value} is above the maximum ${schema.maximum}` });
  }

  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) check(part, value, path, issues);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = schema[key];
    if (!Array.isArray(variants) || variants.length === 0) continue;
    const attempts = variants.map((v) => validateSchema(v, value, path));
    if (!attempts.some((a) => a.length === 0)) {
      // Report the closest variant's issues: the one with the fewest is most likely the intent.
      const closest = attempts.reduce((a, b) => (b.length < a.length ? b : a));
      issues.push({
        path,
        message: `matches none of the ${variants.length} ${key} variants; closest: ${closest[0]?.path ?? path}: ${closest[0]?.message ?? '?'}`,
      });
    }
  }

  if (isObject(value)) {
    const props = isObject(schema.properties) ? schema.properties : {};
    if (Array.isArray(schema.required)) {
      for (const name of schema.required) {
        if (typeof name === 'string' && !(name in value)) issues.push({ path, message: `required member "${name}" is missing` });
      }
    }
    for (const [key, member] of Object.entries(value)) {
      if (key in props) check(props[key], member, memberPath(path, key), issues);
      else if (schema.additionalProperties === false)
        issues.push({ path: memberPath(path, key), message: `member "${key}" is not in the schema (additionalProperties is false)` });
      else if (isObject(schema.additionalProperties)) check(schema.additionalProperties, member, memberPath(path, key), issues);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined && !Array.isArray(schema.items)) {
    value.forEach((item, i) => check(schema.items, item, `${path}[${i}]`, issues));
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
