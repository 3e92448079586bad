// The JetBrains-style scripts of a request, as the sender runs them (engine/scripts runs each in its
// worker): pre-request scripts before the request is resolved and signed, so a variable they set is
// signed like any other; response handlers on the response, their `client.test` results becoming
// assertion results beside the `??` ones. `client.global` lives in a store the front end owns (the
// language server's for its lifetime, the CLI's for the run), so a token set by one request's
// handler is `{{token}}` in the next.
import { isSecretVariable } from '../syntax/environments';
import type { RequestBlock, Script } from '../syntax/types';
import { runScript } from '../scripts/runner';
import { scriptCode, scriptLabel } from '../scripts/source';
import { DEFAULT_SCRIPT_LIMITS, type ScriptJob, type ScriptLimits, type ScriptOutcome, type ScriptRequest } from '../scripts/types';
import type { AssertionResult } from './assertions';
import type { Redactor } from './redact';
import type { ResponseInfo } from './types';

export interface ScriptPolicy {
  /** Set when scripts must not run (Restricted Mode, `--no-scripts`): the refusal for a request that has scripts, naming the fix. */
  refusal?: (requestLabel: string) => string;
  /** `client.global`: kept by the front end across sessions; a session of its own when absent. */
  globals?: Map<string, string>;
  limits?: ScriptLimits;
  /** The folder script files and `>>` outputs must stay in (the workspace folder); the request file's folder when absent. */
  root?: string;
}

export interface ScriptRun {
  /** `request.variables` set by pre-request scripts: resolved by `{{name}}` in this request. */
  variables: Record<string, string>;
  logs: string[];
  /** `client.test` results and script failures, as assertion results. */
  assertions: AssertionResult[];
  /** A pre-request script failed: the request is not sent. */
  error?: string;
}

export class RequestScripts {
  readonly globals: Map<string, string>;
  private readonly limits: ScriptLimits;

  constructor(
    private readonly policy: ScriptPolicy,
    private readonly filePath: string,
    private readonly root: string,
    private readonly redactor: Redactor,
  ) {
    this.globals = policy.globals ?? new Map<string, string>();
    this.limits = policy.limits ?? DEFAULT_SCRIPT_LIMITS;
    for (const [k, v] of this.globals) this.remember(k, v);
  }

  /** Why this block's scripts may not run, when they may not. */
  refusal(block: RequestBlock, label: string): string | undefined {
    return block.scripts.length && this.policy.refusal ? this.policy.refusal(label) : undefined;
  }

  /** Variables set at run time, for `{{name}}`: globals, then this request's variables over them. */
  variables(requestVariables: Record<string, string> = {}): Record<string, string> {
    return { ...Object.fromEntries(this.globals), ...requestVariables };
  }

  async pre(block: RequestBlock, label: string, env: Readonly<Record<string, string>>): Promise<ScriptRun> {
    const run: ScriptRun = { variables: {}, logs: [], assertions: [] };
    for (const script of block.scripts.filter((s) => s.phase === 'pre')) {
      const before = Object.fromEntries(this.globals);
      const o = await this.run(script, block, label, env, run.variables, before);
      this.absorb(o, run, before);
      if (o.error) return { ...run, error: o.error };
    }
    return run;
  }

  async post(
    block: RequestBlock,
    label: string,
    env: Readonly<Record<string, string>>,
    variables: Record<string, string>,
    response: ResponseInfo,
  ): Promise<ScriptRun> {
    const run: ScriptRun = { variables: { ...variables }, logs: [], assertions: [] };
    for (const script of block.scripts.filter((s) => s.phase === 'post')) {
      const before = Object.fromEntries(this.globals);
      const o = await this.run(script, block, label, env, run.variables, before, {
        status: response.status,
        headers: lowerCased(response.headers),
        bodyText: response.bodyText,
      });
      this.absorb(o, run, before);
      if (o.error) run.assertions.push({ text: scriptLabel(script, label), ok: false, message: o.error, origin: 'script' });
    }
    return run;
  }

  private async run(
    script: Script,
    block: RequestBlock,
    requestLabel: string,
    env: Readonly<Record<string, string>>,
    variables: Record<string, string>,
    globals: Record<string, string>,
    response?: ScriptJob['response'],
  ): Promise<ScriptOutcome> {
    const label = scriptLabel(script, requestLabel);
    let code: string;
    try {
      code = scriptCode(script, this.filePath, this.root, label);
    } catch (e) {
      return { globals, variables, tests: [], logs: [], error: (e as Error).message };
    }
    return runScript(
      {
        label,
        phase: script.phase,
        code,
        globals,
        variables,
        request: scriptRequest(block, env),
        ...(response ? { response } : {}),
      },
      this.limits,
    );
  }

  /**
   * What the script changed in client.global, applied to the store: only its changes, so another
   * send running meanwhile in the same editor (a Send during a Send All) keeps what it set.
   */
  private absorb(o: ScriptOutcome, run: ScriptRun, before: Record<string, string>): void {
    for (const k of Object.keys(before)) if (!Object.prototype.hasOwnProperty.call(o.globals, k)) this.globals.delete(k);
    for (const [k, v] of Object.entries(o.globals)) {
      if (before[k] === v) continue;
      this.globals.set(k, v);
      this.remember(k, v);
    }
    for (const [k, v] of Object.entries(o.variables)) this.remember(k, v);
    run.variables = o.variables;
    run.logs.push(...o.logs.map((l) => this.redactor.redact(l)));
    for (const t of o.tests)
      run.assertions.push({ text: t.name, ok: t.ok, ...(t.message !== undefined ? { message: t.message } : {}), origin: 'script' });
  }

  /** A token a handler stored under a secret-like name (`accessToken`, `token`) is never shown. */
  private remember(name: string, value: string): void {
    if (value !== '' && isSecretVariable(name)) this.redactor.add(value, `<${name}>`);
  }
}

/** The request as written (JetBrains' `request` gives raw text and resolves on demand); secrets of the environment left out. */
function scriptRequest(block: RequestBlock, env: Readonly<Record<string, string>>): ScriptRequest {
  const environment: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (!isSecretVariable(k)) environment[k] = v;
  return {
    method: block.requestLine?.method ?? 'GET',
    url: block.requestLine?.url ?? '',
    headers: block.headers.map((h) => ({ name: h.name, value: h.value })),
    ...(block.body ? { body: block.body.text } : {}),
    environment,
  };
}

function lowerCased(h: ResponseInfo['headers']): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const [k, v] of Object.entries(h)) out[k.toLowerCase()] = v;
  return out;
}
