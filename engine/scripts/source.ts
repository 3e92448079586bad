// Where a script's code comes from (what a script sets, read without running it, is
// engine/syntax/scriptVariables.ts).
// `> ./handler.js` is read through the bounded reader (a FIFO or /dev/zero named as a handler must
// not hang or exhaust the sender), only inside the folder the sender was given.
import { dirname } from 'node:path';
import type { Script } from '../syntax/types';
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
