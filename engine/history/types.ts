// One exchange of the history (engine/history/store.ts): what was sent, where from, and what came
// back, as data that is safe to keep on disk. No field ever holds the secretKey, a private key, an
// access token or the request's signature: the record is built through record.ts, which redacts.

/** Where the request came from: its file and its request, so "Send Again" finds it as the file now has it. */
export interface HistorySource {
  /** `file:` URI of the request file (absent for a buffer that was never saved). */
  uri?: string;
  /** `# @name`, when the request has one: found again by name even after lines moved. */
  name?: string;
  /** `# @name`, else `#N`. */
  label: string;
  /** 0-based line of the request line when it was sent. */
  line: number;
}

/** The request as it went out, secret-free. */
export interface HistoryRequest {
  method: string;
  url: string;
  /** Headers as sent; a header carrying a token is masked (`Bearer abcd…(redacted)`). */
  headers: Record<string, string>;
  /** The body as sent, the `signature` value replaced by `<signature>`. */
  body?: string;
  /** The signed string as the preview shows it, `<secretKey>` in place of the secret. */
  signedString?: string;
  /** The catalogue endpoint id, when the request matched one. */
  endpointId?: string;
}

export interface HistoryResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as received, cut at HISTORY_LIMITS.bodyChars (then `truncated`). */
  body: string;
  bytes: number;
  truncated: boolean;
}

export interface HistoryEntry {
  /** Sortable id: the file name stem (time, then a sequence, then a random part). */
  id: string;
  /** ISO time the response arrived (or the request failed). */
  time: string;
  environment: string;
  /** `editor` (Send, Send All, tests) or `cli` (`send --history`). */
  origin: 'editor' | 'cli';
  source: HistorySource;
  request: HistoryRequest;
  response?: HistoryResponse;
  durationMs?: number;
  /** The decoded envelope, e.g. `SUCCESS (0)`. */
  headline?: string;
  verdict?: { state: 'verified' | 'not-verified' | 'not-checkable'; reason?: string };
  assertions: { text: string; ok: boolean; message?: string }[];
  /** Why it was not sent or not answered. */
  error?: string;
  ok: boolean;
  /** The response view's text (engine/http/render.ts), cut at HISTORY_LIMITS.viewChars. */
  view: string;
}

/** An entry without its bodies and view: what a list shows. */
export type HistorySummary = Omit<HistoryEntry, 'view' | 'request' | 'response'> & {
  method: string;
  url: string;
  status?: number;
};

export const HISTORY_LIMITS = {
  /** The newest entries kept. */
  entries: 500,
  /** The bytes all entries may take on disk; the oldest go first. */
  bytes: 50 * 1024 * 1024,
  /** A response body is kept up to this many characters. */
  bodyChars: 64 * 1024,
  /** The response view's text is kept up to this many characters. */
  viewChars: 128 * 1024,
} as const;
