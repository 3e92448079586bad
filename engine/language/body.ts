// A request body seen as fields: for each top-level property (and members of nested objects) its
// key and value nodes, and what the value is (a literal, a `{{...}}` template, a quoted string
// with templates in it). Offsets stay relative to block.start, like everything in a block, so the
// result can be cached per block object and reused after edits elsewhere in the file.

import type { Node as JsonNode } from 'jsonc-parser';
import type { RequestBlock, Span, TemplateRef } from '../syntax/types';
import { LastRead } from '../util/lru';
import { byNameOf, tryScanBodyModel } from './bodyScan';

export type ValueKind = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array' | 'template';

export interface BodyField {
  name: string;
  keySpan: Span;
  /** Span of the value text (for a string, including its quotes). */
  valueSpan?: Span;
  /** Span of the whole `"key": value`. */
  span: Span;
  kind?: ValueKind;
  /** Literal value (JSON.parse'd) for literals; undefined for templates, objects and arrays. */
  value?: unknown;
  /** For numbers: the text as written (100000.00), to compare with how it is signed. */
  rawText?: string;
  /** For an unquoted `{{...}}` value. */
  template?: TemplateRef;
  /** For a quoted string: does it contain `{{`. */
  hasTemplates?: boolean;
  /** Members, when the value is an object. */
  members?: BodyField[];
}

/** Where the body's JSON value is and what it is (offsets relative to block.start). */
export interface BodyRoot {
  type: JsonNode['type'];
  offset: number;
  length: number;
}

export interface BodyModel {
  /** The body's JSON value, when it has one (usually an object). */
  root?: BodyRoot;
  fields: BodyField[];
  byName: Map<string, BodyField>;
}

const EMPTY: BodyModel = { fields: [], byName: new Map() };

/**
 * Fields of the block's JSON body; an empty model when the body is absent or not a JSON object.
 * A body the parser found valid is read from its text (bodyScan.ts), others through the tree.
 */
export function bodyModel(block: RequestBlock): BodyModel {
  const body = block.body;
  if (body?.kind === 'json' && body.validJson) {
    const scanned = tryScanBodyModel(body);
    if (scanned) return scanned;
  }
  return bodyModelFromTree(block);
}

/** bodyModel through the body's jsonc-parser tree (the reference the text reader agrees with). */
export function bodyModelFromTree(block: RequestBlock): BodyModel {
  const json = block.body?.json;
  const node = json?.root;
  if (!json || !node) return EMPTY;
  const root: BodyRoot = { type: node.type, offset: node.offset, length: node.length };
  if (node.type !== 'object') return { ...EMPTY, root };
  const fields = objectFields(node, block.text, json.templates);
  return { root, fields, byName: byNameOf(fields) };
}

function objectFields(node: JsonNode, text: string, templates: ReadonlyMap<number, TemplateRef>): BodyField[] {
  const out: BodyField[] = [];
  for (const prop of node.children ?? []) {
    if (prop.type !== 'property') continue;
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || typeof keyNode.value !== 'string') continue;
    const field: BodyField = {
      name: keyNode.value,
      keySpan: { start: keyNode.offset, end: keyNode.offset + keyNode.length },
      span: { start: prop.offset, end: prop.offset + prop.length },
    };
    if (valueNode) describeValue(field, valueNode, text, templates);
    out.push(field);
  }
  return out;
}

function describeValue(field: BodyField, node: JsonNode, text: string, templates: ReadonlyMap<number, TemplateRef>): void {
  field.valueSpan = { start: node.offset, end: node.offset + node.length };
  const template = templates.get(node.offset);
  if (template) {
    // The parser masks an unquoted template as a short JSON literal: the template's own span is the value.
    field.kind = 'template';
    field.template = template;
    field.valueSpan = { start: template.span.start, end: template.span.end };
    return;
  }
  switch (node.type) {
    case 'string':
      field.kind = 'string';
      field.value = node.value;
      field.hasTemplates = typeof node.value === 'string' && node.value.includes('{{');
      return;
    case 'number':
      field.kind = 'number';
      field.value = node.value;
      field.rawText = text.slice(node.offset, node.offset + node.length);
      return;
    case 'boolean':
      field.kind = 'boolean';
      field.value = node.value;
      return;
    case 'null':
      field.kind = 'null';
      field.value = null;
      return;
    case 'object':
      field.kind = 'object';
      field.members = objectFields(node, text, templates);
      return;
    case 'array':
      field.kind = 'array';
      return;
  }
}

/**
 * Cached per block object (blocks are immutable and reused by the parser when their text is
 * unchanged), for the block used last only: a model refers to its body's JSON tree,
 * and keeping one for each of 5,000 requests kept every tree (see lazyJson in the parser).
 */
const cache = new LastRead<RequestBlock, BodyModel>();

export function bodyOf(block: RequestBlock): BodyModel {
  let model = cache.get(block);
  if (!model) {
    model = bodyModel(block);
    cache.set(block, model);
  }
  return model;
}
