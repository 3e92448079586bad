// Secrets (the partner's secretKey, access tokens, private key text) must never reach a terminal,
// a report or a file the tool writes. A Redactor collects the secret values met while sending and
// replaces every occurrence in any text on its way out, so even an assertion that quotes a token
// or an echoed body prints `<accessToken>` instead.

export class Redactor {
  private readonly secrets = new Map<string, string>();
  /** The secrets longest first, sorted once per change: a send redacts every string of every result. */
  private ordered: [string, string][] | undefined;

  /** Remember a secret value; `label` is what it is shown as, e.g. `<secretKey>`. */
  add(value: string | undefined, label: string): void {
    // Very short values would blank out ordinary text (a secret `1` would hit every digit); they are
    // still never printed on purpose, this is the net for accidents.
    if (value && value.length >= 6) {
      this.secrets.set(value, label);
      this.ordered = undefined;
    }
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret containing another one is replaced whole.
    this.ordered ??= [...this.secrets].sort((a, b) => b[0].length - a[0].length);
    for (const [value, label] of this.ordered) {
      if (out.includes(value)) out = out.split(value).join(label);
    }
    return out;
  }
}

/** `Bearer abcdef…` -> `Bearer abcd…(redacted)`: enough to tell two tokens apart, useless to reuse. */
export function maskToken(token: string): string {
  if (token.length <= 8) return '<accessToken>';
  return `${token.slice(0, 4)}…(redacted)`;
}
