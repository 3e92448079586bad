// A curl command line (as a browser's "Copy as cURL", a log, or `payout-http curl` writes it) ->
// the request it sends. The words are split as a POSIX shell would (quotes, backslashes, line
// continuations; `$VAR` is kept as written, never expanded), then curl's request options are read.
// Options that do not change the request (-s, -v, -L, --compressed, timeouts, output) are skipped.
import type { CaptureParse } from './capture';
import type { HeaderPairs } from './exchange';

/** Splits a shell command line into words. Throws on an unterminated quote. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\r' ? 3 : 2; // a line continuation
    } else if (c === '#' && !inWord) {
      while (i < text.length && text[i] !== '\n') i++; // a comment, as `payout-http curl` writes above the command
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('a single quote is not closed');
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '$' && text[i + 1] === "'") {
      // $'…' (bash ANSI-C quoting, used by Chrome's "Copy as cURL" for bodies with quotes).
      let j = i + 2;
      for (; j < text.length && text[j] !== "'"; j++) {
        if (text[j] === '\\' && j + 1 < text.length) {
          const e = text[++j];
          word += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e;
        } else word += text[j];
      }
      if (j >= text.length) throw new Error("a $'…' quote is not closed");
      inWord = true;
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && '"\\$`\n'.includes(text[j + 1] ?? '')) {
          if (text[j + 1] !== '\n') word += text[j + 1];
          j++;
        } else word += text[j];
      }
      if (j >= text.length) throw new Error('a double quote is not closed');
      inWord = true;
      i = j + 1;
    } else if (c === '\\') {
      word += text[i + 1] ?? '';
      inWord = true;
      i += 2;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return words;
}

const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii']);
/** Options with a value that does not change the request. */
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '-c',
  '--cookie-jar',
  '--cacert',
  '--proxy',
  '-x',
]);
/**
 * curl's other options that take an argument (curl 8's manual): consumed with it, so that
 * `-K FILE URL` never takes FILE for the URL. Those that would change the request are reported
 * as not imported (import reads no file and sends nothing it cannot write as data).
 */
const NOT_IMPORTED_WITH_VALUE = new Set([
  '-K',
  '--config',
  '-F',
  '--form',
  '--form-string',
  '-T',
  '--upload-file',
  '--data-urlencode',
  '--url-query',
  '-r',
  '--range',
  '-z',
  '--time-cond',
  '--oauth2-bearer',
  '--aws-sigv4',
  '-E',
  '--cert',
  '--key',
  '--variable',
  '--expand-data',
  '--expand-url',
  '--expand-header',
  '-C',
  '--continue-at',
  '-Q',
  '--quote',
  '--unix-socket',
  '--abstract-unix-socket',
  '--connect-to',
  '--resolve',
  '--request-target',
]);
const OTHER_WITH_VALUE = new Set([
  '-D',
  '--dump-header',
  '-P',
  '--ftp-port',
  '-t',
  '--telnet-option',
  '-U',
  '--proxy-user',
  '-y',
  '--speed-time',
  '-Y',
  '--speed-limit',
  '--capath',
  '--cert-type',
  '--ciphers',
  '--create-file-mode',
  '--crlfile',
  '--delegation',
  '--dns-servers',
  '--dns-interface',
  '--dns-ipv4-addr',
  '--dns-ipv6-addr',
  '--egd-file',
  '--engine',
  '--expect100-timeout',
  '--ftp-account',
  '--ftp-alternative-to-user',
  '--ftp-method',
  '--ftp-ssl-ccc-mode',
  '--happy-eyeballs-timeout-ms',
  '--haproxy-clientip',
  '--hostpubmd5',
  '--hostpubsha256',
  '--hsts',
  '--alt-svc',
  '--etag-compare',
  '--etag-save',
  '--interface',
  '--keepalive-time',
  '--key-type',
  '--krb',
  '--libcurl',
  '--limit-rate',
  '--local-port',
  '--login-options',
  '--mail-auth',
  '--mail-from',
  '--mail-rcpt',
  '--max-filesize',
  '--max-redirs',
  '--netrc-file',
  '--noproxy',
  '--output-dir',
  '--parallel-max',
  '--pass',
  '--pinnedpubkey',
  '--preproxy',
  '--proto',
  '--proto-default',
  '--proto-redir',
  '--proxy-cacert',
  '--proxy-capath',
  '--proxy-cert',
  '--proxy-cert-type',
  '--proxy-ciphers',
  '--proxy-crlfile',
  '--proxy-header',
  '--proxy-key',
  '--proxy-key-type',
  '--proxy-pass',
  '--proxy-pinnedpubkey',
  '--proxy-service-name',
  '--proxy-tls13-ciphers',
  '--proxy-tlsauthtype',
  '--proxy-tlspassword',
  '--proxy-tlsuser',
  '--proxy1.0',
  '--pubkey',
  '--random-file',
  '--sasl-authzid',
  '--service-name',
  '--socks4',
  '--socks4a',
  '--socks5',
  '--socks5-hostname',
  '--socks5-gssapi-service',
  '--stderr',
  '--tls-max',
  '--tls13-ciphers',
  '--tlsauthtype',
  '--tlspassword',
  '--tlsuser',
  '--trace',
  '--trace-ascii',
  '--trace-config',
  '--ipfs-gateway',
  '--ech',
  '--ip-tos',
  '--vlan-priority',
  '--mptcp-ifname',
]);

/** Flags that do not change the request. */
const IGNORED_FLAGS = new Set([
  '-s',
  '-S',
  '-sS',
  '-Ss',
  '--silent',
  '--show-error',
  '-k',
  '--insecure',
  '-L',
  '--location',
  '-v',
  '--verbose',
  '-i',
  '--include',
  '--compressed',
  '-f',
  '--fail',
  '--fail-with-body',
  '--http1.1',
  '--http2',
  '-N',
  '--no-buffer',
]);

/** True when the text is a curl command line (after any `#` comment lines), not a raw HTTP request. */
export function isCurlCommand(text: string): boolean {
  return /^curl\s/.test(text.replace(/^(?:\s*#[^\n]*\n)*\s*/, ''));
}

export function parseCurl(text: string): CaptureParse {
  let words: string[];
  try {
    words = shellWords(text.trim());
  } catch (e) {
    return { problems: [`the curl command cannot be read: ${(e as Error).message}`] };
  }
  if (words[0] === 'curl') words.shift();
  const problems: string[] = [];
  const headers: HeaderPairs = [];
  const data: string[] = [];
  let method: string | undefined;
  let url: string | undefined;
  let get = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    // `--header=value` and `-XPOST` spellings.
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    const name = eq > 0 ? w.slice(0, eq) : /^-[XHdKFTrzECQDPtUyYAebuomwxc]./.test(w) ? w.slice(0, 2) : w;
    const inline = eq > 0 ? w.slice(eq + 1) : name !== w ? w.slice(2) : undefined;
    const value = () => inline ?? words[++i];
    if (name === '-X' || name === '--request') method = value();
    else if (name === '-H' || name === '--header') {
      const h = value() ?? '';
      const colon = h.indexOf(':');
      if (colon > 0) headers.push([h.slice(0, colon).trim(), h.slice(colon + 1).trim()]);
      else problems.push(`-H "${h}" is not a header (Name: value); it was skipped`);
    } else if (DATA.has(name) || name === '--json') {
      const d = value() ?? '';
      if (d.startsWith('@') && name !== '--data-raw')
        problems.push(`${name} ${d} reads a file, which import does not: paste the body itself (--data-raw '…')`);
      else data.push(d);
      if (name === '--json') {
        if (!headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', 'application/json']);
        if (!headers.some(([n]) => n.toLowerCase() === 'accept')) headers.push(['Accept', 'application/json']);
      }
    } else if (name === '--url') url = value();
    else if (name === '-G' || name === '--get') get = true;
    else if (name === '-A' || name === '--user-agent') headers.push(['User-Agent', value() ?? '']);
    else if (name === '-e' || name === '--referer') headers.push(['Referer', value() ?? '']);
    else if (name === '-b' || name === '--cookie') headers.push(['Cookie', value() ?? '']);
    else if (name === '-u' || name === '--user') {
      value();
      problems.push(
        `${name}: basic credentials are not imported (they would be written into the file); add an Authorization header with a {{variable}} instead`,
      );
    } else if (NOT_IMPORTED_WITH_VALUE.has(name)) {
      const v = value();
      problems.push(
        `curl option ${name}${v === undefined ? '' : ` ${v}`} is not imported (import reads no file and takes the request as data only); it was skipped`,
      );
    } else if (IGNORED_WITH_VALUE.has(name) || OTHER_WITH_VALUE.has(name)) value();
    else if (IGNORED_FLAGS.has(name)) continue;
    else if (w.startsWith('-') && w !== '-') problems.push(`curl option ${w} is not understood; it was skipped`);
    else if (url === undefined) url = w;
    else problems.push(`"${w}" is a second URL; only the first request is imported`);
  }
  if (!url) return { problems: [...problems, 'the curl command has no URL'] };
  let body = data.join('&');
  if (get && body) {
    url += (url.includes('?') ? '&' : '?') + body;
    body = '';
  }
  // curl sends -d data as a form unless told otherwise.
  if (body && !headers.some(([n]) => n.toLowerCase() === 'content-type'))
    headers.push(['Content-Type', 'application/x-www-form-urlencoded']);
  return { request: { method: (method ?? (body ? 'POST' : 'GET')).toUpperCase(), url, headers, body }, problems };
}
