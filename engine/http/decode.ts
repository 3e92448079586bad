// A response envelope read the way the documents say to read it: v2 `{success, message, data,
// errorCode, semanticCode}` (doc 1 §2.2, §7) and v3 `{code, message, data}` (doc 2 §2.3, §7).
// Every meaning, check and retry flag comes from the catalogue's error list.
import type { Endpoint, ErrorSpec } from '../catalogue/types';
import { errorByCode, errorBySemanticCode, v3ErrorByCode } from '../catalogue';

export interface DecodedEnvelope {
  kind: 'v2' | 'v3' | 'other';
  success: boolean;
  errorCode?: number;
  /** As received. */
  semanticCode?: string;
  /** The message to show: the service's own, or the client's fallback where it is a placeholder (66, 67). */
  message?: string;
  /** The message exactly as received, when it was replaced by a fallback. */
  rawMessage?: string;
  meaning?: string;
  check?: string;
  /** What this endpoint's section says about the code (e.g. 15 on orders/details: "wrong id, or another partner's order"). */
  endpointNote?: string;
  retry: boolean;
  /** The catalogue entry, when the code is catalogued. */
  error?: ErrorSpec;
  /** One line for the terminal and the response view, e.g. `INVALID_SIGNATURE (2): Signature does not match…`. */
  headline: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function decodeEnvelope(body: unknown, httpStatus?: number, endpoint?: Pick<Endpoint, 'errorNotes'>): DecodedEnvelope {
  const withNote = (d: DecodedEnvelope): DecodedEnvelope => {
    const note = d.errorCode !== undefined && !d.success ? endpoint?.errorNotes?.[d.errorCode] : undefined;
    return note ? { ...d, endpointNote: note } : d;
  };
  if (isRecord(body) && typeof body.success === 'boolean' && ('errorCode' in body || 'semanticCode' in body)) {
    return withNote(decodeV2(body));
  }
  if (isRecord(body) && typeof body.code === 'string') return withNote(decodeV3(body, httpStatus));
  return {
    kind: 'other',
    success: httpStatus === undefined || (httpStatus >= 200 && httpStatus < 300),
    retry: false,
    headline: httpStatus ? `HTTP ${httpStatus}` : 'no envelope',
  };
}

function decodeV2(body: Record<string, unknown>): DecodedEnvelope {
  const success = body.success === true;
  const errorCode = typeof body.errorCode === 'number' ? body.errorCode : Number(body.errorCode);
  const semanticCode = typeof body.semanticCode === 'string' ? body.semanticCode : undefined;
  const rawMessage = typeof body.message === 'string' ? body.message : undefined;
  // Unmapped codes arrive as INTERNAL_SERVER_ERROR but keep their own errorCode (doc 1 §7): the
  // errorCode is what identifies them, so it is the key whatever the semanticCode says.
  const error = Number.isFinite(errorCode) ? errorByCode(errorCode) : undefined;
  const useFallback =
    error?.fallbackMessage !== undefined && (rawMessage === undefined || rawMessage === error.literalMessage || rawMessage === '');
  const message = useFallback ? error.fallbackMessage : rawMessage;
  const base: DecodedEnvelope = {
    kind: 'v2',
    success,
    errorCode: Number.isFinite(errorCode) ? errorCode : undefined,
    semanticCode,
    message,
    ...(useFallback && rawMessage !== undefined ? { rawMessage } : {}),
    retry: !success && (error?.retry ?? false),
    ...(error ? { error, meaning: error.meaning, check: error.check } : {}),
    headline: '',
  };
  if (success) {
    base.headline = `${semanticCode ?? 'SUCCESS'} (${Number.isFinite(errorCode) ? errorCode : 0})`;
    return base;
  }
  const label =
    error && !error.mapped
      ? `${semanticCode ?? 'INTERNAL_SERVER_ERROR'} carrying errorCode ${errorCode}`
      : `${semanticCode ?? error?.semanticCode ?? 'ERROR'} (${Number.isFinite(errorCode) ? errorCode : '?'})`;
  const text = error?.meaning ?? message ?? 'no message';
  base.headline = `${label}: ${text}`;
  if (!error && Number.isFinite(errorCode))
    base.check = `errorCode ${errorCode} is not in the error catalogue of doc 1 §7; read the message`;
  return base;
}

function decodeV3(body: Record<string, unknown>, httpStatus?: number): DecodedEnvelope {
  const code = body.code as string;
  const message = typeof body.message === 'string' ? body.message : undefined;
  if (code === 'SUCCESS') return { kind: 'v3', success: true, semanticCode: code, message, retry: false, headline: 'SUCCESS' };
  const v3 = v3ErrorByCode(code);
  // v3 business errors are named by doc 1's semanticCode (DUPLICATE_TRANSACTION_ID on the sandbox, doc 2 §7).
  const v2 = v3 ? undefined : errorBySemanticCode(code);
  const meaning = v3?.meaning ?? v2?.meaning;
  return {
    kind: 'v3',
    success: false,
    semanticCode: code,
    errorCode: v2?.code,
    message,
    meaning,
    check: v2?.check,
    retry: v2?.retry ?? false,
    ...(v2 ? { error: v2 } : {}),
    headline: `${code}${httpStatus ? ` (HTTP ${httpStatus})` : ''}: ${meaning ?? message ?? 'no message'}`,
  };
}
