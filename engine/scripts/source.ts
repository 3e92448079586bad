// Where a script's code comes from, and what a script sets, read without running it.
// `> ./handler.js` is read through the bounded reader (a FIFO or /dev/zero named as a handler must
// not hang or exhaust the sender), only inside the folder the sender was given.
import { dirname } from 'node:path';
import type { RequestBlock, Script } from '../syntax/types';
import { confinedPath } from '../util/confinedPath';
import { readTextFile } from '../util/readBounded';

/** A handler file is code a person wrote: 1 MB is far beyond any. */
export const SCRIPT_FILE_MAX_BYTES = 1024 * 1024;

/** How messages name a script: `the response handler ./handler.js of login`. */
export function scriptLabel(script: Script, requestLabel: string): string {
  const role = script.phase === 'pre' ? 'the pre-request script' : 'the response handler';
  return script.kind === 'file' ? `${role} ${script.source} of ${requestLabel}` : `${role} of ${requestLabel}`;
}

/**
 * The script's code: inline as written, a file read relative to the request file and refused
 * outside `root`. Throws an Error whose message names the script and the fix.
 */
export function scriptCode(script: Script, requestFile: string, root: string, label: string): string {
  if (script.kind === 'inline') return script.source;
  const path = confinedPath(root, dirname(requestFile), script.source, `${label}: the path`);
  try {
    return readTextFile(path, { maxBytes: SCRIPT_FILE_MAX_BYTES });
  } catch (e) {
    throw new Error(`${label} could not be read: ${(e as Error).message}`);
  }
}

// `client.global.set("token", …)` and `request.variables.set('x', …)` with a literal name: what a
// reader can know without running the script. A name computed at run time is not found, and stays
// "undefined" to lint, as it would be to anyone reading the file.
const SETS = /\b(?:client\.global|request\.variables)\.set\(\s*(["'`])([A-Za-z_$][\w.$-]*)\1/g;

/** Names a script's source sets (inline scripts only; a file's text is not read for lint). */
export function namesSetIn(source: string): string[] {
  return [...new Set([...source.matchAll(SETS)].map((m) => m[2]))];
}

/** Variables the inline scripts of these blocks set: "set at run time" for completion, lint and preview. */
export function runtimeVariables(blocks: readonly RequestBlock[]): Set<string> {
  const out = new Set<string>();
  for (const b of blocks) for (const s of b.scripts ?? []) if (s.kind === 'inline') for (const n of namesSetIn(s.source)) out.add(n);
  return out;
}
