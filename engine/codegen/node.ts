// The request as a Node.js program (ES module, node:crypto and fetch; Node 18 or later).
// Node is the one language whose String(value) is the service's own, so it has no number helper.
// Every value enters through the JavaScript encoder (encode.ts): the program is Code, not a string.
import { type Code, join, js, program } from './encode';
import { bracketLiteral, NL, type BracketSyntax } from './bracketLiteral';
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, programFile, type CodeModel, type JsonValue } from './model';

const SYNTAX: BracketSyntax = {
  enc: js,
  key: (k, field) => js.key(k, field),
  null: program`null`,
  true: program`true`,
  false: program`false`,
  step: '  ',
};

function literal(v: JsonValue, indent: string, field: string): Code {
  return bracketLiteral(SYNTAX, v, indent, field);
}

function bodyMembers(m: CodeModel): Code {
  return join(
    (m.body ?? []).map((e) => {
      if (!('env' in e)) return program`  ${js.key(e.key)}: ${literal(e.value, '  ', e.key)},`;
      return e.env === ENV.partnerCode ? program`  partnerCode,` : program`  ${js.key(e.key)}: env(${js.str(e.env)}),`;
    }),
    NL,
  );
}

export function nodeProgram(m: CodeModel): Code {
  const file = programFile(m, 'node');
  if (m.bearer) return bearerProgram(m, file);
  const signedLines = join(
    m.signed.map((s) =>
      s.omitted ? program`${js.comment([omittedComment(s)], '  ')}\n  ${js.str(s.literal)},` : program`  body[${js.str(s.field)}],`,
    ),
    NL,
  );
  return program`${js.comment(headerLines(m, ['', `Run: node ${file}`]))}
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PATH = ${js.str(m.path)};
// The fields of data that the service signs its reply over (doc: response signature).
const RESPONSE_FIELDS = [${join(
    m.response.segments.map((s) => js.str(s.field)),
    program`, `,
  )}];

function env(name) {
  const value = process.env[name];
  if (!value) fail(\`\${name} is not set\`);
  return value;
}

function fail(message, code = ${js.num(EXIT_CODES.error)}) {
  console.error(message);
  process.exit(code);
}

// The service joins the values with '|' and appends the secret directly after the last pipe.
// It is a JavaScript program, so each value is written as String(value) writes it.
function signedString(values, secret) {
  return [...values.map(String), secret].join('|');
}

const baseUrl = env(${js.str(ENV.baseUrl)});
const partnerCode = env(${js.str(ENV.partnerCode)});
const secretKey = env(${js.str(ENV.secretKey)});
let privateKey, servicePublicKey;
try {
  // createPrivateKey reads both PKCS#1 (RSA PRIVATE KEY) and PKCS#8 (PRIVATE KEY) PEM.
  privateKey = createPrivateKey(readFileSync(env(${js.str(ENV.privateKeyFile)})));
  servicePublicKey = createPublicKey(readFileSync(env(${js.str(ENV.servicePublicKeyFile)})));
} catch (err) {
  fail(\`cannot read a key: \${err.message}\`);
}

const body = {
${bodyMembers(m)}
};

// The signed fields in the documented order.
const signedValues = [
${signedLines}
];
console.error(signedString(signedValues, '<secretKey>'));
const signature = sign('sha256', Buffer.from(signedString(signedValues, secretKey)), privateKey).toString('base64');

let text;
try {
  const response = await fetch(baseUrl + PATH, {
    method: ${js.str(m.method)},
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
if (!verified) fail(\`data.signature does not verify over \${signedString(replyValues, '<secretKey>')}\`, ${js.num(EXIT_CODES.notVerified)});
console.error('response signature verified');
`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string): Code {
  const b = m.bearer!;
  const hasBody = m.body !== undefined;
  return program`${js.comment(headerLines(m, ['', `Run: node ${file}`]))}
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';

const PATH = ${js.str(m.path)};
const USER_EMAIL = ${js.str(b.user)};

function env(name) {
  const value = process.env[name];
  if (!value) fail(\`\${name} is not set\`);
  return value;
}

function fail(message) {
  console.error(message);
  process.exit(${js.num(EXIT_CODES.error)});
}

const base64url = (data) => Buffer.from(data).toString('base64url');

// The client assertion: a JWT signed RS256 with the partner's key, fresh for every token request.
function clientAssertion(partnerCode, privateKey) {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: partnerCode, aud: ${js.str(b.audience)}, iat: now, exp: now + ${js.num(b.assertionTtl)}, jti: randomUUID() }));
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

const baseUrl = env(${js.str(ENV.baseUrl)});
const partnerCode = env(${js.str(ENV.partnerCode)});
let privateKey;
try {
  privateKey = createPrivateKey(readFileSync(env(${js.str(ENV.privateKeyFile)})));
} catch (err) {
  fail(\`cannot read the private key: \${err.message}\`);
}
console.error(${js.str(bearerLine(m))});

const exchange = await post(baseUrl + ${js.str(b.tokenPath)}, { clientAssertion: clientAssertion(partnerCode, privateKey), userEmail: USER_EMAIL });
let accessToken;
try {
  const reply = JSON.parse(exchange);
  if (reply.code === ${js.str(b.successCode)}) accessToken = reply.data.accessToken;
  else fail(\`the token exchange was refused: \${reply.code}: \${reply.message}\`);
} catch {
  fail('the token exchange did not answer JSON');
}
${
  hasBody
    ? program`
const body = {
${bodyMembers(m)}
};
`
    : program``
}
let text;
try {
  const response = await fetch(baseUrl + PATH, {
    method: ${js.str(m.method)},
    headers: { Authorization: \`Bearer \${accessToken}\`${hasBody ? program`, 'Content-Type': 'application/json'` : program``} },${hasBody ? program`\n    body: JSON.stringify(body),` : program``}
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
if (code !== ${js.str(b.successCode)}) fail(\`error response: \${code}\`);
`;
}
