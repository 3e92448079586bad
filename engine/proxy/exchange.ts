// What the inspecting proxy knows about one exchange (a request its client sent and what the
// upstream answered): the raw capture the forwarder hands over, and the record the inspector makes
// of it. The record is what the CLI prints and the editor's Traffic view shows; it never holds the
// secretKey (the explanation shows `<secretKey>`), and its bodies are the bytes as they passed.
import type { Explanation } from '../signing';

/** Header name/value pairs in the order and case they were received. */
export type HeaderPairs = [name: string, value: string][];

export interface CapturedBody {
  /** The first `limit` bytes (the inspection copy; what passed through is never cut). */
  bytes: Buffer;
  /** The whole body's size. */
  size: number;
  truncated: boolean;
}

/** What went wrong on the way, and on which side: the client got the same failure. */
export interface ExchangeFailure {
  side: 'upstream' | 'client';
  /** `ECONNREFUSED`, `ECONNRESET`, `ETIMEDOUT`, … when the system gave one. */
  code?: string;
  /** What happened, in words, e.g. "the upstream refused the connection (ECONNREFUSED)". */
  message: string;
}

/** The forwarder's capture of one exchange, before inspection. */
export interface RawExchange {
  id: number;
  startedAt: number;
  /** From the request's arrival to the response's last byte (or the failure). */
  ms: number;
  method: string;
  /** Path and query as the client sent them. */
  target: string;
  requestHeaders: HeaderPairs;
  requestBody: CapturedBody;
  response?: { status: number; headers: HeaderPairs; body: CapturedBody; complete: boolean };
  failure?: ExchangeFailure;
}

/** `unsigned`: the endpoint takes no signature; `not checkable`: the keys to check it are missing. */
export type RequestSignatureVerdict = 'verified' | 'mismatch' | 'missing' | 'unsigned' | 'not checkable';
/** `none`: nothing to verify (an error with `data: null`, an unsigned endpoint, no response). */
export type ResponseSignatureVerdict = 'verified' | 'not verified' | 'none' | 'not checkable';

export interface ExchangeProblem {
  code: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  message: string;
}

export interface ExchangeRecord {
  id: number;
  startedAt: string;
  ms: number;
  method: string;
  target: string;
  /** The catalogue endpoint id, or `unknown`. */
  endpoint: string;
  request: {
    headers: HeaderPairs;
    /** The body as received (UTF-8), cut at the capture limit. */
    body: string;
    bytes: number;
    signature: RequestSignatureVerdict;
    /** Why, in words (always set except for `verified`). */
    reason?: string;
    /** The canonical string the service expects, `<secretKey>` for the secret. */
    signedDisplay?: string;
    /** On `mismatch`: which variant the signature covers, with the segment diff. */
    explanation?: Explanation;
    problems: ExchangeProblem[];
  };
  response?: {
    status: number;
    headers: HeaderPairs;
    body: string;
    bytes: number;
    signature: ResponseSignatureVerdict;
    reason?: string;
  };
  failure?: ExchangeFailure;
}
