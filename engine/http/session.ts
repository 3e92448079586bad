// Sending the requests of one .payout.http file: dependencies first (a request that reads
// `{{quote.response...}}` sends `quote` first when it has no response yet), then the request
// itself with retry where the catalogue allows it, the duplicate-create lookup, the response's
// signature verdict and the assertions. The clock, ids, sleeping and the sandbox start-up are
// parameters, so the whole flow runs deterministically in tests.
import { randomUUID } from 'node:crypto';
import { BODY_FILE_MAX_BYTES, readBoundedText } from '../util/readBounded';
import { basename, dirname, isAbsolute, resolve as resolvePath } from 'node:path';
import type { Endpoint } from '../catalogue/types';
import { loadOpenApiDocuments, openApiDirectives, type OpenApiDirective } from '../openapi/userDocuments';
import type { Assertion, ParsedFile, RequestBlock, VariableDefinition } from '../syntax/types';
import { parseHttpFile, requestByName } from '../syntax/parser';
import { isSecretVariable } from '../syntax/environments';
import {
  defaultSystemVariables,
  resolveRequest,
  resolveString,
  type ResolveContext,
  type ResolvedRequest,
  type ResponseSnapshot,
  type SystemVariables,
} from '../syntax/resolve';
import { evaluateAssertions, type AssertionResult } from './assertions';
import { loadCredentials, type Credentials } from './credentials';
import { decodeEnvelope, type DecodedEnvelope } from './decode';
import type { SelectedEnvironment } from '../workspace/environment';
import type { CandidateSource } from '../signing';
import { environmentSources, fileSources, objectSources } from '../workspace/explainSources';
import { writeRedirect } from './outputRedirect';
import { prepareRequest, prepareSynthetic, type Prepared, type PrepareContext } from './prepare';
import { maskToken, Redactor } from './redact';
import { RequestScripts, type ScriptPolicy } from './requestScripts';
import { variablesSetByScripts } from '../syntax/scriptVariables';
import { schemaOutcome } from './schema';
import {
  createsOrder,
  DUPLICATE_CODE,
  orderLookupFor,
  orderMayExist,
  retryDecision,
  DEFAULT_RETRY_POLICY,
  type RetryPolicy,
} from './retry';
import { findRunTarget, importsOf, runStepsOf, type RunStep } from '../syntax/runLines';
import { TokenCache } from './tokenCache';
import { userTemplate } from './userDependency';
import { exchangeToken } from './tokens';
import { httpSend, TransportError, type TransportOptions } from './transport';
import type { AttemptInfo, PreparedRequest, ResponseInfo, SendResult } from './types';
import { verifyResponse, type Verdict } from './verify';

export interface SessionDeps {
  /** Epoch milliseconds: system variables, token expiry, client assertion iat. */
  now?: () => number;
  uuid?: () => string;
  sleep?: (ms: number) => Promise<void>;
  transport?: TransportOptions;
  retryPolicy?: RetryPolicy;
  /** Shared between sessions (the editor keeps one for its lifetime). */
  tokenCache?: TokenCache;
  /**
   * Called once before the first request goes out (or is signed) when the environment is the local
   * sandbox's: starts or reuses it and returns the environment re-read (base_url now points at it).
   */
  prepareLocal?: (env: SelectedEnvironment) => Promise<SelectedEnvironment>;
  /** Told about every finished request, dependencies included, in the order they finish. */
  onResult?: (result: SendResult) => void;
  /** Told when a request goes out (signed, resolved), before its response: a hanging request is visible. */
  onStart?: (prepared: PreparedRequest) => void;
  /** The request files' JetBrains-style scripts: run (the default, `client.global` kept by this session) or refused. */
  scripts?: ScriptPolicy;
  /**
   * The last response of each named request, kept by the caller beyond this session (the editor keeps
   * one per file and environment while it runs), so a step re-sent alone reuses what its dependency
   * answered before instead of sending it again. A new map when absent (the CLI: one run).
   */
  responses?: Map<string, ResponseSnapshot>;
}

export interface SessionOptions {
  /** The request file, absolute or relative to the working directory. */
  filePath: string;
  /** The file's text; read from filePath when absent (the editor passes the unsaved buffer). */
  text?: string;
  environment: SelectedEnvironment;
  /**
   * OpenAPI documents named outside the file (the editor's setting, the CLI's `--openapi`), paths
   * resolved. The file's own `# @openapi` directives are read by the session.
   */
  openApiDocuments?: readonly OpenApiDirective[];
  deps?: SessionDeps;
  /**
   * Values the caller has at hand besides the file, the environments and this session's own sends,
   * for explaining a signature (the editor's earlier sends; a history of what was sent).
   */
  explainSources?: () => readonly CandidateSource[];
  /** How many files' `run` lines this session is sent from (a session of an imported file: 1 or more). */
  runDepth?: number;
}

/** How deep `run` and `import` may chain files: a file that runs itself through others stops here. */
const MAX_RUN_DEPTH = 8;
/** The files `run ./file` and `import` may name: request files, nothing else is read as one. */
const REQUEST_FILE = /\.(?:http|rest)$/i;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export class PayoutSession {
  readonly file: ParsedFile;
  readonly filePath: string;
  readonly fileDir: string;
  readonly redactor = new Redactor();
  private env: SelectedEnvironment;
  private localReady = false;
  private readonly deps: Required<Pick<SessionDeps, 'now' | 'uuid' | 'sleep'>> & SessionDeps;
  private readonly tokens: TokenCache;
  private readonly responses: Map<string, ResponseSnapshot>;
  private readonly results = new Map<RequestBlock, SendResult>();
  private readonly inFlight = new Set<RequestBlock>();
  private loadedCredentials?: Credentials;
  private readonly configuredDocuments: readonly OpenApiDirective[];
  private openApi?: { endpoints?: Endpoint[]; problems: string[] };
  private readonly callerSources?: () => readonly CandidateSource[];
  private readonly scripts: RequestScripts;
  /** `request.variables` of the request being prepared (set by its pre-request scripts). */
  private requestVariables: Record<string, string> = {};
  /** What `run … (@name=value)` gives the requests it sends, over the file's variables. */
  private overrides: Record<string, string> = {};
  /** Sessions of the files `import` and `run ./file` name, by absolute path, or why one cannot be read. */
  private readonly others = new Map<string, PayoutSession | string>();
  private readonly runDepth: number;
  private readonly options: SessionOptions;

  constructor(options: SessionOptions) {
    this.options = options;
    this.runDepth = options.runDepth ?? 0;
    this.filePath = isAbsolute(options.filePath) ? options.filePath : resolvePath(options.filePath);
    this.fileDir = dirname(this.filePath);
    this.file = parseHttpFile(options.text ?? readBoundedText(this.filePath, { maxBytes: BODY_FILE_MAX_BYTES }));
    this.env = options.environment;
    this.configuredDocuments = options.openApiDocuments ?? [];
    this.callerSources = options.explainSources;
    const d = options.deps ?? {};
    this.deps = {
      ...d,
      now: d.now ?? Date.now,
      uuid: d.uuid ?? randomUUID,
      sleep: d.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    };
    this.tokens = d.tokenCache ?? new TokenCache({ now: this.deps.now });
    this.responses = d.responses ?? new Map<string, ResponseSnapshot>();
    this.rememberSecrets();
    this.scripts = new RequestScripts(d.scripts ?? {}, this.filePath, d.scripts?.root ?? this.fileDir, this.redactor);
  }

  /**
   * The user's OpenAPI documents (directives, then configured ones), loaded once per session: one
   * array, so the catalogue's index of it is built once. `problems` name each fix.
   */
  openApiDocuments(): { endpoints?: Endpoint[]; problems: string[] } {
    if (!this.openApi) {
      const problems: string[] = [];
      const docs: OpenApiDirective[] = [];
      for (const { parsed, directive } of openApiDirectives(this.file.blocks, this.filePath)) {
        if ('problem' in parsed) problems.push(`# @openapi ${directive.value}: ${parsed.problem}`);
        else docs.push(parsed);
      }
      const loaded = loadOpenApiDocuments([...docs, ...this.configuredDocuments]);
      this.openApi = { ...(loaded.endpoints.length ? { endpoints: loaded.endpoints } : {}), problems: [...problems, ...loaded.problems] };
    }
    return this.openApi;
  }

  get environment(): SelectedEnvironment {
    return this.env;
  }

  /**
   * The requests sending `blocks` sends, dependencies first, each once: what `send --name` will count.
   * Read from the text (`{{name.response...}}` in the block or in the file variables it uses), so it
   * needs no environment; the session then sends exactly these.
   */
  plan(blocks: readonly RequestBlock[]): RequestBlock[] {
    const out: RequestBlock[] = [];
    const vars = new Map(this.file.variables.map((v) => [v.name, v.value]));
    const visit = (block: RequestBlock, seen: Set<RequestBlock>) => {
      if (out.includes(block) || seen.has(block)) return;
      seen.add(block);
      const texts = block.references.filter((r) => r.kind === 'variable').map((r) => vars.get(r.name) ?? '');
      const user = userTemplate(block, /"userEmail"\s*:\s*"[^"]/.test(block.body?.text ?? ''), this.openApiDocuments().endpoints);
      if (user) texts.push(user);
      const names = new Set(block.references.filter((r) => r.kind === 'request').map((r) => r.name));
      const pending = [...texts];
      const seenVars = new Set<string>();
      while (pending.length) {
        const text = pending.pop()!;
        for (const m of text.matchAll(/\{\{\s*([A-Za-z_][\w-]*)\.response\b/g)) names.add(m[1]);
        for (const m of text.matchAll(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g)) {
          if (!seenVars.has(m[1]) && vars.has(m[1])) pending.push(vars.get(m[1])!);
          seenVars.add(m[1]);
        }
      }
      for (const n of names) {
        const dep = this.request(n);
        if (dep && dep !== block) visit(dep, seen);
      }
      // `run #Name` of this file's requests; those of other files are counted as they finish.
      for (const step of runStepsOf(block)) {
        const target = step.kind === 'request' ? findRunTarget(this.file.requests, step.target) : undefined;
        if (target && target !== block) visit(target, seen);
      }
      if (block.requestLine) out.push(block);
    };
    for (const b of blocks) visit(b, new Set());
    return out;
  }

  /** Requests of the file, in order. */
  get requests(): RequestBlock[] {
    return this.file.requests;
  }

  /** What sending the whole file sends, in file order: every request, and every block of `run` lines alone. */
  get sendAllBlocks(): RequestBlock[] {
    return this.file.blocks.filter((b) => b.requestLine || runStepsOf(b).length);
  }

  /** The request named `name`, or undefined (then `requestNames` lists what there is). */
  request(name: string): RequestBlock | undefined {
    return requestByName(this.file, name);
  }

  get requestNames(): string[] {
    return this.file.requests.map((b, i) => b.name ?? `#${i + 1}`);
  }

  private rememberSecrets(): void {
    for (const [name, value] of Object.entries(this.env.variables)) {
      if (isSecretVariable(name)) this.redactor.add(value, `<${name}>`);
    }
  }

  /** Secrets a response carries (a token exchange's accessToken): kept for references, never shown. */
  private rememberResponseSecrets(value: unknown, depth = 0): void {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'string' && isSecretVariable(k)) this.redactor.add(v, `<${k}>`);
      else this.rememberResponseSecrets(v, depth + 1);
    }
  }

  private async ensureLocal(): Promise<void> {
    if (this.localReady || !this.env.local || !this.deps.prepareLocal) return;
    this.env = await this.deps.prepareLocal(this.env);
    this.localReady = true;
    this.loadedCredentials = undefined;
    this.rememberSecrets();
  }

  private system(): SystemVariables {
    const base = defaultSystemVariables(this.fileDir);
    return { ...base, now: () => new Date(this.deps.now()), uuid: this.deps.uuid };
  }

  private resolveContext(system: SystemVariables = this.system()): ResolveContext {
    return {
      file: this.file,
      ...(Object.keys(this.overrides).length ? { variables: this.variablesWithOverrides() } : {}),
      // What scripts set (client.global, request.variables) over the environment, as JetBrains resolves them.
      env: { ...this.env.variables, ...this.scripts.variables(this.requestVariables) },
      system,
      response: (name) => this.responses.get(name),
      readFile: (p) => {
        try {
          // Bounded: a body file that is a FIFO or a device must not hang or exhaust the sender.
          return readBoundedText(isAbsolute(p) ? p : resolvePath(this.fileDir, p), { maxBytes: BODY_FILE_MAX_BYTES });
        } catch {
          return undefined;
        }
      },
    };
  }

  /** The partner credentials of the environment (keys parsed once). Holds secrets: never print. */
  credentials(): Credentials {
    if (!this.loadedCredentials) {
      const ctx = this.resolveContext();
      this.loadedCredentials = loadCredentials((name) => {
        if (this.env.variables[name] === undefined) return undefined;
        const r = resolveString(this.env.variables[name], ctx);
        return r.unresolved.length ? undefined : r.value;
      }, this.env.name);
      if (this.loadedCredentials.secretKey) this.redactor.add(this.loadedCredentials.secretKey, '<secretKey>');
    }
    return this.loadedCredentials;
  }

  /**
   * Everything at hand for explain's value search: this session's earlier sends and their responses
   * (newest first), the caller's sources (the editor's earlier sends, a history), the literal values
   * of the file's other requests, the environments' plain variables.
   */
  explainSources(except?: RequestBlock): CandidateSource[] {
    const sent = [...this.results.values()]
      .reverse()
      .flatMap((r) => [
        ...objectSources(`an earlier send of ${r.prepared.label} in this run`, r.prepared.bodyJson),
        ...objectSources(`the response to ${r.prepared.label} in this run`, r.response?.body),
      ]);
    return [...sent, ...(this.callerSources?.() ?? []), ...fileSources(this.file.requests, except), ...environmentSources(this.fileDir)];
  }

  private prepareContext(withToken: boolean): PrepareContext {
    const creds = this.credentials();
    return {
      resolve: this.resolveContext(),
      credentials: creds,
      explainSources: () => this.explainSources(),
      redactor: this.redactor,
      extraEndpoints: this.openApiDocuments().endpoints,
      now: this.deps.now,
      uuid: this.deps.uuid,
      ...(withToken
        ? {
            token: (user: string, baseUrl: string) =>
              this.tokens.get(TokenCache.key(baseUrl, creds.partnerCode ?? '', user), () =>
                exchangeToken({
                  baseUrl,
                  userEmail: user,
                  partnerCode: creds.partnerCode!,
                  privateKey: creds.privateKey!,
                  now: this.deps.now(),
                  jti: this.deps.uuid(),
                  redactor: this.redactor,
                  transport: this.deps.transport,
                }),
              ),
          }
        : {}),
    };
  }

  /**
   * The request as it would be sent, without sending anything (`sign`, `curl`, previews): no token
   * is exchanged and no dependency is sent; what is missing is listed in `problems`.
   */
  async prepare(block: RequestBlock, options: { explainTyped?: boolean } = {}): Promise<PreparedRequest> {
    await this.ensureLocal();
    const ctx = this.prepareContext(false);
    // `explain` explains the typed signature itself, with more at hand (other keys, the history):
    // explaining it here too would run the search (up to its 2 s budget) twice.
    if (options.explainTyped === false) ctx.explainTyped = false;
    const p = await prepareRequest(block, this.indexOf(block), ctx);
    // Scripts run only when sending: a name one sets is not "undefined", it is not known yet.
    const runtime = new Set(this.file.blocks.flatMap((b) => variablesSetByScripts(b)));
    p.problems = p.problems.map((problem) => {
      const name = [...runtime].find((n) => problem.includes(`\`${n}\` is not defined`));
      return name
        ? `{{${name}}} is set at run time by a script of this file: \`send\` runs the script and resolves it; signing, curl and code export do not run scripts`
        : problem;
    });
    return strip(p);
  }

  private indexOf(block: RequestBlock): number {
    return this.file.requests.indexOf(block);
  }

  /** The result of an earlier send of this block in this session, if any. */
  resultOf(block: RequestBlock): SendResult | undefined {
    return this.results.get(block);
  }

  /** Sends every request (and `run` block) in file order; one already sent as a dependency is not sent twice. */
  async sendAll(): Promise<SendResult[]> {
    const out: SendResult[] = [];
    for (const block of this.sendAllBlocks) out.push(this.results.get(block) ?? (await this.send(block)));
    return out;
  }

  async send(block: RequestBlock): Promise<SendResult> {
    await this.ensureLocal();
    if (this.inFlight.has(block)) {
      const label = block.name ?? `#${this.indexOf(block) + 1}`;
      return this.finish(
        failed(
          emptyPrepared(block, label),
          `requests depend on each other in a cycle through ${label} (\`{{name.response…}}\` references or \`run\` lines); break the cycle`,
        ),
      );
    }
    this.inFlight.add(block);
    try {
      return block.requestLine ? await this.sendOnce(block) : await this.runOnly(block);
    } finally {
      this.inFlight.delete(block);
    }
  }

  /**
   * Sends what `block` reads first. `resolved`: the dry resolution, still valid when nothing was sent
   * (no response changed), so preparing does not resolve the block a second time.
   */
  private async sendDependencies(block: RequestBlock): Promise<{ problems: string[]; resolved?: ResolvedRequest }> {
    // A dry resolution tells which named requests this one reads (directly or through variables).
    // Resolution only: preparing would also sign the body (an RSA signature per request, thrown away).
    const ctx = this.resolveContext();
    const dry = resolveRequest(block, ctx);
    const names = new Set(dry.requestRefs);
    // The token's user (`# @user {{userEmail}}`) is resolved by prepare, not by resolveRequest.
    const body = dry.bodyValue;
    const bodyNamesUser = isRecord(body) && typeof body.userEmail === 'string' && body.userEmail !== '';
    const user = userTemplate(block, bodyNamesUser, this.openApiDocuments().endpoints);
    if (user) for (const n of resolveString(user, ctx).requestRefs) if (n !== block.name) names.add(n);
    const problems: string[] = [];
    let sent = false;
    for (const name of names) {
      if (this.responses.has(name)) continue;
      const dep = this.request(name);
      if (!dep) continue; // reported by resolution with the fix
      sent = true;
      const r = await this.send(dep);
      if (!r.response) problems.push(`the request it depends on, ${name}, got no response: ${r.error ?? 'see above'}`);
    }
    return sent ? { problems } : { problems, resolved: dry };
  }

  /** A block of `run` lines alone: its steps, reported by the requests they send; a failed result when one could not run. */
  private async runOnly(block: RequestBlock): Promise<SendResult> {
    const steps = runStepsOf(block);
    const label = steps[0]?.text ?? 'run';
    const problems = await this.runSteps(block);
    if (problems.length) return this.finish(failed(emptyPrepared(block, label), problems.join('\n')), block);
    // Done: kept so Send All does not run the block twice, not reported (its requests were).
    const done: SendResult = { prepared: emptyPrepared(block, label), assertions: [], attempts: [], ok: true };
    this.results.set(block, done);
    return done;
  }

  /** The block's `run` lines, in order: what each could not do, naming the line and the fix. */
  private async runSteps(block: RequestBlock): Promise<string[]> {
    const problems: string[] = [];
    for (const step of runStepsOf(block)) {
      const problem = await this.runStep(step);
      if (problem) problems.push(`${step.text}: ${problem}`);
    }
    return problems;
  }

  private async runStep(step: RunStep): Promise<string | undefined> {
    if (step.kind === 'invalid') return step.problem;
    if (step.kind === 'file') {
      const other = this.other(step.path);
      if (typeof other === 'string') return other;
      const results = await other.withOverrides(step.overrides, () => other.sendAll());
      const unanswered = results.filter((r) => !r.ok).length;
      return unanswered ? `${unanswered} of its ${results.length} request(s) failed (see above)` : undefined;
    }
    const here = findRunTarget(this.file.requests, step.target);
    if (here) return outcome(await this.withOverrides(step.overrides, () => this.send(here)));
    const imports = importsOf(this.file.blocks);
    for (const path of imports) {
      const other = this.other(path);
      if (typeof other === 'string') return `import ${path}: ${other}`;
      const there = findRunTarget(other.requests, step.target);
      if (there) return outcome(await other.withOverrides(step.overrides, () => other.send(there)));
    }
    return `no request is named ${step.target} in this file${imports.length ? ' or the files it imports' : ''}: give one that name (### ${step.target}, or # @name), or import the file that has it (import ./other.http)`;
  }

  /** Runs `f` with `run`'s variables over the file's (nested runs add theirs). */
  private async withOverrides<T>(overrides: Record<string, string>, f: () => Promise<T>): Promise<T> {
    const before = this.overrides;
    this.overrides = { ...before, ...overrides };
    try {
      return await f();
    } finally {
      this.overrides = before;
    }
  }

  /** The file's variables with `run`'s values in place of (or beside) its definitions. */
  private variablesWithOverrides(): Map<string, VariableDefinition> {
    const m = new Map(this.file.variables.map((v) => [v.name, v]));
    const nowhere = { start: 0, end: 0 };
    for (const [name, value] of Object.entries(this.overrides))
      m.set(name, { name, value, span: nowhere, nameSpan: nowhere, valueSpan: nowhere });
    return m;
  }

  /**
   * The session of another request file (`import`, `run ./file`), relative to this one: the same
   * environment, token cache, responses and scripts policy; its results reported with the file's
   * name in their label. A string says why it cannot be used.
   */
  private other(path: string): PayoutSession | string {
    const file = resolvePath(this.fileDir, path);
    const known = this.others.get(file);
    if (known !== undefined) return known;
    let made: PayoutSession | string;
    if (!REQUEST_FILE.test(file)) made = `${path} is not a request file: name a .http or .rest file`;
    else if (this.runDepth + 1 > MAX_RUN_DEPTH)
      made = `run and import go more than ${MAX_RUN_DEPTH} files deep (do the files run each other?): run the requests from one file`;
    else {
      // Its labels name the file, so a report never takes its `#1` (or its name) for this file's.
      const name = basename(file);
      const relabel = <T extends PreparedRequest>(p: T): T => ({ ...p, label: `${name}: ${p.label}`, name: undefined, title: undefined });
      const { onResult, onStart } = this.deps;
      try {
        made = new PayoutSession({
          ...this.options,
          filePath: file,
          text: undefined,
          environment: this.env,
          runDepth: this.runDepth + 1,
          deps: {
            ...this.deps,
            tokenCache: this.tokens,
            responses: this.responses,
            onResult: onResult && ((r) => onResult({ ...r, prepared: relabel(r.prepared) })),
            onStart: onStart && ((p) => onStart(relabel(p))),
          },
        });
      } catch (e) {
        made = `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): check the path, relative to this file`;
      }
    }
    this.others.set(file, made);
    return made;
  }

  private async sendOnce(block: RequestBlock): Promise<SendResult> {
    const label = block.name ?? `#${this.indexOf(block) + 1}`;
    const refusal = this.scripts.refusal(block, label);
    if (refusal) return this.finish(failed(emptyPrepared(block, label), refusal), block);
    const runProblems = await this.runSteps(block);
    const deps = await this.sendDependencies(block);
    const dry = deps.resolved;
    const depProblems = [...runProblems, ...deps.problems];
    // Pre-request scripts first: what they set is resolved, and signed, like any variable.
    const pre = await this.scripts.pre(block, label, this.env.variables);
    if (pre.error) return this.finish({ ...failed(emptyPrepared(block, label), pre.error), scriptLogs: pre.logs }, block);
    const hasPre = block.scripts.some((s) => s.phase === 'pre');
    let prepared: Prepared;
    this.requestVariables = pre.variables;
    try {
      prepared = await prepareRequest(block, this.indexOf(block), this.prepareContext(true), hasPre ? undefined : dry);
    } finally {
      this.requestVariables = {};
    }
    if (depProblems.length || prepared.problems.length) {
      return this.finish(failed(strip(prepared), [...depProblems, ...prepared.problems].join('\n')), block);
    }
    this.deps.onStart?.(strip(prepared));
    const result = await this.exchange(prepared, block.assertions);
    if (result.response) await this.afterResponse(block, label, result, pre.variables, pre.logs);
    else if (pre.logs.length) result.scriptLogs = pre.logs;
    if (result.response && block.name) {
      this.responses.set(block.name, {
        status: result.response.status,
        headers: flatHeaders(result.response.headers),
        body: result.response.body ?? result.response.bodyText,
        request: {
          headers: result.prepared.headers,
          body: result.prepared.bodyJson ?? result.prepared.body,
          secretHeaders: result.prepared.secretHeaders,
        },
      });
    }
    return this.finish(result, block);
  }

  /** Response handlers (their tests join the assertions), then `>> file`. */
  private async afterResponse(
    block: RequestBlock,
    label: string,
    result: SendResult,
    variables: Record<string, string>,
    logs: string[],
  ): Promise<void> {
    const response = result.response!;
    if (block.scripts.some((s) => s.phase === 'post')) {
      const post = await this.scripts.post(block, label, this.env.variables, variables, response);
      logs = [...logs, ...post.logs];
      result.assertions.push(...post.assertions);
    }
    if (logs.length) result.scriptLogs = logs;
    if (block.outputRedirect) {
      try {
        result.savedBodyTo = writeRedirect(block.outputRedirect, response.bodyText, this.filePath, this.deps.scripts?.root ?? this.fileDir);
      } catch (e) {
        result.assertions.push({
          text: block.outputRedirect.force ? `>>! ${block.outputRedirect.path}` : `>> ${block.outputRedirect.path}`,
          ok: false,
          message: (e as Error).message,
          origin: 'script',
        });
      }
    }
    result.ok = judge(result);
  }

  /** Sends a prepared request with retries, verifies it, evaluates assertions. */
  private async exchange(prepared: Prepared, assertions: readonly Assertion[]): Promise<SendResult> {
    const endpoint = prepared.endpoint;
    const creds = this.credentials();
    const attempts: AttemptInfo[] = [];
    const policy = this.deps.retryPolicy ?? DEFAULT_RETRY_POLICY;
    let response: ResponseInfo | undefined;
    let decoded: DecodedEnvelope | undefined;
    let tokenRetried = false;
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await httpSend(
          { method: prepared.method, url: prepared.url, headers: prepared.headers, body: prepared.body },
          this.deps.transport,
        );
        response = { ...r, body: parseJson(r.bodyText) };
        this.rememberResponseSecrets(response.body);
      } catch (err) {
        let message = err instanceof TransportError ? err.message : `the request could not be sent: ${(err as Error).message}`;
        // A create that timed out may have created the order: say how to look it up before sending again.
        if (err instanceof TransportError && err.code === 'timeout' && endpoint && createsOrder(endpoint))
          message += `. ${orderMayExist(endpoint, prepared.bodyJson)}`;
        return { ...failed(strip(prepared), message), attempts };
      }
      decoded = decodeEnvelope(response.body, response.status, endpoint);
      const info: AttemptInfo = { attempt, status: response.status, headline: decoded.headline };
      attempts.push(info);
      // A cached token the service no longer accepts: exchange a fresh one once (doc 2 §7).
      if (
        decoded.semanticCode === 'ACCESS_TOKEN_INVALID' &&
        prepared.tokenInfo &&
        !prepared.tokenInfo.fresh &&
        !tokenRetried &&
        prepared.baseUrl
      ) {
        tokenRetried = true;
        this.tokens.invalidate(TokenCache.key(prepared.baseUrl, creds.partnerCode ?? '', prepared.tokenInfo.user));
        try {
          const { token, fresh } = await this.prepareContext(true).token!(prepared.tokenInfo.user, prepared.baseUrl);
          prepared.headers.Authorization = `Bearer ${token.accessToken}`;
          prepared.tokenInfo = { ...prepared.tokenInfo, fresh, expiresAt: token.expiresAt };
        } catch (err) {
          return {
            ...failed(
              strip(prepared),
              `the cached access token was refused and a fresh one could not be obtained: ${(err as Error).message}`,
            ),
            attempts,
          };
        }
        info.retryReason = 'the cached access token was refused; exchanged a fresh one';
        continue;
      }
      if (decoded.success || !decoded.error) break;
      const decision = retryDecision({ endpoint, error: decoded.error, body: prepared.bodyJson, attempt, policy });
      info.retryReason = decision.reason;
      if (!decision.retry) break;
      info.delayMs = decision.delayMs;
      // The same bytes again: same externalOrderId, same signature, so a create cannot double.
      await this.deps.sleep(decision.delayMs);
    }

    const verdict: Verdict = verifyResponse(endpoint, response.body, {
      servicePublicKey: creds.servicePublicKey,
      servicePublicKeyProblem: creds.problems.servicePublicKey,
      secretKey: creds.secretKey,
      secretKeyProblem: creds.problems.secretKey,
      // The response usually echoes the request: its values come first.
      explainSources: () => [...objectSources(`the request ${prepared.label} as sent`, prepared.bodyJson), ...this.explainSources()],
    });

    const schema = schemaOutcome(endpoint, response);
    const result: SendResult = {
      prepared: strip(prepared),
      response,
      decoded,
      verdict,
      ...(schema ? { schema } : {}),
      assertions: [],
      attempts,
      ok: false,
    };
    if (prepared.tokenInfo) {
      result.token = { ...prepared.tokenInfo, masked: maskToken(prepared.headers.Authorization?.replace(/^Bearer /, '') ?? '') };
    }

    // Doc 1 §7, code 11: "usually the earlier attempt succeeded, so fetch the order".
    if (endpoint && createsOrder(endpoint) && decoded.errorCode === DUPLICATE_CODE && isRecord(prepared.bodyJson)) {
      result.duplicateLookup = await this.lookupOrder(prepared);
    }

    result.assertions = this.evaluate(assertions, result);
    result.ok = judge(result);
    return result;
  }

  private async lookupOrder(original: Prepared): Promise<SendResult | undefined> {
    const endpoint = original.endpoint!;
    const lookup = orderLookupFor(endpoint);
    const body = original.bodyJson as Record<string, unknown>;
    const id = body.externalOrderId;
    if (!lookup || typeof id !== 'string' || !original.baseUrl) return undefined;
    const creds = this.credentials();
    const auth = Object.entries(original.headers).find(([k]) => k.toLowerCase() === 'authorization');
    const p =
      lookup.method === 'GET'
        ? prepareSynthetic(
            lookup,
            original.baseUrl,
            { pathParams: { externalOrderId: id }, headers: auth ? { [auth[0]]: auth[1] } : {} },
            creds,
            `${original.label} (order lookup)`,
          )
        : prepareSynthetic(
            lookup,
            original.baseUrl,
            { body: { partnerCode: body.partnerCode ?? creds.partnerCode, externalOrderId: id } },
            creds,
            `${original.label} (order lookup)`,
          );
    if (p.problems.length) return failed(strip(p), p.problems.join('\n'));
    // Reported inside the result of the create, not as a request of its own.
    return this.redactResult(await this.exchange(p, []));
  }

  private evaluate(assertions: readonly Assertion[], r: SendResult): AssertionResult[] {
    if (!r.response || assertions.length === 0) return [];
    const ctx = this.resolveContext();
    // `?? body data.externalOrderId == {{orderId}}`: the expected side may use variables.
    const resolved = assertions.map((a) => (a.expected?.includes('{{') ? { ...a, expected: resolveString(a.expected, ctx).value } : a));
    return evaluateAssertions(resolved, {
      status: r.response.status,
      headers: r.response.headers,
      body: r.response.body ?? r.response.bodyText,
      durationMs: r.response.durationMs,
      verdict: r.verdict,
      schema: r.schema,
    });
  }

  private finish(result: SendResult, block?: RequestBlock): SendResult {
    const safe = this.redactResult(result);
    if (block) this.results.set(block, safe);
    this.deps.onResult?.(safe);
    return safe;
  }

  /** The result with every secret value replaced by its label (deep, through every string). */
  redactResult<T>(value: T): T {
    return redactDeep(value, this.redactor) as T;
  }
}

function redactDeep(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.redact(value);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, redactor);
    return out;
  }
  return value; // endpoint specs, key objects and the like carry no secrets
}

/** Drops the internal fields and masks secret headers. */
function strip(p: Prepared): PreparedRequest {
  const { baseUrl: _b, requestRefs: _r, tokenInfo: _t, ...rest } = p;
  void _b;
  void _r;
  void _t;
  const headers = { ...rest.headers };
  for (const h of rest.secretHeaders) {
    const k = Object.keys(headers).find((x) => x.toLowerCase() === h.toLowerCase());
    if (k && !headers[k].includes('<accessToken>'))
      headers[k] = headers[k].replace(/^(Bearer\s+)?(.*)$/i, (_, b: string | undefined, t: string) => `${b ?? ''}${maskToken(t)}`);
  }
  return { ...rest, headers };
}

function emptyPrepared(block: RequestBlock, label: string): Prepared {
  return {
    label,
    ...(block.name ? { name: block.name } : {}),
    method: block.requestLine?.method ?? 'GET',
    url: block.requestLine?.url ?? '',
    headers: {},
    secretHeaders: [],
    problems: [],
    warnings: [],
    requestRefs: [],
  };
}

/** A `run` step's outcome: undefined when its request was answered, else why not. */
function outcome(r: SendResult): string | undefined {
  return r.response ? undefined : `${r.prepared.label} got no response: ${r.error ?? 'see above'}`;
}

function failed(prepared: PreparedRequest, error: string): SendResult {
  return { prepared, assertions: [], attempts: [], error, ok: false };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function flatHeaders(h: ResponseInfo['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * Pass or fail (docs/http.md): with assertions, they decide, and a response whose signature does
 * not verify fails unless an assertion is about the signature; without assertions, the request
 * passes when the service answered success (v2 `success: true`, v3 `SUCCESS`, otherwise HTTP 2xx)
 * and the signature is not proven wrong.
 */
export function judge(r: SendResult): boolean {
  if (r.error || !r.response) return false;
  const signatureAsserted = r.assertions.some((a) => /^\?\?\s*signature\b/.test(a.text.trim()) || /^signature\b/.test(a.text.trim()));
  if (r.verdict?.state === 'not-verified' && !signatureAsserted) return false;
  if (r.assertions.length > 0) return r.assertions.every((a) => a.ok);
  const d = r.decoded;
  if (!d || d.kind === 'other') return r.response.status >= 200 && r.response.status < 300;
  return d.success;
}
