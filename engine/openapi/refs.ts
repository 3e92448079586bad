// `$ref` resolution for OpenAPI 3.0/3.1 documents, synchronous, never throwing.
//
// Why hand-written: @readme/openapi-parser (a dev dependency, used by the tests) dereferences
// asynchronously and is not shipped in the bundles; the language server needs the fields of a
// user's document inside a synchronous completion request. The subset here is what documents in
// the wild use: local `#/...` pointers, relative files (`./schemas.yaml#/Book`), whole-file refs.
//
// `inline()` returns a copy of a node with every `$ref` replaced by its target. A `$ref` that
// points back into a target being expanded (a cycle, e.g. a tree node with `children: Node[]`)
// becomes `{ "x-cycle": "<ref>" }`, an empty schema that accepts anything, so the result is always
// a finite, acyclic plain object that can be walked, serialised and compared.

import { dirname, resolve as resolvePath } from 'node:path';
import { BoundedReadError, OPENAPI_FILE_MAX_BYTES, readTextFile } from '../util/readBounded';
import { parseDocumentText } from './parseText';

export interface RefContext {
  /** Root object of every document read so far, by absolute path ('' = the main document when it has no path). */
  docs: Map<string, unknown>;
  /** Label of each document for messages (the path as the user gave it). */
  labels: Map<string, string>;
  /** Files read while resolving, for cache invalidation (engine/openapi/userDocuments.ts). */
  filesRead: Set<string>;
  problems: string[];
  /** Finished expansions, by `file#pointer`, so a schema used 50 times is expanded once. */
  memo: Map<string, unknown>;
  /** Keys of the refs being expanded right now (cycle detection). */
  stack: Set<string>;
}

export function newRefContext(mainFile: string, label: string, root: unknown): RefContext {
  const ctx: RefContext = {
    docs: new Map(),
    labels: new Map(),
    filesRead: new Set(),
    problems: [],
    memo: new Map(),
    stack: new Set(),
  };
  ctx.docs.set(mainFile, root);
  ctx.labels.set(mainFile, label);
  return ctx;
}

/** `#/paths/~1plant/put` style pointer from segments (RFC 6901 escaping). */
export function pointer(segments: readonly (string | number)[]): string {
  return '#' + segments.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

function decodePointer(fragment: string): string[] | undefined {
  if (fragment === '' || fragment === '/') return fragment === '' ? [] : [''];
  if (!fragment.startsWith('/')) return undefined; // a plain-name anchor ($anchor): not supported
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    decoded = fragment;
  }
  return decoded
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads and parses a referenced file once; a problem (not an exception) when it cannot. */
function loadFile(ctx: RefContext, absPath: string, at: string): unknown {
  if (ctx.docs.has(absPath)) return ctx.docs.get(absPath);
  let text: string;
  try {
    text = readTextFile(absPath, { maxBytes: OPENAPI_FILE_MAX_BYTES });
    ctx.filesRead.add(absPath);
  } catch (e) {
    if (!(e instanceof BoundedReadError)) throw e;
    ctx.problems.push(
      `${at}: cannot read the file ${absPath} that a $ref names: ${e.problem}; fix the $ref path, which is relative to the file that contains it.`,
    );
    ctx.docs.set(absPath, undefined);
    return undefined;
  }
  const parsed = parseDocumentText(text, absPath);
  ctx.problems.push(...parsed.problems);
  ctx.docs.set(absPath, parsed.value);
  ctx.labels.set(absPath, absPath);
  return parsed.value;
}

interface Target {
  file: string;
  path: string[];
  value: unknown;
  found: boolean;
}

function locate(ctx: RefContext, ref: string, fromFile: string, at: string): Target | undefined {
  const hash = ref.indexOf('#');
  const filePart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
    ctx.problems.push(
      `${at}: $ref "${ref}" points to a remote document, which is not fetched; download it next to this file and refer to it by a relative path.`,
    );
    return undefined;
  }
  let file = fromFile;
  if (filePart !== '') {
    if (fromFile === '') {
      ctx.problems.push(
        `${at}: $ref "${ref}" points to another file, but the document was given as text without a path; load it from its file (loadOpenApiFile) so relative references can be read.`,
      );
      return undefined;
    }
    file = resolvePath(dirname(fromFile), filePart);
  }
  const root = loadFile(ctx, file, at);
  if (root === undefined) return undefined;
  const path = decodePointer(fragment);
  if (!path) {
    ctx.problems.push(`${at}: $ref "${ref}" uses a fragment that is not a JSON pointer; write it as "#/components/schemas/Name".`);
    return undefined;
  }
  let node: unknown = root;
  for (const seg of path) {
    if (isObject(node) && seg in node) node = node[seg];
    else if (Array.isArray(node) && /^\d+$/.test(seg) && Number(seg) < node.length) node = node[Number(seg)];
    else {
      ctx.problems.push(
        `${at}: $ref "${ref}" points to nothing (no "${seg}" in ${ctx.labels.get(file) ?? file}); fix the reference or add the missing definition.`,
      );
      return { file, path, value: undefined, found: false };
    }
  }
  return { file, path, value: node, found: true };
}

/**
 * A copy of `node` with every `$ref` replaced by its target. `file` is the document the node
 * sits in (relative refs resolve against it); `at` is its pointer, for messages.
 */
export function inline(ctx: RefContext, node: unknown, file: string, at: string, depth = 0): unknown {
  if (depth > 64) return {}; // pathological nesting: treat as "any" rather than recurse forever
  if (Array.isArray(node)) return node.map((v, i) => inline(ctx, v, file, `${at}/${i}`, depth + 1));
  if (!isObject(node)) return node;
  if (typeof node.$ref === 'string') {
    const label = `${ctx.labels.get(file) ?? file}#${at}`;
    const target = locate(ctx, node.$ref, file, label);
    const { $ref: _ref, ...siblings } = node;
    if (!target || !target.found) return { ...siblings };
    const key = `${target.file}${pointer(target.path)}`;
    if (ctx.stack.has(key)) return { 'x-cycle': node.$ref, ...siblings };
    let expanded = ctx.memo.get(key);
    if (expanded === undefined) {
      ctx.stack.add(key);
      expanded = inline(ctx, target.value, target.file, pointer(target.path).slice(1), depth + 1);
      ctx.stack.delete(key);
      ctx.memo.set(key, expanded);
    }
    // OpenAPI 3.1 lets a $ref carry siblings (description, summary): they win over the target's.
    return Object.keys(siblings).length && isObject(expanded) ? { ...expanded, ...siblings } : expanded;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    // An example is data, not schema: a `$ref` key inside it is not a reference.
    out[k] = k === 'example' ? v : inline(ctx, v, file, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
  }
  return out;
}
