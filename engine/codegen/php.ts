// The request as a PHP 8.1+ program: the standard library only (openssl and json are built into
// php-cli; the request goes out through file_get_contents' HTTP stream, so no curl extension).
// Every value enters through the PHP encoder (encode.ts): the program is Code, not a string.
import { type Code, join, php, program, space } from './encode';
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, programFile, type CodeModel, type JsonValue } from './model';

const NL = program`
`;

function literal(v: JsonValue, indent: string, field: string): Code {
  if (v === null) return program`null`;
  if (typeof v === 'boolean') return v ? program`true` : program`false`;
  if (typeof v === 'number') return php.num(v, field);
  if (typeof v === 'string') return php.str(v, field);
  const inner = `${indent}    `;
  const pad = space(inner);
  if (Array.isArray(v))
    return v.length
      ? program`[\n${join(
          v.map((x, i) => program`${pad}${literal(x, inner, `${field}[${i}]`)},`),
          NL,
        )}\n${space(indent)}]`
      : program`[]`;
  const entries = Object.entries(v);
  // An object, not an array: an empty array encodes as [], and one keyed "0", "1"... as a list.
  if (!entries.length) return program`new stdClass()`;
  return program`(object) [\n${join(
    entries.map(([k, x]) => program`${pad}${php.str(k, `${field}.${k}`)} => ${literal(x, inner, `${field}.${k}`)},`),
    NL,
  )}\n${space(indent)}]`;
}

function bodyMembers(m: CodeModel): Code {
  return join(
    (m.body ?? []).map((e) => {
      const value = !('env' in e)
        ? literal(e.value, '    ', e.key)
        : e.env === ENV.partnerCode
          ? program`$partnerCode`
          : program`env(${php.str(e.env)})`;
      return program`    ${php.str(e.key)} => ${value},`;
    }),
    NL,
  );
}

export function phpProgram(m: CodeModel): Code {
  const file = programFile(m, 'php');
  if (m.bearer) return bearerProgram(m, file);
  const signedLines = join(
    m.signed.map((s) =>
      s.omitted
        ? program`${php.comment([omittedComment(s)], '    ')}\n    ${php.str(s.literal)},`
        : program`    js_string($body[${php.str(s.field)}]),`,
    ),
    NL,
  );
  const header = headerLines(m, ['', `Run: php ${file}`]);
  return program`<?php
${php.comment(header)}

declare(strict_types=1);

// Write floats with the shortest digits that read back to the same value (json_encode, var_export).
ini_set('serialize_precision', '-1');

const PATH = ${php.str(m.path)};
// The fields of data that the service signs its reply over.
const RESPONSE_FIELDS = [${join(
    m.response.segments.map((s) => php.str(s.field)),
    program`, `,
  )}];

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        fail("$name is not set");
    }
    return $value;
}

function fail(string $message, int $code = ${php.num(EXIT_CODES.error)}): never
{
    fwrite(STDERR, $message . PHP_EOL);
    exit($code);
}

/**
 * $x as JavaScript's String($x) writes it (ECMAScript Number::toString), which the service signs.
 * PHP's own casts differ ((string) 1e21 is "1.0E+21", and only 14 digits by default):
 * var_export with serialize_precision -1 gives the shortest digits that read back to $x, and
 * ECMAScript's rules then decide between plain and exponent notation.
 */
function js_number(float $x): string
{
    if (is_nan($x)) {
        return 'NaN';
    }
    if ($x == 0.0) {
        return '0'; // -0 too
    }
    if ($x < 0) {
        return '-' . js_number(-$x);
    }
    if (is_infinite($x)) {
        return 'Infinity';
    }
    [$mantissa, $exponent] = explode('E', strtoupper(var_export($x, true))) + [1 => '0'];
    [$whole, $fraction] = explode('.', $mantissa) + [1 => ''];
    // $x = 0.$digits * 10 ** $n
    $digits = ltrim($whole . $fraction, '0');
    $n = strlen($whole) + (int) $exponent - (strlen($whole . $fraction) - strlen($digits));
    $digits = rtrim($digits, '0');
    $k = strlen($digits);
    if ($k <= $n && $n <= 21) {
        return $digits . str_repeat('0', $n - $k);
    }
    if (0 < $n && $n <= 21) {
        return substr($digits, 0, $n) . '.' . substr($digits, $n);
    }
    if (-6 < $n && $n <= 0) {
        return '0.' . str_repeat('0', -$n) . $digits;
    }
    $mantissa = $k === 1 ? $digits : $digits[0] . '.' . substr($digits, 1);
    return $mantissa . 'e' . ($n > 0 ? '+' : '-') . abs($n - 1);
}

/** JavaScript's String($value), for the values JSON holds. */
function js_string(mixed $value): string
{
    return match (true) {
        $value === null => 'null',
        is_bool($value) => $value ? 'true' : 'false',
        // JavaScript has only doubles: an integer past 2**53 is signed as the double it reads as.
        is_int($value), is_float($value) => js_number((float) $value),
        is_array($value) && array_is_list($value) => implode(',', array_map(fn ($item) => $item === null ? '' : js_string($item), $value)),
        is_array($value), is_object($value) => '[object Object]',
        default => (string) $value,
    };
}

/** The values joined with '|', the secret appended directly after the last pipe. */
function signed_string(array $values, string $secret): string
{
    return implode('|', [...$values, $secret]);
}

$baseUrl = env(${php.str(ENV.baseUrl)});
$partnerCode = env(${php.str(ENV.partnerCode)});
$secretKey = env(${php.str(ENV.secretKey)});
// openssl reads both PKCS#1 (RSA PRIVATE KEY) and PKCS#8 (PRIVATE KEY) PEM.
$privateKey = openssl_pkey_get_private((string) @file_get_contents(env(${php.str(ENV.privateKeyFile)})))
    ?: fail(${php.str(`cannot read the private key in ${ENV.privateKeyFile}`)});
$servicePublicKey = openssl_pkey_get_public((string) @file_get_contents(env(${php.str(ENV.servicePublicKeyFile)})))
    ?: fail(${php.str(`cannot read the service public key in ${ENV.servicePublicKeyFile}`)});

$body = [
${bodyMembers(m)}
];

// The signed fields in the documented order.
$signedValues = [
${signedLines}
];
fwrite(STDERR, signed_string($signedValues, '<secretKey>') . PHP_EOL);
openssl_sign(signed_string($signedValues, $secretKey), $signature, $privateKey, OPENSSL_ALGO_SHA256)
    or fail('signing failed: ' . openssl_error_string());
$body['signature'] = base64_encode($signature);

$context = stream_context_create(['http' => [
    'method' => ${php.str(m.method)},
    'header' => "Content-Type: application/json\\r\\n",
    'content' => json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR),
    'ignore_errors' => true, // a 4xx/5xx still carries the envelope
    'timeout' => 30,
]]);
$text = @file_get_contents($baseUrl . PATH, false, $context);
if ($text === false) {
    fail('request failed: ' . (error_get_last()['message'] ?? 'no response'));
}
echo $text;

$reply = json_decode($text, true);
if (!is_array($reply)) {
    fail('the response is not JSON');
}
if (($reply['success'] ?? null) !== true) {
    fail(sprintf('error response: %s (%s): %s', $reply['semanticCode'] ?? '', $reply['errorCode'] ?? '', $reply['message'] ?? ''));
}

// A field missing from data is signed as the text undefined, as in the request.
$data = is_array($reply['data'] ?? null) ? $reply['data'] : [];
$replyValues = array_map(fn ($field) => array_key_exists($field, $data) ? js_string($data[$field]) : 'undefined', RESPONSE_FIELDS);
$replySignature = base64_decode((string) ($data['signature'] ?? ''), true);
if ($replySignature === false || openssl_verify(signed_string($replyValues, $secretKey), $replySignature, $servicePublicKey, OPENSSL_ALGO_SHA256) !== 1) {
    fail('data.signature does not verify over ' . signed_string($replyValues, '<secretKey>'), ${php.num(EXIT_CODES.notVerified)});
}
fwrite(STDERR, 'response signature verified' . PHP_EOL);
`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string): Code {
  const b = m.bearer!;
  const hasBody = m.body !== undefined;
  const header = headerLines(m, ['', `Run: php ${file}`]);
  return program`<?php
${php.comment(header)}

declare(strict_types=1);

// Write floats with the shortest digits that read back to the same value (json_encode).
ini_set('serialize_precision', '-1');

const PATH = ${php.str(m.path)};
const USER_EMAIL = ${php.str(b.user)};

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        fail("$name is not set");
    }
    return $value;
}

function fail(string $message): never
{
    fwrite(STDERR, $message . PHP_EOL);
    exit(${php.num(EXIT_CODES.error)});
}

function base64url(string $data): string
{
    return rtrim(strtr(base64_encode($data), '+/', '-_'), '=');
}

/** A JWT signed RS256 with the partner's key, fresh for every token request. */
function client_assertion(string $partnerCode, OpenSSLAsymmetricKey $privateKey): string
{
    $now = time();
    $claims = ['iss' => $partnerCode, 'aud' => ${php.str(b.audience)}, 'iat' => $now, 'exp' => $now + ${php.num(b.assertionTtl)}, 'jti' => bin2hex(random_bytes(16))];
    $input = base64url(json_encode(['alg' => 'RS256', 'typ' => 'JWT'])) . '.' . base64url(json_encode($claims));
    openssl_sign($input, $signature, $privateKey, OPENSSL_ALGO_SHA256) or fail('signing failed: ' . openssl_error_string());
    return $input . '.' . base64url($signature);
}

function send(string $url, string $method, ?array $body, array $headers = []): string
{
    $headers[] = 'Content-Type: application/json';
    $http = ['method' => $method, 'header' => implode("\\r\\n", $headers) . "\\r\\n", 'ignore_errors' => true, 'timeout' => 30];
    if ($body !== null) {
        $http['content'] = json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
    }
    $text = @file_get_contents($url, false, stream_context_create(['http' => $http]));
    if ($text === false) {
        fail('request failed: ' . (error_get_last()['message'] ?? 'no response'));
    }
    return $text;
}

$baseUrl = env(${php.str(ENV.baseUrl)});
$partnerCode = env(${php.str(ENV.partnerCode)});
$privateKey = openssl_pkey_get_private((string) @file_get_contents(env(${php.str(ENV.privateKeyFile)})))
    ?: fail(${php.str(`cannot read the private key in ${ENV.privateKeyFile}`)});
fwrite(STDERR, ${php.str(bearerLine(m))} . PHP_EOL);

$exchange = json_decode(send($baseUrl . ${php.str(b.tokenPath)}, 'POST', ['clientAssertion' => client_assertion($partnerCode, $privateKey), 'userEmail' => USER_EMAIL]), true);
if (($exchange['code'] ?? null) !== ${php.str(b.successCode)}) {
    fail(sprintf('the token exchange was refused: %s: %s', $exchange['code'] ?? '', $exchange['message'] ?? ''));
}
$accessToken = $exchange['data']['accessToken'];
${
  hasBody
    ? program`
$body = [
${bodyMembers(m)}
];
`
    : program``
}
$text = send($baseUrl . PATH, ${php.str(m.method)}, ${hasBody ? program`$body` : program`null`}, ["Authorization: Bearer $accessToken"]);
echo $text;
$code = json_decode($text, true)['code'] ?? null;
if ($code !== ${php.str(b.successCode)}) {
    fail('error response: ' . ($code ?? 'not a JSON envelope'));
}
`;
}
