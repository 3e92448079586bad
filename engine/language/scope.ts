// The names a document can use and what they hold: its file variables (`@name = value`), the
// active environment's variables, and its named requests. Resolving them is engine/syntax/resolve.ts's
// job (the sender's resolver, in its preview mode: see preview.ts and hover.ts).

import { ACCESS_TOKEN } from '../syntax/environments';
import { LOCAL_ENV, LOCAL_SANDBOX_VARIABLES } from '../workspace/home';
import { variableText } from '../syntax/resolve';
import { variablesSetByScripts } from '../syntax/scriptVariables';
import type { RequestBlock, VariableDefinition } from '../syntax/types';
import type { Endpoint } from '../catalogue/types';
import type { PayoutDocument } from './document';
import type { OpenApiUse } from './openapi';

export interface Scope {
  envName: string;
  env: Readonly<Record<string, string>>;
  /** Last definition wins, as in REST Client. Spans are absolute. */
  fileVariables: Map<string, VariableDefinition>;
  variableNames: Set<string>;
  /** Names the file's scripts set (and nothing else defines): known at run time only. In variableNames too. */
  runtimeVariables: Set<string>;
  requestNames: Set<string>;
  /** Endpoints of the file's `# @openapi` documents (undefined: none). */
  extra?: Endpoint[];
  openapi: OpenApiUse[];
}

/**
 * Names the client supplies by itself: the v3 access token is obtained per user by the sender
 * (doc 2 §5), so `{{accessToken}}` is defined even when no file sets it.
 */
const SUPPLIED = [ACCESS_TOKEN];

export function buildScope(
  doc: PayoutDocument,
  envName: string,
  env: Readonly<Record<string, string>>,
  openapi: { extra?: Endpoint[]; uses: OpenApiUse[] } = { uses: [] },
): Scope {
  const fileVariables = new Map<string, VariableDefinition>();
  for (const v of doc.parsed.variables) fileVariables.set(v.name, v);
  const requestNames = new Set<string>();
  for (const b of doc.parsed.blocks) if (b.requestLine && b.name) requestNames.add(b.name);
  const variableNames = new Set<string>([...fileVariables.keys(), ...Object.keys(env), ...SUPPLIED]);
  if (envName === LOCAL_ENV) for (const name of LOCAL_SANDBOX_VARIABLES) variableNames.add(name);
  const runtimeVariables = new Set<string>();
  for (const b of doc.parsed.blocks) {
    for (const name of variablesSetByScripts(b)) {
      if (variableNames.has(name)) continue;
      runtimeVariables.add(name);
    }
  }
  for (const name of runtimeVariables) variableNames.add(name);
  return { envName, env, fileVariables, variableNames, runtimeVariables, requestNames, extra: openapi.extra, openapi: openapi.uses };
}

/** The raw value of a variable (file beats environment, as the sender does), undefined when unknown. */
export function variableValue(scope: Scope, name: string): string | undefined {
  return variableText(name, scope.fileVariables, scope.env);
}

/**
 * What a block contributes to the scope: its name, its variables, its `# @openapi` directives, the
 * variables its scripts set.
 * Two runs of blocks with equal signatures give the same scope.
 */
function blockSignature(b: RequestBlock): string {
  // Only requests name anything (buildScope reads their names): a `# @name` above a line that is no
  // longer a request line (`###` typed into it) must change the signature, or the name stays in scope.
  let sig = b.requestLine ? (b.name ?? '') : '';
  for (const v of b.variables) sig += `\u0000${v.name}=${v.value}`;
  for (const d of b.fileDirectives) if (d.name === 'openapi') sig += `\u0001${d.value}`;
  for (const name of variablesSetByScripts(b)) sig += `\u0003${name}`;
  return sig;
}

/** Whether the blocks an edit replaced contributed exactly what their replacements do. */
export function sameScopeContribution(removed: readonly RequestBlock[], added: readonly RequestBlock[]): boolean {
  if (removed.length !== added.length) {
    // Blocks split or merged: equal when the concatenated contributions are.
    return removed.map(blockSignature).filter(Boolean).join('\u0002') === added.map(blockSignature).filter(Boolean).join('\u0002');
  }
  for (let i = 0; i < removed.length; i++) if (blockSignature(removed[i]) !== blockSignature(added[i])) return false;
  return true;
}
