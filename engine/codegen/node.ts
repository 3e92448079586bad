// The request as a Node.js program (ES module, node:crypto and fetch; Node 18 or later).
// Node is the one language whose String(value) is the service's own, so it has no number helper.
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, programFile, type CodeModel, type JsonValue } from './model';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JavaScript single-quoted string literal. */
function quote(s: string): string {
  const escaped = s.replace(/[\\'\u0000-\u001f\u2028\u2029]/g, (c) =>
    c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${escaped}'`;
}

function literal(v: JsonValue, indent: string): string {
  if (typeof v === 'string') return quote(v);
  if (v === null || typeof v !== 'object') return Object.is(v, -0) ? '-0' : String(v);
  const inner = `${indent}  `;
  if (Array.isArray(v)) return v.length ? `[\n${v.map((x) => `${inner}${literal(x, inner)},`).join('\n')}\n${indent}]` : '[]';
  const entries = Object.entries(v);
  if (!entries.length) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${IDENTIFIER.test(k) ? k : quote(k)}: ${literal(x, inner)},`).join('\n')}\n${indent}}`;
}

function bodyMembers(m: CodeModel): string[] {
  return (m.body ?? []).map((e) => {
    const key = IDENTIFIER.test(e.key) ? e.key : quote(e.key);
    if (!('env' in e)) return `  ${key}: ${literal(e.value, '  ')},`;
    return e.env === ENV.partnerCode ? '  partnerCode,' : `  ${key}: env('${e.env}'),`;
  });
}

function comment(lines: string[]): string {
  return lines.map((l) => (l ? `// ${l}` : '//')).join('\n');
}

export function nodeProgram(m: CodeModel): string {
  const file = programFile(m, 'node');
  if (m.bearer) return bearerProgram(m, file);
  const bodyLines = bodyMembers(m);
  const signedLines = m.signed.map((s) =>
    s.omitted ? `  // ${omittedComment(s)}\n  '${s.literal}',` : `  body.${IDENTIFIER.test(s.field) ? s.field : `[${quote(s.field)}]`},`,
  );
  return `${comment(headerLines(m, ['', `Run: node ${file}`]))}
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PATH = '${m.path}';
// The fields of data that the service signs its reply over (doc: response signature).
const RESPONSE_FIELDS = [${m.response.segments.map((s) => `'${s.field}'`).join(', ')}];

function env(name) {
  const value = process.env[name];
  if (!value) fail(\`\${name} is not set\`);
  return value;
}

function fail(message, code = ${EXIT_CODES.error}) {
  console.error(message);
  process.exit(code);
}

// The service joins the values with '|' and appends the secret directly after the last pipe.
// It is a JavaScript program, so each value is written as String(value) writes it.
function signedString(values, secret) {
  return [...values.map(String), secret].join('|');
}

const baseUrl = env('${ENV.baseUrl}');
const partnerCode = env('${ENV.partnerCode}');
const secretKey = env('${ENV.secretKey}');
let privateKey, servicePublicKey;
try {
  // createPrivateKey reads both PKCS#1 (RSA PRIVATE KEY) and PKCS#8 (PRIVATE KEY) PEM.
  privateKey = createPrivateKey(readFileSync(env('${ENV.privateKeyFile}')));
  servicePublicKey = createPublicKey(readFileSync(env('${ENV.servicePublicKeyFile}')));
} catch (err) {
  fail(\`cannot read a key: \${err.message}\`);
}

const body = {
${bodyLines.join('\n')}
};

// The signed fields in the documented order.
const signedValues = [
${signedLines.join('\n')}
];
console.error(signedString(signedValues, '<secretKey>'));
const signature = sign('sha256', Buffer.from(signedString(signedValues, secretKey)), privateKey).toString('base64');

let text;
try {
  const response = await fetch(baseUrl + PATH, {
    method: '${m.method}',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, signature }),
  });
  text = await response.text();
} catch (err) {
  fail(\`request failed: \${err.cause?.message ?? err.message}\`);
}
process.stdout.write(text);

let reply;
try {
  reply = JSON.parse(text);
} catch {
  fail('the response is not JSON');
}
if (reply?.success !== true) fail(\`error response: \${reply?.semanticCode} (\${reply?.errorCode}): \${reply?.message}\`);

// A field missing from data is signed as the text undefined, as in the request.
const data = reply.data ?? {};
const replyValues = RESPONSE_FIELDS.map((field) => (field in data ? data[field] : undefined));
const verified =
  typeof data.signature === 'string' &&
  verify('sha256', Buffer.from(signedString(replyValues, secretKey)), servicePublicKey, Buffer.from(data.signature, 'base64'));
if (!verified) fail(\`data.signature does not verify over \${signedString(replyValues, '<secretKey>')}\`, ${EXIT_CODES.notVerified});
console.error('response signature verified');
`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string): string {
  const b = m.bearer!;
  const hasBody = m.body !== undefined;
  return `${comment(headerLines(m, ['', `Run: node ${file}`]))}
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PATH = ${quote(m.path)};
const USER_EMAIL = ${quote(b.user)};

function env(name) {
  const value = process.env[name];
  if (!value) fail(\`\${name} is not set\`);
  return value;
}

function fail(message) {
  console.error(message);
  process.exit(${EXIT_CODES.error});
}

const base64url = (data) => Buffer.from(data).toString('base64url');

// The client assertion: a JWT signed RS256 with the partner's key, fresh for every token request.
function clientAssertion(partnerCode, privateKey) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: partnerCode, aud: ${quote(b.audience)}, iat: now, exp: now + ${b.assertionTtl}, jti: randomUUID() }));
  return \`\${header}.\${claims}.\${sign('sha256', Buffer.from(\`\${header}.\${claims}\`), privateKey).toString('base64url')}\`;
}

async function post(url, body, headers = {}) {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return await response.text();
  } catch (err) {
    fail(\`request failed: \${err.cause?.message ?? err.message}\`);
  }
}

const baseUrl = env('${ENV.baseUrl}');
const partnerCode = env('${ENV.partnerCode}');
let privateKey;
try {
  privateKey = createPrivateKey(readFileSync(env('${ENV.privateKeyFile}')));
} catch (err) {
  fail(\`cannot read the private key: \${err.message}\`);
}
console.error(${quote(bearerLine(m))});

const exchange = await post(baseUrl + ${quote(b.tokenPath)}, { clientAssertion: clientAssertion(partnerCode, privateKey), userEmail: USER_EMAIL });
let accessToken;
try {
  const reply = JSON.parse(exchange);
  if (reply.code === ${quote(b.successCode)}) accessToken = reply.data.accessToken;
  else fail(\`the token exchange was refused: \${reply.code}: \${reply.message}\`);
} catch {
  fail('the token exchange did not answer JSON');
}
${
  hasBody
    ? `
const body = {
${bodyMembers(m).join('\n')}
};
`
    : ''
}
let text;
try {
  const response = await fetch(baseUrl + PATH, {
    method: '${m.method}',
    headers: { Authorization: \`Bearer \${accessToken}\`${hasBody ? `, 'Content-Type': 'application/json'` : ''} },${hasBody ? `\n    body: JSON.stringify(body),` : ''}
  });
  text = await response.text();
} catch (err) {
  fail(\`request failed: \${err.cause?.message ?? err.message}\`);
}
process.stdout.write(text);
let code;
try {
  code = JSON.parse(text).code;
} catch {
  fail('the response is not JSON');
}
if (code !== ${quote(b.successCode)}) fail(\`error response: \${code}\`);
`;
}
