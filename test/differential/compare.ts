// How one request's lint and the sandbox's answer are compared (issue 24). The promise: what lint
// passes without an error, the service accepts; what the service refuses for the request's own
// content, lint flags with an error naming the code the service answers.

import { errorByCode } from '../../engine/catalogue';

/**
 * Refusals that depend on the service's state, not on the request's content: the user's KYC (34,
 * 35, 50, 52, 59-64), the fund (7), limits already used (36, 37, 42, 90), ids already taken or
 * unknown (11, 15), the partner's registrations and products (13), the provider's live bounds
 * (24, 25), the sandbox's test accounts (12, 65). Lint cannot know them; they are set apart.
 */
export const STATE_CODES: ReadonlySet<number> = new Set([
  7, 11, 12, 13, 15, 24, 25, 34, 35, 36, 37, 42, 50, 52, 59, 60, 61, 62, 64, 65, 90,
]);

export interface LintFinding {
  code: string;
  severity: string;
  message: string;
}

/** The error codes an error diagnostic's message names, as `5 INVALID_REQUEST_DATA` (util.errorName). */
export function namedCodes(message: string): number[] {
  const out: number[] = [];
  for (const m of message.matchAll(/\b(\d{1,2}) ([A-Z][A-Z_]*[A-Z])\b/g)) {
    const code = Number(m[1]);
    if (errorByCode(code)?.semanticCode === m[2]) out.push(code);
  }
  return out;
}

export type Verdict =
  | { kind: 'agree' }
  | { kind: 'state'; code: number }
  | { kind: 'lint-only'; lint: string }
  | { kind: 'sandbox-only'; code: number }
  | { kind: 'other-code'; code: number; lint: string };

/** Lint diagnostics that judge the request's content (not the file around it). */
const CONTENT = (d: LintFinding) => d.severity === 'error';

export function verdict(lint: readonly LintFinding[], errorCode: number): Verdict {
  const errors = lint.filter(CONTENT);
  const summary = () => errors.map((e) => `${e.code} [${namedCodes(e.message).join(',') || 'no code'}]`).join('; ');
  if (errorCode === 0) return errors.length ? { kind: 'lint-only', lint: summary() } : { kind: 'agree' };
  if (STATE_CODES.has(errorCode) && !errors.length) return { kind: 'state', code: errorCode };
  if (!errors.length) return { kind: 'sandbox-only', code: errorCode };
  // When both refuse, the first error the service would meet is one of lint's: lint must name its code.
  if (!errors.some((e) => namedCodes(e.message).includes(errorCode))) return { kind: 'other-code', code: errorCode, lint: summary() };
  return { kind: 'agree' };
}
