// The request as a Python 3 program: the standard library plus `cryptography` (Python has no RSA of
// its own). On Debian: apt-get install python3-cryptography, and run it with that python3.
// Every value enters through the Python encoder (encode.ts): the program is Code, not a string.
import { type Code, join, program, py, space } from './encode';
import { bracketLiteral, NL, type BracketSyntax } from './bracketLiteral';
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, programFile, type CodeModel, type JsonValue } from './model';

const SYNTAX: BracketSyntax = {
  enc: py,
  key: (k, field) => py.str(k, field),
  null: program`None`,
  true: program`True`,
  false: program`False`,
  step: '    ',
};

function literal(v: JsonValue, indent: string, field: string): Code {
  return bracketLiteral(SYNTAX, v, indent, field);
}

/** The body's members, at `indent`. */
function bodyMembers(m: CodeModel, indent: string): Code {
  const pad = space(indent);
  return join(
    (m.body ?? []).map((e) => {
      const value = !('env' in e)
        ? literal(e.value, indent, e.key)
        : e.env === ENV.partnerCode
          ? program`partner_code`
          : program`env(${py.str(e.env)})`;
      return program`${pad}${py.str(e.key)}: ${value},`;
    }),
    NL,
  );
}

export function pythonProgram(m: CodeModel): Code {
  const file = programFile(m, 'python');
  if (m.bearer) return bearerProgram(m, file);
  const signedLines = join(
    m.signed.map((s) =>
      s.omitted
        ? program`${py.comment([omittedComment(s)], '        ')}\n        ${py.str(s.literal)},`
        : program`        js_string(body[${py.str(s.field)}]),`,
    ),
    NL,
  );
  const header = headerLines(m, [
    '',
    `Run: python3 ${file}  (needs the cryptography package: pip install cryptography, or Debian's python3-cryptography)`,
  ]);
  return program`#!/usr/bin/env python3
${py.comment(header)}
import base64
import json
import os
import sys
import urllib.error
import urllib.request
from decimal import Decimal

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

PATH = ${py.str(m.path)}
# The fields of data that the service signs its reply over.
RESPONSE_FIELDS = [${join(
    m.response.segments.map((s) => py.str(s.field)),
    program`, `,
  )}]


def env(name):
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set")  # exit status ${py.num(EXIT_CODES.error)}
    return value


def js_number(x):
    """x as JavaScript's String(x) writes it (ECMAScript Number::toString), which the service signs.

    str() differs: str(100000.0) is '100000.0' and str(1e-07) is '1e-07', where JavaScript writes
    '100000' and '1e-7'. repr() gives the shortest digits that read back to x; ECMAScript's rules
    then decide between plain and exponent notation.
    """
    if x != x:
        return "NaN"
    if x == 0:
        return "0"  # -0 too
    if x < 0:
        return "-" + js_number(-x)
    if x == float("inf"):
        return "Infinity"
    _, digit_tuple, exponent = Decimal(repr(x)).normalize().as_tuple()
    digits = "".join(map(str, digit_tuple))
    k = len(digits)  # x = 0.digits * 10**n
    n = exponent + k
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * -n + digits
    mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
    return f"{mantissa}e{'+' if n > 0 else '-'}{abs(n - 1)}"


def js_string(value):
    """String(value) in JavaScript, for the values a JSON body can hold."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        # JavaScript has only doubles: an integer past 2**53 is signed as the double it reads as.
        return js_number(float(value))
    if isinstance(value, list):
        return ",".join("" if item is None else js_string(item) for item in value)
    if isinstance(value, dict):
        return "[object Object]"
    return value


def signed_string(values, secret):
    """The values joined with '|', the secret appended directly after the last pipe."""
    return "|".join([*values, secret])


def main():
    base_url = env(${py.str(ENV.baseUrl)})
    partner_code = env(${py.str(ENV.partnerCode)})
    secret_key = env(${py.str(ENV.secretKey)})
    try:
        # load_pem_private_key reads both PKCS#1 (RSA PRIVATE KEY) and PKCS#8 (PRIVATE KEY).
        with open(env(${py.str(ENV.privateKeyFile)}), "rb") as f:
            private_key = serialization.load_pem_private_key(f.read(), password=None)
        with open(env(${py.str(ENV.servicePublicKeyFile)}), "rb") as f:
            service_public_key = serialization.load_pem_public_key(f.read())
    except (OSError, ValueError) as err:
        sys.exit(f"cannot read a key: {err}")

    body = {
${bodyMembers(m, '        ')}
    }

    # The signed fields in the documented order.
    signed_values = [
${signedLines}
    ]
    print(signed_string(signed_values, "<secretKey>"), file=sys.stderr)
    signature = private_key.sign(signed_string(signed_values, secret_key).encode(), padding.PKCS1v15(), hashes.SHA256())
    payload = json.dumps({**body, "signature": base64.b64encode(signature).decode()}).encode()

    request = urllib.request.Request(base_url + PATH, data=payload, method=${py.str(m.method)}, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
    except urllib.error.HTTPError as err:  # a 4xx/5xx still carries the envelope
        text = err.read().decode()
    except OSError as err:
        sys.exit(f"request failed: {err}")
    sys.stdout.write(text)
    sys.stdout.flush()

    try:
        reply = json.loads(text)
    except ValueError:
        sys.exit("the response is not JSON")
    if not isinstance(reply, dict) or reply.get("success") is not True:
        sys.exit(f"error response: {reply.get('semanticCode')} ({reply.get('errorCode')}): {reply.get('message')}" if isinstance(reply, dict) else "error response")

    # A field missing from data is signed as the text undefined, as in the request.
    data = reply.get("data") or {}
    reply_values = [js_string(data[field]) if field in data else "undefined" for field in RESPONSE_FIELDS]
    try:
        service_public_key.verify(
            base64.b64decode(data.get("signature") or ""),
            signed_string(reply_values, secret_key).encode(),
            padding.PKCS1v15(),
            hashes.SHA256(),
        )
    except (InvalidSignature, ValueError):
        print(f"data.signature does not verify over {signed_string(reply_values, '<secretKey>')}", file=sys.stderr)
        sys.exit(${py.num(EXIT_CODES.notVerified)})
    print("response signature verified", file=sys.stderr)


if __name__ == "__main__":
    main()
`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string): Code {
  const b = m.bearer!;
  const header = headerLines(m, [
    '',
    `Run: python3 ${file}  (needs the cryptography package: pip install cryptography, or Debian's python3-cryptography)`,
  ]);
  const hasBody = m.body !== undefined;
  return program`#!/usr/bin/env python3
${py.comment(header)}
import base64
import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding

PATH = ${py.str(m.path)}
USER_EMAIL = ${py.str(b.user)}


def env(name):
    value = os.environ.get(name)
    if not value:
        sys.exit(f"{name} is not set")  # exit status ${py.num(EXIT_CODES.error)}
    return value


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def client_assertion(partner_code, private_key):
    """A JWT signed RS256 with the partner's key, fresh for every token request."""
    now = int(time.time())
    header = base64url(json.dumps({"alg": "RS256", "typ": "JWT"}).encode())
    claims = {"iss": partner_code, "aud": ${py.str(b.audience)}, "iat": now, "exp": now + ${py.num(b.assertionTtl)}, "jti": str(uuid.uuid4())}
    signing_input = f"{header}.{base64url(json.dumps(claims).encode())}"
    signature = private_key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
    return f"{signing_input}.{base64url(signature)}"


def send(url, method, body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read().decode()
    except urllib.error.HTTPError as err:  # a 4xx/5xx still carries the envelope
        return err.read().decode()
    except OSError as err:
        sys.exit(f"request failed: {err}")


def main():
    base_url = env(${py.str(ENV.baseUrl)})
    partner_code = env(${py.str(ENV.partnerCode)})
    try:
        with open(env(${py.str(ENV.privateKeyFile)}), "rb") as f:
            private_key = serialization.load_pem_private_key(f.read(), password=None)
    except (OSError, ValueError) as err:
        sys.exit(f"cannot read the private key: {err}")
    print(${py.str(bearerLine(m))}, file=sys.stderr)

    exchange = send(base_url + ${py.str(b.tokenPath)}, "POST", {"clientAssertion": client_assertion(partner_code, private_key), "userEmail": USER_EMAIL})
    try:
        reply = json.loads(exchange)
    except ValueError:
        sys.exit("the token exchange did not answer JSON")
    if reply.get("code") != ${py.str(b.successCode)}:
        sys.exit(f"the token exchange was refused: {reply.get('code')}: {reply.get('message')}")
    access_token = reply["data"]["accessToken"]
${
  hasBody
    ? program`
    body = {
${bodyMembers(m, '        ')}
    }
`
    : program``
}
    text = send(base_url + PATH, ${py.str(m.method)}, ${hasBody ? program`body` : program`None`}, {"Authorization": f"Bearer {access_token}"})
    sys.stdout.write(text)
    sys.stdout.flush()
    try:
        code = json.loads(text).get("code")
    except (ValueError, AttributeError):
        sys.exit("the response is not a JSON envelope")
    if code != ${py.str(b.successCode)}:
        sys.exit(f"error response: {code}")


if __name__ == "__main__":
    main()
`;
}
