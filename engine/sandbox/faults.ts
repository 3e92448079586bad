// Fault injection (docs/sandbox.md "Fault injection"): the sandbox never produces 9, 20, 38, 46,
// 60–63, 66, 67 and most unmapped codes on its own, so an integrator lists faults (config
// `faults`, or POST /sandbox/faults at run time) and the named endpoint answers that error instead
// of its business logic. Codes, semanticCodes, HTTP statuses and messages all come from the
// catalogue's error table; this file only decides which request gets which code.

import { catalogue, errorByCode } from '../catalogue/index';
import { levenshtein } from '../util/editDistance';
import { fail, type Outcome } from './context';
import type { HttpAnswer } from './v2';

export interface Fault {
  /** A catalogue id of an /api/v2 or /v3 endpoint, or `*` for all of them. */
  endpoint: string;
  errorCode: number;
  /** How many more requests it answers; undefined: every one. */
  times?: number;
  /** Replaces the catalogue's meaning as the message (not allowed where the service sends a literal text). */
  message?: string;
}

export const ANY_ENDPOINT = '*';

/** The endpoints a fault can name: those the sandbox serves on /api/v2 and /v3. */
const FAULTABLE = catalogue.endpoints.filter((e) => e.api === 'payout-v2' || e.api === 'payout-v3').map((e) => e.id);
/** Every error row but 0 (SUCCESS is not a fault). */
const CODES = catalogue.errors.filter((e) => e.code !== 0).map((e) => e.code);

export interface FaultProblem {
  /** JSON path inside the fault, e.g. `.errorCode` ('' for the fault as a whole). */
  where: string;
  problem: string;
  fix: string;
}

const EXAMPLE = '{ "endpoint": "v2.wallet.balance", "errorCode": 9, "times": 1 }';

function nearestEndpoint(id: string): string {
  return FAULTABLE.map((k) => ({ k, d: levenshtein(k, id) })).sort((a, b) => a.d - b.d)[0].k;
}

/** Checks one fault as written in the config file or a POST body; the problem names the fix. */
export function checkFault(v: unknown): Fault | FaultProblem {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return { where: '', problem: 'must be an object', fix: `write e.g. ${EXAMPLE}` };
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!['endpoint', 'errorCode', 'times', 'message'].includes(k))
      return { where: `.${k}`, problem: 'is not a fault setting', fix: 'use endpoint, errorCode, times, message' };
  }
  const { endpoint, errorCode, times, message } = o;
  if (typeof endpoint !== 'string' || (endpoint !== ANY_ENDPOINT && !FAULTABLE.includes(endpoint))) {
    const hint = typeof endpoint === 'string' ? `did you mean "${nearestEndpoint(endpoint)}"? ` : '';
    return {
      where: '.endpoint',
      problem: `${JSON.stringify(endpoint)} is not an /api/v2 or /v3 endpoint of the catalogue`,
      fix: `${hint}use "*" for every endpoint, or one of ${FAULTABLE.join(', ')}`,
    };
  }
  const spec = typeof errorCode === 'number' && errorCode !== 0 ? errorByCode(errorCode) : undefined;
  if (!spec)
    return {
      where: '.errorCode',
      problem: `${JSON.stringify(errorCode)} is not an error code of the catalogue's error table (doc 1 §7)`,
      fix: `use one of ${CODES.join(', ')}`,
    };
  if (times !== undefined && !(typeof times === 'number' && Number.isInteger(times) && times >= 1)) {
    return {
      where: '.times',
      problem: 'must be a whole number ≥ 1',
      fix: 'write e.g. "times": 2, or leave it out to answer every request',
    };
  }
  if (message !== undefined && (typeof message !== 'string' || message === ''))
    return {
      where: '.message',
      problem: 'must be a non-empty string',
      fix: 'write "message": "...", or leave it out for the catalogue\'s text',
    };
  // The service sends these codes with a fixed placeholder (msg.66); another text would test nothing real.
  if (message !== undefined && spec.literalMessage !== undefined) {
    return {
      where: '.message',
      problem: `cannot be set for ${String(errorCode)}: the service always sends the literal text "${spec.literalMessage}"`,
      fix: 'remove "message"',
    };
  }
  return { endpoint, errorCode: spec.code, ...(times !== undefined ? { times } : {}), ...(message !== undefined ? { message } : {}) };
}

export const isProblem = (r: Fault | FaultProblem): r is FaultProblem => 'problem' in r;

/** The active faults of a running sandbox. In memory only: a restart starts again from the config. */
export class FaultList {
  private faults: Fault[];

  constructor(initial: readonly Fault[] = []) {
    this.faults = initial.map((f) => ({ ...f }));
  }

  add(f: Fault): void {
    this.faults.push({ ...f });
  }

  clear(): void {
    this.faults = [];
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /**
   * The error a request to `endpointId` gets instead of its business logic, or undefined. A fault
   * naming the endpoint wins over a `*` one (so a specific fault can be added on top of a general
   * one); among equals the earliest listed. Each answer uses up one of its `times`.
   */
  take(endpointId: string): Outcome | undefined {
    const f = this.faults.find((x) => x.endpoint === endpointId) ?? this.faults.find((x) => x.endpoint === ANY_ENDPOINT);
    if (!f) return undefined;
    if (f.times !== undefined && --f.times === 0) this.faults.splice(this.faults.indexOf(f), 1);
    const spec = errorByCode(f.errorCode)!;
    return fail(f.errorCode, spec.literalMessage ?? f.message ?? spec.meaning);
  }
}

/** Marks an injected answer in the request log (`-> 9 (fault)`), so it is never mistaken for the sandbox's own. */
export const logAsFault = (a: HttpAnswer): HttpAnswer => ({ ...a, logCode: `${a.logCode} (fault)` });
