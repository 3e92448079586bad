// Custom LSP messages shared by the VS Code client and the language server, declared once as typed
// constants (see "Typed messages" below). Plain constants and types only: no import from `vscode` or
// `vscode-languageserver`, so both sides (and the tests' JSON-RPC client) import this file, and the
// client bundle carries nothing else of the engine.

/** An LSP position: 0-based line, UTF-16 character offset. */
export interface ProtocolPosition {
  line: number;
  character: number;
}

/** An LSP range. */
export interface ProtocolRange {
  start: ProtocolPosition;
  end: ProtocolPosition;
}

/** `payoutHttp/canonicalString`: the signed string of the request at a position. */
export const CanonicalStringRequest = { method: 'payoutHttp/canonicalString' } as const;

export interface CanonicalStringParams {
  uri: string;
  position: ProtocolPosition;
}

export interface CanonicalStringSegment {
  /** The field of the signed string template. */
  field: string;
  /** The text this segment is signed as (resolved value, `{{name}}` when unresolved, `undefined`/`0` when omitted). */
  text: string;
  omitted: boolean;
  /** For an omitted field: the literal it is signed as. */
  signedAs?: string;
  /** Where the field's value (or key) is in the body; absent when the field is not in the body. */
  range?: ProtocolRange;
}

export interface CanonicalStringResult {
  endpointId: string;
  /** The string as it will be signed, with the secret shown as `<secretKey>` (never the secret). */
  display: string;
  segments: CanonicalStringSegment[];
  omitted: { field: string; signedAs: string; note?: string }[];
  /** Variables the preview could not resolve (shown as `{{name}}` in `display`). */
  unresolved: string[];
  /** Variables a script of the file sets when the requests run (shown as `{{name}}` in `display` until then). */
  runtime?: string[];
}

/** Result type of the request: null when the position is not in a signed request. */
export type CanonicalStringResponse = CanonicalStringResult | null;

/** `payoutHttp/activeEnvironment`: the client tells the server which environment the user picked. */
export const ActiveEnvironmentNotification = { method: 'payoutHttp/activeEnvironment' } as const;

export interface ActiveEnvironmentParams {
  name: string;
}

/**
 * `payoutHttp/openApiDocuments`: the documents of the `payoutHttp.openapi.documents` setting, sent
 * as `initializationOptions.openApiDocuments` at start and with this notification when the setting
 * changes. The client resolves the workspace-relative paths; the server uses them for every file as
 * if it had `# @openapi <file> <base>`.
 */
export const OpenApiDocumentsNotification = { method: 'payoutHttp/openApiDocuments' } as const;

export interface OpenApiDocumentsParams {
  /** Absolute paths, each with the base variable its requests start with. */
  documents: { file: string; base: string }[];
  /** The setting as written, per folder (OpenApiSettingEntries, below): resolved by the server. */
  settings?: OpenApiSettingEntries[];
}

/**
 * `payoutHttp/environmentChanged`: the server re-read the environment (an env file appeared or
 * changed, the local sandbox's included) and its views of values are stale: the client refreshes
 * what it shows from the server (the signed-string view). CodeLenses are refreshed with
 * `workspace/codeLens/refresh`.
 */
export const EnvironmentChangedNotification = { method: 'payoutHttp/environmentChanged' } as const;

/** The environment used until the client picks one: the local sandbox. */
export const DEFAULT_ENVIRONMENT = 'local';

/**
 * The command behind the "Send request" CodeLens, registered by the client.
 * Arguments: `[uri: string, line: number]`, the 0-based line of the request line.
 */
export const SEND_REQUEST_COMMAND = 'payoutHttp.sendRequest';

export type SendRequestArguments = [uri: string, line: number];

/** The title of the "Send request" CodeLens (the server's, and the VS Code client's own). */
export const SEND_REQUEST_TITLE = '▶ Send request';

/**
 * `initializationOptions[SEND_LENSES_ON_CLIENT] === true`: the client makes each request's Send lens
 * itself (SEND_REQUEST_TITLE, SEND_REQUEST_COMMAND with `[uri, line of the lens]`), and the server
 * lists one lens per request instead of two: `data[0] === CODE_LENS_PREVIEW` on a signed request
 * (the client keeps it; its resolve is the canonical-string preview), `CODE_LENS_SEND` on the others
 * (the client drops it). Half the lenses to build, send and convert for a large file. Without the
 * option (other editors) the server lists both lenses of each request.
 */
export const SEND_LENSES_ON_CLIENT = 'sendLensesOnClient';
export const CODE_LENS_SEND = 0;
export const CODE_LENS_PREVIEW = 1;

/** The language id of `.payout.http` documents. */
export const LANGUAGE_ID = 'payout-http';

// ---- Typed messages ----
// Each custom message is one constant carrying its method and, as phantom types, its params and
// result, so the client (`sendRequest`) and the server (`onRequest`) cannot disagree on a shape.
// Phantom rather than vscode-jsonrpc's RequestType: the client bundle and the server resolve
// different copies of vscode-jsonrpc, and this file stays importable by anything with no dependency.

/** A request: `P` its params, `R` its result. The fields are never set at run time. */
export interface TypedRequest<P, R> {
  readonly method: string;
  /** The params' schema, checked by the server before it runs the request (of `P`: see `request`). */
  readonly params: SchemaNode;
  readonly _params?: P;
  readonly _result?: R;
}
/** A notification with params `P`. */
export interface TypedNotification<P> {
  readonly method: string;
  readonly _params?: P;
}
export type ParamsOf<T> = T extends TypedRequest<infer P, unknown> ? P : T extends TypedNotification<infer P> ? P : never;
export type ResultOf<T> = T extends TypedRequest<unknown, infer R> ? R : never;

/** Every request declares its params' schema, whose type must be `P` exactly (see Schema). */
const request = <P, R>(method: string, params: Schema<P>): TypedRequest<P, R> => ({ method, params });
const notification = <P>(method: string): TypedNotification<P> => ({ method });

// ---- Parameter schemas ----
// A request's params arrive as JSON from any client: the server checks them against the schema
// declared beside the request (issue 22: `language: "toString"` answered `[object Object]`,
// `port: "abc"` a proxy at `http://127.0.0.1:undefined`) and answers InvalidParams naming what is
// wrong. Kept to the few shapes the messages use, so this file stays small and dependency-free.

export type SchemaNode =
  | { t: 'string' | 'number' | 'boolean' }
  | { t: 'int'; min: number; max: number }
  | { t: 'enum'; values: readonly string[] }
  | { t: 'object'; fields: Readonly<Record<string, SchemaNode>> }
  | { t: 'optional'; of: SchemaNode }
  | { t: 'either'; of: readonly SchemaNode[] };

declare const valueType: unique symbol;
/**
 * A schema of values of type `T`: the builders below give each schema the type of what it accepts,
 * and `request<P, R>` takes only a schema of exactly `P` (the phantom field is a function of `T` in
 * and out, so `T` is checked both ways). A request whose TypeScript params and schema disagree (a
 * field missing, extra, optional on one side only, of another type) does not compile
 * (test/protocol/schemaTypes.test.ts).
 */
export type Schema<T = unknown> = SchemaNode & { readonly [valueType]?: (value: T) => T };
/** Any schema, whatever it accepts (the constraint of the builders' type parameters). */
type AnySchema = SchemaNode & { readonly [valueType]?: (value: never) => unknown };
type ValueOf<S> = S extends Schema<infer T> ? T : never;
/** The keys whose schema accepts undefined (`opt`): optional properties of the object type. */
type OptionalKeys<F> = { [K in keyof F]: undefined extends ValueOf<F[K]> ? K : never }[keyof F];
type Flat<T> = { [K in keyof T]: T[K] };
type ObjectOf<F> = Flat<{ [K in Exclude<keyof F, OptionalKeys<F>>]: ValueOf<F[K]> } & { [K in OptionalKeys<F>]?: ValueOf<F[K]> }>;

const str: Schema<string> = { t: 'string' };
const num: Schema<number> = { t: 'number' };
const bool: Schema<boolean> = { t: 'boolean' };
const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Schema<number> => ({ t: 'int', min, max });
const oneOf = <const V extends string>(values: readonly V[]): Schema<V> => ({ t: 'enum', values });
const obj = <F extends Record<string, AnySchema>>(fields: F): Schema<ObjectOf<F>> => ({ t: 'object', fields });
const opt = <T>(of: Schema<T>): Schema<T | undefined> => ({ t: 'optional', of });
const either = <S extends AnySchema[]>(...of: S): Schema<ValueOf<S[number]>> => ({ t: 'either', of });

/** The builders, for a test that a request whose params and schema disagree does not compile. */
export const schemaBuilders = { request, str, num, bool, int, oneOf, obj, opt, either };

function describe(s: SchemaNode): string {
  switch (s.t) {
    case 'int':
      return s.min === 0 && s.max === Number.MAX_SAFE_INTEGER
        ? 'an integer >= 0'
        : s.min === 0
          ? `an integer from 0 to ${s.max}`
          : 'an integer';
    case 'enum':
      return `one of ${s.values.join(', ')}`;
    case 'object':
      return 'an object';
    case 'optional':
      return describe(s.of);
    case 'either':
      return s.of.map(describe).join(' or ');
    default:
      return `a ${s.t}`;
  }
}

/** What is wrong with `value` as `schema` says, naming the field (`params.port`), or undefined when it fits. */
export function schemaProblem(schema: SchemaNode, value: unknown, at = 'params'): string | undefined {
  const got = () => `${at} must be ${describe(schema)}, got ${value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60)}`;
  switch (schema.t) {
    case 'optional':
      return value === undefined ? undefined : schemaProblem(schema.of, value, at);
    case 'either':
      return schema.of.some((s) => schemaProblem(s, value, at) === undefined) ? undefined : got();
    case 'enum':
      return typeof value === 'string' && schema.values.includes(value) ? undefined : got();
    case 'int':
      return Number.isInteger(value) && (value as number) >= schema.min && (value as number) <= schema.max ? undefined : got();
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : got();
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return got();
      for (const [key, field] of Object.entries(schema.fields)) {
        const problem = schemaProblem(field, (value as Record<string, unknown>)[key], `${at}.${key}`);
        if (problem) return problem;
      }
      return undefined;
    }
    default:
      return typeof value === schema.t ? undefined : got();
  }
}

const requestAt = { uri: str, line: int(0) };
const sendSettings = obj({
  timeoutMs: num,
  maxResponseBytes: num,
  retryMaxAttempts: num,
  retryInitialDelayMs: num,
  sandboxAutoStart: bool,
});
const workDoneToken = opt(either(str, int()));
/** Messages without params: `{}` (or none, taken as `{}`). */
const NO_PARAMS = obj({});

// ---- The engine host: what the server runs for the editor ----

/** The editor's send settings (package.json `payoutHttp.*`), read by the client for the file's folder. */
export interface SendSettings {
  timeoutMs: number;
  maxResponseBytes: number;
  retryMaxAttempts: number;
  retryInitialDelayMs: number;
  sandboxAutoStart: boolean;
}

/** A request of an open document: the 0-based line of any line of its block. */
export interface RequestAt {
  uri: string;
  line: number;
}

export type MarkKind = 'ok' | 'bad' | 'neutral';

/** One finished request, as data (the secret is in none of these fields, nor in `text`). */
export interface SentRequest {
  /** `# @name`, else `#N`. */
  label: string;
  /** The key of its response view: the name, else `line-N`. */
  viewKey: string;
  /** 0-based line of the request line in the document sent. */
  line: number;
  method: string;
  url: string;
  status?: number;
  durationMs?: number;
  /** The decoded envelope: `SUCCESS (0)`, `INVALID_SIGNATURE (2): …`. */
  headline?: string;
  verdict?: 'verified' | 'not-verified' | 'not-checkable';
  /**
   * Every check of the response, `??` lines and JetBrains `client.test(...)` results in one list.
   * `line`: 0-based line of a `??` assertion in the document sent (absent for a script's test);
   * `expected`/`actual`: the two values compared, as shown to the user, when there are two.
   */
  assertions: { text: string; ok: boolean; message?: string; line?: number; expected?: string; actual?: string }[];
  /** Why it was not sent or not answered (cancelled included). */
  error?: string;
  ok: boolean;
  /** The inline mark for the request line. */
  mark: { text: string; kind: MarkKind };
  /** The response view's text (engine/http/render.ts). */
  text: string;
  /** The response body as received (capped by the send settings), secrets redacted: "Save Response As…". */
  body?: string;
}

export interface SendOutcome {
  results: SentRequest[];
  /** True when the user cancelled: the in-flight HTTP request was aborted, later ones not sent. */
  cancelled: boolean;
  /** Send All: the summary view's text (one line per request); absent for one request. */
  summary?: string;
  /** The environment the requests were sent with. */
  environment: string;
}

/** `payoutHttp/send`: the request at a line (dependencies it reads are sent first). Work-done progress; cancellable. */
export const SendRequest = request<RequestAt & { settings: SendSettings; workDoneToken?: string | number }, SendOutcome>(
  'payoutHttp/send',
  obj({ ...requestAt, settings: sendSettings, workDoneToken }),
);
/** `payoutHttp/sendAll`: every request of the file in order. Work-done progress; cancellable. */
export const SendAllRequest = request<{ uri: string; settings: SendSettings; workDoneToken?: string | number }, SendOutcome>(
  'payoutHttp/sendAll',
  obj({ uri: str, settings: sendSettings, workDoneToken }),
);

/**
 * One request of a file as the Test Explorer lists it, found without sending anything. `label` is
 * its `# @name`, else its `###` title, else its request line as written.
 */
export interface TestableRequest {
  label: string;
  name?: string;
  /** 0-based line of the request line: the line Send and the test run use. */
  line: number;
  /** The whole block (`###` line to the next one), for the gutter's run icon and "go to test". */
  range: ProtocolRange;
  hasAssertions: boolean;
}
/**
 * `payoutHttp/testableRequests`: a file's requests. The open document's text when it is open, else
 * the file on disk (read bounded); `problem` says why a file could not be read (then no requests).
 */
export const TestableRequestsRequest = request<{ uri: string }, { requests: TestableRequest[]; problem?: string }>(
  'payoutHttp/testableRequests',
  obj({ uri: str }),
);

/** What would be sent, secret-free (the Authorization value masked). */
export interface PreparedData {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signedDisplay?: string;
  secretHeaders: string[];
  problems: string[];
  warnings: string[];
}
/** `payoutHttp/prepare`: the request at a line, resolved and signed, not sent. */
export const PrepareRequest = request<RequestAt & { settings: SendSettings }, PreparedData | null>(
  'payoutHttp/prepare',
  obj({ ...requestAt, settings: sendSettings }),
);
/** `payoutHttp/copyAsCurl`: the request at a line as a curl command (a bearer token stays `$ACCESS_TOKEN`). */
export const CopyAsCurlRequest = request<RequestAt & { settings: SendSettings }, { label: string; curl: string; needsToken: boolean }>(
  'payoutHttp/copyAsCurl',
  obj({ ...requestAt, settings: sendSettings }),
);
/** The languages "Copy Request as Code…" offers (engine/codegen writes one program per language). */
export const CODE_LANGUAGES = ['node', 'python', 'java', 'go', 'php'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
/**
 * `payoutHttp/codeExport`: the request at a line as a standalone program in `language` that signs,
 * sends and verifies it (docs/codegen.md). Secret-free: the program reads its credentials from its
 * environment. `fileName` is what the program expects to be saved as.
 */
export const CodeExportRequest = request<
  RequestAt & { settings: SendSettings; language: CodeLanguage },
  { label: string; endpointId: string; fileName: string; program: string }
>('payoutHttp/codeExport', obj({ ...requestAt, settings: sendSettings, language: oneOf(CODE_LANGUAGES) }));
/** `payoutHttp/explain`: which string a signature from elsewhere covers, as the view's text. */
export const ExplainRequest = request<RequestAt & { signature: string; settings: SendSettings }, { label: string; text: string }>(
  'payoutHttp/explain',
  obj({ ...requestAt, signature: str, settings: sendSettings }),
);
/** `payoutHttp/verifyWebhook`: a pasted webhook body checked with the active environment's keys. */
export const VerifyWebhookRequest = request<
  { uri?: string; payload: string; fromClipboard: boolean },
  { text: string; state: 'verified' | 'not-verified' | 'not-checkable' }
>('payoutHttp/verifyWebhook', obj({ uri: opt(str), payload: str, fromClipboard: bool }));

export interface SandboxStatus {
  running: boolean;
  url?: string;
  /** Started by this server: stopped when the editor shuts the server down. */
  startedHere: boolean;
}
export const SandboxStartRequest = request<Record<string, never>, SandboxStatus>('payoutHttp/sandbox/start', NO_PARAMS);
export const SandboxStopRequest = request<Record<string, never>, { stopped: boolean }>('payoutHttp/sandbox/stop', NO_PARAMS);
export const SandboxStatusRequest = request<Record<string, never>, SandboxStatus>('payoutHttp/sandbox/status', NO_PARAMS);
/** Server → client whenever the local sandbox starts or stops (the status bar item). */
export const SandboxStatusNotification = notification<SandboxStatus>('payoutHttp/sandbox/didChange');

/** The editor's stored secrets of one environment (VS Code SecretStorage). Never logged or shown. */
export interface StoredSecrets {
  secretKey?: string;
  /** PEM text of the partner's private key. */
  privateKeyPem?: string;
}
/**
 * `payoutHttp/secrets` (server → client): the server asks for an environment's stored secrets; the
 * client reads SecretStorage and answers. The server keeps them in memory only, so lint, preview and
 * send see the same values.
 */
export const SecretsRequest = request<{ environment: string }, StoredSecrets>('payoutHttp/secrets', obj({ environment: str }));
/** Client → server: the user stored or forgot a secret of `environment`; ask again. */
export const SecretsChangedNotification = notification<{ environment: string }>('payoutHttp/secretsChanged');

/** Typed handles on the older messages above. */
export const CanonicalString = request<CanonicalStringParams, CanonicalStringResponse>(
  CanonicalStringRequest.method,
  obj({ uri: str, position: obj({ line: int(0), character: int(0) }) }),
);
export const ActiveEnvironment = notification<ActiveEnvironmentParams>(ActiveEnvironmentNotification.method);
export const EnvironmentChanged = notification<Record<string, never>>(EnvironmentChangedNotification.method);
export const OpenApiDocuments = notification<OpenApiDocumentsParams>(OpenApiDocumentsNotification.method);

/** `payoutHttp/environments`: the environments a file can use: `local`, then those of its env files. */
export const EnvironmentsRequest = request<{ uri?: string; folder?: string }, { name: string; source?: string }[]>(
  'payoutHttp/environments',
  obj({ uri: opt(str), folder: opt(str) }),
);

/** `payoutHttp/checkPrivateKey`: can this PEM sign? The problem names the fix and never quotes the key. */
export const CheckPrivateKeyRequest = request<{ pem: string }, { problem?: string }>('payoutHttp/checkPrivateKey', obj({ pem: str }));

/**
 * One workspace folder's `payoutHttp.openapi.documents` entries as the setting holds them
 * (`{ path, base? }`, paths relative to `folder`); the server resolves and checks them.
 */
export interface OpenApiSettingEntries {
  /** Absolute path of the workspace folder; absent when no folder is open. */
  folder?: string;
  entries: unknown;
}

// ---- The inspecting proxy (engine/proxy) for the Traffic view ----

/** `local` for the local sandbox, or the upstream's address. */
export interface ProxyStartParams {
  upstream: string;
  /** Default 0: any free port. */
  port?: number;
  /** A file or folder whose environment files give the keys (default: the first workspace folder's). */
  uri?: string;
  folder?: string;
}

export interface ProxyStatus {
  running: boolean;
  /** The address to point the backend at, e.g. http://127.0.0.1:41327. */
  url?: string;
  upstream?: string;
  environment?: string;
  /** Keys that are missing, each with the fix (the verdicts that need one say "not checkable"). */
  warnings: string[];
}

/** One exchange through the proxy, secret-free (the server redacts before sending). */
export interface ProxyExchange {
  id: number;
  startedAt: string;
  ms: number;
  method: string;
  target: string;
  /** The catalogue endpoint id, or `unknown`. */
  endpoint: string;
  requestSignature: 'verified' | 'mismatch' | 'missing' | 'unsigned' | 'not checkable';
  requestReason?: string;
  /** On a mismatch: the explainer's lines (expected string, what the signature covers, segment diff). */
  explanation: string[];
  problems: { code: string; severity: string; message: string }[];
  status?: number;
  responseSignature?: 'verified' | 'not verified' | 'none' | 'not checkable';
  responseReason?: string;
  /** The response body as received (cut at 64 KiB), secrets redacted. */
  responseBody?: string;
  /** What failed (an upstream that refused, reset or did not answer; a client that gave up). */
  failure?: string;
}

export const ProxyStartRequest = request<ProxyStartParams, ProxyStatus>(
  'payoutHttp/proxy/start',
  obj({ upstream: str, port: opt(int(0, 65535)), uri: opt(str), folder: opt(str) }),
);
export const ProxyStopRequest = request<Record<string, never>, { stopped: boolean }>('payoutHttp/proxy/stop', NO_PARAMS);
/** Sent by the server after each exchange. */
export const ProxyExchangeNotification = notification<ProxyExchange>('payoutHttp/proxy/exchange');
/** An exchange as a `.payout.http` request (body as received, no `signature`, `{{variables}}`). */
export const ProxyOpenAsRequest = request<{ id: number }, { text: string }>('payoutHttp/proxy/openAsRequest', obj({ id: int(0) }));

// ---- The history of what was sent (engine/history; docs/extension.md "History") ----

/** `initializationOptions[HISTORY_DIR_OPTION]`: the folder the server keeps the history in (the extension's storage). */
export const HISTORY_DIR_OPTION = 'historyDir';
/** One exchange of the history as a list shows it (secret-free). */
export interface HistoryItem {
  id: string;
  time: string;
  environment: string;
  label: string;
  uri?: string;
  /** 0-based line of the request line when it was sent. */
  line: number;
  method: string;
  url: string;
  status?: number;
  durationMs?: number;
  headline?: string;
  ok: boolean;
}
/** Newest first; `problems` names entries that could not be read (set aside, the others kept). */
export const HistoryListRequest = request<Record<string, never>, { items: HistoryItem[]; problems: string[] }>(
  'payoutHttp/history/list',
  NO_PARAMS,
);
/** One entry: its response view's text, and the response alone (status, headers, body) for a diff. */
export const HistoryGetRequest = request<{ id: string }, { item: HistoryItem; view: string; response: string } | null>(
  'payoutHttp/history/get',
  obj({ id: str }),
);
export const HistoryClearRequest = request<Record<string, never>, { cleared: number }>('payoutHttp/history/clear', NO_PARAMS);
/** Where the entry's request is in its file now (found by `# @name`, else by line); the file must be open. */
export const HistoryLocateRequest = request<{ id: string }, { uri: string; line: number }>('payoutHttp/history/locate', obj({ id: str }));
/** Server → client: an entry was added or the history cleared. */
export const HistoryChangedNotification = notification<Record<string, never>>('payoutHttp/history/didChange');
