// Custom LSP messages shared by the VS Code client and the language server, declared once.
// Plain constants and types only: no import from `vscode` or `vscode-languageserver`, so both sides
// (and the tests' JSON-RPC client) can import this file. Build the typed message objects with
// `new RequestType<Params, Result, void>(CanonicalStringRequest.method)` on each side.

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

/** The language id of `.payout.http` documents. */
export const LANGUAGE_ID = 'payout-http';
