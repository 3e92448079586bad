// The shapes engine/http hands to its front ends (CLI, VS Code client, language server preview).
// Everything here is safe to show: no field ever holds the secretKey, a private key or a token.
import type { Endpoint } from '../catalogue/types';
import type { Explanation } from '../signing';
import type { AssertionResult } from './assertions';
import type { DecodedEnvelope } from './decode';
import type { Verdict } from './verify';

/** How the request's signature came to be (signed-v2 endpoints only). */
export interface SigningInfo {
  /** The canonical string with `<secretKey>` in place of the secret. */
  canonicalDisplay: string;
  /** Segments by field, for previews and the segment diff. */
  segments: { field: string; text: string; omitted: boolean }[];
  /** Signed fields that were omitted and what they were signed as (doc 1 §4.0 rule 5). */
  omitted: { field: string; signedAs: string; note?: string }[];
  /** The base64 signature that is sent (computed, or typed in the body). */
  signature?: string;
  /** `computed`: the tool signed; `typed`: a signature typed in the body is sent as typed. */
  source: 'computed' | 'typed';
  /** For a typed signature: whether it matches what the tool computes. */
  typedMatches?: boolean;
  /** For a typed signature that does not match: which string it covers. */
  explanation?: Explanation;
}

/** `checkResponse` (engine/openapi/schemaCheck.ts) of a response; no problem means it matches. */
export interface SchemaOutcome {
  /** The endpoint whose schema was used, e.g. `plant-store.getPlantById`. */
  endpointId: string;
  problems: { path: string; message: string }[];
}

/** A request ready to leave: variables resolved, signed, headers set. */
export interface PreparedRequest {
  /** `# @name`, else `#N` (1-based position in the file). */
  label: string;
  name?: string;
  /** The `###` title, when there is one. */
  title?: string;
  endpoint?: Endpoint;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** The body as the service will parse it, when it is JSON. */
  bodyJson?: unknown;
  signing?: SigningInfo;
  /** v3: the user the bearer token is for. */
  user?: string;
  /** Header names that carry a secret (Authorization: Bearer …); shown masked. */
  secretHeaders: string[];
  /** Reasons the request cannot be sent (or signed) as it is, each naming the fix. */
  problems: string[];
  /** Things worth knowing that do not stop sending (an omitted signed field, …). */
  warnings: string[];
}

export interface ResponseInfo {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
  /** Parsed JSON, when the body is JSON. */
  body?: unknown;
  durationMs: number;
  bytes: number;
}

export interface AttemptInfo {
  attempt: number;
  status?: number;
  headline?: string;
  /** Why it was (not) retried. */
  retryReason?: string;
  delayMs?: number;
}

export interface SendResult {
  prepared: PreparedRequest;
  response?: ResponseInfo;
  decoded?: DecodedEnvelope;
  verdict?: Verdict;
  assertions: AssertionResult[];
  attempts: AttemptInfo[];
  /** After a create answered DUPLICATE_TRANSACTION_ID: the order fetched instead (doc 1 §7, code 11). */
  duplicateLookup?: SendResult;
  /**
   * The response against the schema its OpenAPI operation documents for that status; absent when
   * there is none (payout endpoints, an undocumented status). A mismatch is shown, not a failure,
   * unless the request asserts `?? schema valid`.
   */
  schema?: SchemaOutcome;
  /** A token exchange happened (or a cached token was used) for this request. */
  token?: { user: string; fresh: boolean; expiresAt: number; masked: string };
  /** `client.log` lines of the request's scripts, redacted, in the order written. */
  scriptLogs?: string[];
  /** Where `>> file` / `>>! file` wrote the response body. */
  savedBodyTo?: string;
  /** The request could not be sent, or no response came: what went wrong and what to do. */
  error?: string;
  /** True when it was sent, answered, and every assertion holds (and no error). */
  ok: boolean;
}
