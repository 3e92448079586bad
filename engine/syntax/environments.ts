// Environment files' text, as JetBrains and httpYac read them (finding and reading the files is
// engine/workspace/envFiles.ts): `http-client.env.json` (shared, usually
// committed) and `http-client.private.env.json` (secrets, never committed), in the request file's
// folder or the nearest parent that has them. Each maps environment names to variables; the
// `$shared` entry is merged into every environment.
//
// Precedence, lowest first: public $shared, private $shared, public <env>, private <env>. An
// environment's own value beats a shared one; a private value beats a public one at the same level.
import * as jsonc from 'jsonc-parser';
import { LineIndex } from './lineIndex';

export const PUBLIC_ENV_FILE = 'http-client.env.json';
export const PRIVATE_ENV_FILE = 'http-client.private.env.json';
const SHARED = '$shared';

export interface EnvironmentProblem {
  file: string;
  message: string;
  /** 1-based, when the problem is at a place in the file. */
  line?: number;
  column?: number;
}

export interface Environments {
  /** Environment names, in the order the files list them (public file first); `$shared` excluded. */
  names: string[];
  /** Variables of an environment with `$shared` merged in; an unknown name gives just the shared ones. */
  variables(name: string): Record<string, string>;
  /** The files read (absolute paths), public first. */
  files: string[];
  problems: EnvironmentProblem[];
}

export type Table = Record<string, Record<string, string>>;

/** What the tool gives meaning to, for completion and hover. */
export interface KnownVariable {
  name: string;
  description: string;
  secret: boolean;
}

export const BASE_URL = 'base_url';
export const PLANT_BASE_URL = 'plant_base_url';
export const PARTNER_CODE = 'partnerCode';
export const SECRET_KEY = 'secretKey';
export const PRIVATE_KEY_FILE = 'privateKeyFile';
export const SERVICE_PUBLIC_KEY_FILE = 'servicePublicKeyFile';
export const USER_EMAIL = 'userEmail';
export const PRIVATE_KEY = 'privateKey';
export const ACCESS_TOKEN = 'accessToken';

export const KNOWN_VARIABLES: readonly KnownVariable[] = [
  {
    name: BASE_URL,
    description:
      'Address of the Partner Payout Service for this environment (sandbox or production), without a trailing slash; signed paths start `/api/v2`, token paths `/v3`.',
    secret: false,
  },
  {
    name: PLANT_BASE_URL,
    description: 'Address of the plant store API; it already ends in `/v3`, so paths such as `/plant/{plantId}` follow it directly.',
    secret: false,
  },
  {
    name: PARTNER_CODE,
    description: 'Your partner code from onboarding; it is in the body of nearly every signed request.',
    secret: false,
  },
  {
    name: SECRET_KEY,
    description:
      'Shared secret from onboarding. Never sent: it is appended after the last `|` of every signed string. Keep it in http-client.private.env.json.',
    secret: true,
  },
  {
    name: PRIVATE_KEY_FILE,
    description:
      'Path to your RSA-2048 private key (PEM, `PRIVATE KEY` or `RSA PRIVATE KEY`), relative to the environment file; signs requests and v3 client assertions.',
    secret: false,
  },
  {
    name: SERVICE_PUBLIC_KEY_FILE,
    description: "Path to the service's public key (PEM), relative to the environment file; verifies response and webhook signatures.",
    secret: false,
  },
  { name: USER_EMAIL, description: 'The end user the request acts for: their identity within your partner account.', secret: false },
  {
    name: PRIVATE_KEY,
    description: 'Your private key as PEM text, instead of privateKeyFile. Keep it in http-client.private.env.json.',
    secret: true,
  },
  { name: ACCESS_TOKEN, description: 'A v3 bearer token (valid 60 minutes). Usually obtained by the tool; keep it private.', secret: true },
];

/** Names whose values are never shown, logged or written outside the files meant to hold them. */
export const SECRET_VARIABLES: readonly string[] = [
  SECRET_KEY,
  PRIVATE_KEY,
  ACCESS_TOKEN,
  'clientAssertion',
  'webhookSecretKey',
  'password',
  'token',
  'apiKey',
];
const SECRET_SET = new Set(SECRET_VARIABLES.map((s) => s.toLowerCase()));
// Names that clearly hold a secret even when the tool does not know them (`myApiToken`,
// `stagingSecretKey`), except those naming a file or path, which are not secret themselves.
const SECRET_PATTERN = /(secret|passw(or)?d|token|api_?key|private_?key|credential)/i;
const NOT_SECRET_PATTERN = /(file|path|url)$/i;

export function isSecretVariable(name: string): boolean {
  if (SECRET_SET.has(name.toLowerCase())) return true;
  return SECRET_PATTERN.test(name) && !NOT_SECRET_PATTERN.test(name);
}

/** The value to show for a variable: secrets become `<name>`, the documents' own notation (`<secretKey>`). */
export function maskSecret(name: string, value: string): string {
  return isSecretVariable(name) ? `<${name}>` : value;
}

/**
 * Parse the text of one environment file. Tolerant: a syntax error is a problem and whatever
 * could be read is still used. `isPublic` adds a warning for secrets kept in the shared file.
 */
export function parseEnvText(text: string, file: string, problems: EnvironmentProblem[], isPublic = false): Table {
  const base = file.split(/[\\/]/).pop() ?? file;
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const p = lines.positionAt(offset);
    return { line: p.line + 1, column: p.character + 1 };
  };
  const errors: jsonc.ParseError[] = [];
  const root = jsonc.parseTree(text.replace(/^\uFEFF/, ' '), errors, { allowTrailingComma: false, disallowComments: false });
  // The first error is the one to fix; the rest are usually its echo.
  const e = errors[0];
  if (e) {
    const where = at(e.offset);
    const before = text.slice(0, e.offset).trimEnd();
    const what =
      before.endsWith(',') && /^[}\]]/.test(text.slice(e.offset))
        ? 'trailing comma: remove the comma before it'
        : (ENV_ERRORS[e.error] ?? 'invalid JSON');
    const more = errors.length > 1 ? ` (${errors.length - 1} more error${errors.length > 2 ? 's' : ''} may follow from it)` : '';
    problems.push({
      file,
      ...where,
      message: `${base} line ${where.line}, column ${where.column}: ${what}${more}; fix the JSON there (the file must be one object: {"sandbox": {"base_url": "https://..."}}).`,
    });
  }
  const table: Table = {};
  if (!root) return table;
  if (root.type !== 'object') {
    const where = at(root.offset);
    problems.push({
      file,
      ...where,
      message: `${base} must hold one JSON object mapping environment names to variables, e.g. {"sandbox": {"base_url": "https://..."}}.`,
    });
    return table;
  }
  for (const prop of root.children ?? []) {
    const [k, v] = prop.children ?? [];
    if (!k || typeof k.value !== 'string') continue;
    const envName = k.value;
    if (!v || v.type !== 'object') {
      const where = at((v ?? k).offset);
      problems.push({
        file,
        ...where,
        message: `${base} line ${where.line}: environment "${envName}" must be an object of variables, e.g. "${envName}": {"base_url": "https://..."}.`,
      });
      continue;
    }
    const vars: Record<string, string> = {};
    for (const p of v.children ?? []) {
      const [vk, vv] = p.children ?? [];
      if (!vk || typeof vk.value !== 'string' || !vv) continue;
      const value = jsonc.getNodeValue(vv) as unknown;
      // Non-text values are used as their JSON text (`100000`, `true`), as httpYac does.
      vars[vk.value] = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
      if (isPublic && isSecretVariable(vk.value) && vars[vk.value] !== '') {
        const where = at(vk.offset);
        problems.push({
          file,
          ...where,
          message: `${base} line ${where.line}: "${vk.value}" is a secret but this file is usually committed: move it to ${PRIVATE_ENV_FILE} (and keep that file out of version control).`,
        });
      }
    }
    table[envName] = vars;
  }
  return table;
}

const ENV_ERRORS: Record<number, string> = {
  1: 'invalid symbol (a missing quote?)',
  2: 'invalid number',
  3: 'property name expected (names need double quotes; is there a trailing comma?)',
  4: 'value expected (is there a trailing comma?)',
  5: 'colon expected',
  6: 'comma expected',
  7: 'closing brace `}` expected',
  8: 'closing bracket `]` expected',
  9: 'unexpected text after the object',
  11: 'unclosed comment',
  12: 'unclosed string',
  13: 'number cut short',
  14: 'invalid unicode escape',
  15: 'invalid escape character',
  16: 'invalid character in a string',
};

/** The environments of a folder's two parsed files (public first; either may be `{}`), `$shared` merged into each. */
export function fromTables(tables: Table[], files: string[], problems: EnvironmentProblem[]): Environments {
  const [pub = {}, priv = {}] = tables;
  const names: string[] = [];
  for (const t of [pub, priv]) for (const n of Object.keys(t)) if (n !== SHARED && !names.includes(n)) names.push(n);
  return {
    names,
    files,
    problems,
    variables: (name) => ({ ...pub[SHARED], ...priv[SHARED], ...(name === SHARED ? {} : { ...pub[name], ...priv[name] }) }),
  };
}

/**
 * Several sources as one, later ones winning per variable (e.g. the user's files, then the local
 * sandbox's `local` environment from its state folder).
 */
export function combineEnvironments(...sources: Environments[]): Environments {
  const names: string[] = [];
  for (const s of sources) for (const n of s.names) if (!names.includes(n)) names.push(n);
  return {
    names,
    files: sources.flatMap((s) => s.files),
    problems: sources.flatMap((s) => s.problems),
    variables: (name) => Object.assign({}, ...sources.map((s) => s.variables(name))) as Record<string, string>,
  };
}
