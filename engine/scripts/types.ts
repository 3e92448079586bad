// What crosses into a script's worker thread and what comes back: plain data only (structured
// clone), so nothing of the engine (no key, no redactor, no file handle) is reachable from a script.

/** The request as a pre-request script sees it (JetBrains' `request`): raw text, before `{{…}}` is resolved. */
export interface ScriptRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  body?: string;
  /** Environment variables of the selected environment, secrets left out (`request.environment.get`). */
  environment: Record<string, string>;
}

/** The response as a response handler sees it (JetBrains' `response`). */
export interface ScriptResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bodyText: string;
}

export interface ScriptJob {
  /** What the messages call the script: `handler.js of login`, `the response handler of #2`. */
  label: string;
  phase: 'pre' | 'post';
  code: string;
  /** `client.global` as it stands before this script (the session's store). */
  globals: Record<string, string>;
  /** `request.variables` set by earlier scripts of this request. */
  variables: Record<string, string>;
  request: ScriptRequest;
  response?: ScriptResponse;
}

export interface ScriptTestResult {
  name: string;
  ok: boolean;
  message?: string;
}

export interface ScriptOutcome {
  /** `client.global` after the script (the session keeps it). */
  globals: Record<string, string>;
  /** `request.variables` after the script: resolved by `{{name}}` in this request only. */
  variables: Record<string, string>;
  /** `client.test` results, in the order the tests ran. */
  tests: ScriptTestResult[];
  /** `client.log` lines, as written (the session redacts them before they are shown). */
  logs: string[];
  /** Why the script did not finish: an exception, the time limit or the memory limit, naming the script. */
  error?: string;
}

export interface ScriptLimits {
  /** Wall-clock milliseconds before the worker is terminated. */
  timeMs: number;
  /** The worker's old-generation heap, in MB. */
  heapMb: number;
}

export const DEFAULT_SCRIPT_LIMITS: ScriptLimits = { timeMs: 5000, heapMb: 64 };
