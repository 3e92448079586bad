// A prepared request as a curl command line, for pasting into a terminal or a bug report. It holds
// nothing secret: the signature is public by nature, the secretKey is never part of a request, and
// a v3 bearer token is left as a shell variable ($ACCESS_TOKEN) for the reader to fill in.

export interface CurlInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Header names whose value must not be printed; they become `"$ACCESS_TOKEN"` style references. */
  secretHeaders?: Record<string, string>;
}

/** POSIX shell single-quoting: everything literal, `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(input: CurlInput): string {
  // One option per line, each with its value, so the command reads like the request.
  const lines = [`curl -sS -X ${input.method} ${shellQuote(input.url)}`];
  for (const [name, value] of Object.entries(input.headers)) {
    const secret = Object.entries(input.secretHeaders ?? {}).find(([n]) => n.toLowerCase() === name.toLowerCase());
    // Double quotes so the shell expands the variable the user sets; the value itself is never printed.
    lines.push(`-H ${secret ? `"${name}: ${secret[1]}"` : shellQuote(`${name}: ${value}`)}`);
  }
  if (input.body !== undefined && input.body !== '') lines.push(`--data-raw ${shellQuote(input.body)}`);
  return lines.join(' \\\n  ');
}
