// A PayoutSession over an open document, as the editor sends it: the unsaved text, the active
// environment with the editor's stored secrets in front of the env files, the editor's settings, the
// OpenAPI documents of its setting, and the local sandbox started on demand.
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../../engine/http/defaults';
import { PayoutSession } from '../../../engine/http/session';
import type { SendResult } from '../../../engine/http/types';
import type { SendSettings } from '../../../engine/protocol';
import type { ParsedFile, RequestBlock } from '../../../engine/syntax/types';
import { selectEnvironment, type SelectedEnvironment } from '../../../engine/workspace/environment';
import { sep } from 'node:path';
import { readHistory } from '../../../engine/history';
import { historySources } from '../../../engine/workspace/explainSources';
import type { CandidateSource } from '../../../engine/signing';
import { openDocument, type HostContext } from './context';

export interface HostSessionOptions {
  uri: string;
  settings: SendSettings;
  /** The text to send instead of the document's (explain inserts a signature in memory). */
  text?: string;
  signal?: AbortSignal;
  onResult?: (r: SendResult) => void;
}

function number(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The settings as they came over the wire, each checked (a missing or malformed one takes the default package.json also declares). */
export function settingsOf(s: Partial<SendSettings> | undefined): SendSettings {
  return {
    timeoutMs: number(s?.timeoutMs, DEFAULT_TIMEOUT_MS),
    maxResponseBytes: number(s?.maxResponseBytes, DEFAULT_MAX_BYTES),
    retryMaxAttempts: number(s?.retryMaxAttempts, 3),
    retryInitialDelayMs: number(s?.retryInitialDelayMs, 500),
    sandboxAutoStart: s?.sandboxAutoStart !== false,
  };
}

/** The active environment for a folder, stored secrets applied (asked of the editor first if unknown). */
export async function environmentFor(ctx: HostContext, dir: string, name = ctx.service.environmentName): Promise<SelectedEnvironment> {
  await ctx.secrets.ensure(name);
  return ctx.overlay.apply(selectEnvironment(dir, name));
}

/** The history, or nothing when it cannot be read (explaining never fails on it). */
function readHistorySafely(dir: string) {
  try {
    return readHistory(dir);
  } catch {
    return [];
  }
}

/**
 * The editor's earlier sends (any file, this server's lifetime), then its History on disk: a
 * signature is explained against what was sent and answered before too.
 */
export function editorSources(ctx: HostContext): CandidateSource[] {
  return [...ctx.sent.sources(), ...(ctx.historyDir ? historySources(readHistorySafely(ctx.historyDir)) : [])];
}

export async function openHostSession(ctx: HostContext, o: HostSessionOptions): Promise<PayoutSession> {
  const { doc, filePath, dir } = openDocument(ctx, o.uri);
  const settings = settingsOf(o.settings);
  const env = await environmentFor(ctx, dir);
  for (const p of env.problems) ctx.connection.console.warn(p);
  return new PayoutSession({
    filePath,
    text: o.text ?? doc.getText(),
    environment: env,
    openApiDocuments: ctx.service.configuredOpenApiDocuments,
    explainSources: () => editorSources(ctx),
    deps: {
      tokenCache: ctx.tokens,
      responses: ctx.responses.for(o.uri, env.name),
      transport: { timeoutMs: settings.timeoutMs, maxBytes: settings.maxResponseBytes, signal: o.signal },
      retryPolicy: {
        maxAttempts: settings.retryMaxAttempts,
        baseDelayMs: settings.retryInitialDelayMs,
        maxDelayMs: Math.max(settings.retryInitialDelayMs * 16, 1000),
      },
      // only for the `local` environment: start (or reuse) the sandbox, then re-read its env (base_url)
      prepareLocal: async (e) => {
        if (settings.sandboxAutoStart) await ctx.sandbox.ensure();
        else if (!(await ctx.sandbox.running())) {
          throw new Error(
            'the local sandbox is not running and payoutHttp.sandbox.autoStart is off: run "Payout HTTP: Start Local Sandbox", or pick another environment',
          );
        }
        const fresh = await environmentFor(ctx, dir, e.name);
        // the sandbox may just have written the `local` environment: lint and preview read it again
        ctx.service.invalidateEnvironment();
        return fresh;
      },
      onResult: (r) => {
        ctx.sent.add(r.prepared.label, new Date(), r.prepared.bodyJson, r.response?.body);
        o.onResult?.(r);
      },
      scripts: ctx.workspace.restricted()
        ? {
            refusal: (label) =>
              `${label} has a pre-request script or response handler, and scripts do not run in Restricted Mode: trust the workspace (Manage Workspace Trust) to run it`,
          }
        : { globals: ctx.scriptGlobals, root: workspaceFolderOf(ctx.workspace.folders(), filePath) ?? dir },
    },
  });
}

/** The workspace folder holding `file` (the innermost), where its scripts and `>>` outputs must stay. */
function workspaceFolderOf(folders: readonly string[], file: string): string | undefined {
  return folders.filter((f) => file.startsWith(f.endsWith(sep) ? f : f + sep)).sort((a, b) => b.length - a.length)[0];
}

/** Offset of the start of a 0-based line. */
function lineOffset(text: string, line: number): number {
  let offset = 0;
  for (let l = 0; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset;
}

/** The request whose block holds `line` (0-based): from its `###` line to the next one. */
export function requestAtLine(file: ParsedFile, line: number): RequestBlock | undefined {
  const offset = lineOffset(file.text, line);
  return (
    file.requests.find((b) => offset >= b.start && offset < b.start + b.length) ??
    (offset >= file.text.length ? file.requests[file.requests.length - 1] : undefined)
  );
}

/** 0-based line of a block's request line in the file's text. */
export function requestLineOf(file: ParsedFile, block: RequestBlock): number {
  return lineOfOffset(file.text, block.start + (block.requestLine?.span.start ?? 0));
}

/** 0-based line of an offset in a text. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
