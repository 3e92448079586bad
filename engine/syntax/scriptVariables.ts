// The variables a file's scripts set, read from their text (never by running them), so the editor
// can tell `{{auth_token}}` set by a JetBrains handler (`client.global.set("auth_token", …)`) from
// a name defined nowhere: it is "set at run time". Only literal names count; a name computed in
// the script is not seen, and a script in a file (`> ./handler.js`) is not read.
import type { RequestBlock } from './types';

/** JetBrains / httpYac / kulala: `client.global.set("x", …)`, `request.variables.set("x", …)`. */
const SET = /\b(?:client\.global|request\.variables)\.set\(\s*(["'`])([A-Za-z_][\w.-]*)\1/g;
/** kulala also assigns: `client.global.token = …`. */
const ASSIGN = /\bclient\.global\.([A-Za-z_]\w*)\s*=(?!=)/g;
/** httpYac's `{{ }}` blocks export variables: `exports.token = …`. */
const EXPORT = /\bexports\.([A-Za-z_]\w*)\s*=(?!=)/g;

const cache = new WeakMap<RequestBlock, readonly string[]>();
const NONE: readonly string[] = Object.freeze([]);

/** The names the block's inline scripts set, in order of first appearance. */
export function variablesSetByScripts(block: RequestBlock): readonly string[] {
  if (block.scripts.length === 0 && !block.httpyacScripts) return NONE;
  let names = cache.get(block);
  if (!names) {
    const found = new Set<string>();
    for (const s of block.scripts) {
      if (s.kind !== 'inline') continue;
      for (const m of s.source.matchAll(SET)) found.add(m[2]);
      for (const m of s.source.matchAll(ASSIGN)) if (m[1] !== 'set' && m[1] !== 'get') found.add(m[1]);
    }
    for (const s of block.httpyacScripts ?? []) {
      for (const m of block.text.slice(s.sourceSpan.start, s.sourceSpan.end).matchAll(EXPORT)) found.add(m[1]);
    }
    names = found.size ? Object.freeze([...found]) : NONE;
    cache.set(block, names);
  }
  return names;
}
