// A PayoutSession over an open document, as the editor sends it: the unsaved text, the active
// environment with the editor's stored secrets in front of the env files, the editor's settings, the
// OpenAPI documents of its setting, and the local sandbox started on demand.
import { DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from '../../../engine/http/defaults';
import { PayoutSession } from '../../../engine/http/session';
import type { SendResult } from '../../../engine/http/types';
import type { SendSettings } from '../../../engine/protocol';
import type { ParsedFile, RequestBlock } from '../../../engine/syntax/types';
import { selectEnvironment, type SelectedEnvironment } from '../../../engine/workspace/environment';
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
      onResult: o.onResult,
    },
  });
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
    file.requests.find((b) => offset >= b.start && offset < b.start + b.text.length) ??
    (offset >= file.text.length ? file.requests[file.requests.length - 1] : undefined)
  );
}

/** 0-based line of a block's request line in the file's text. */
export function requestLineOf(file: ParsedFile, block: RequestBlock): number {
  const offset = block.start + (block.requestLine?.span.start ?? 0);
  let line = 0;
  for (let i = file.text.indexOf('\n'); i >= 0 && i < offset; i = file.text.indexOf('\n', i + 1)) line++;
  return line;
}
