// The request as a Go program: the standard library only (crypto/rsa, encoding/pem, net/http).
// Every value enters through the Go encoder (encode.ts): the program is Code, not a string.
import { type Code, go, join, program, space } from './encode';
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, programFile, type CodeModel, type JsonValue } from './model';

const NL = program`
`;

function literal(v: JsonValue, indent: string, field: string): Code {
  if (v === null) return program`nil`;
  if (typeof v === 'boolean') return v ? program`true` : program`false`;
  if (typeof v === 'string') return go.str(v, field);
  if (typeof v === 'number') return go.num(v, field);
  const inner = `${indent}\t`;
  const pad = space(inner);
  const close = program`\n${space(indent)}`;
  if (Array.isArray(v))
    return program`[]any{${
      v.length
        ? program`\n${join(
            v.map((x, i) => program`${pad}${literal(x, inner, `${field}[${i}]`)},`),
            NL,
          )}${close}`
        : program``
    }}`;
  const entries = Object.entries(v);
  return program`map[string]any{${
    entries.length
      ? program`\n${join(
          entries.map(([k, x]) => program`${pad}${go.str(k, `${field}.${k}`)}: ${literal(x, inner, `${field}.${k}`)},`),
          NL,
        )}${close}`
      : program``
  }}`;
}

function bodyMembers(m: CodeModel): Code {
  return join(
    (m.body ?? []).map((e) => {
      const value = !('env' in e)
        ? literal(e.value, '\t\t', e.key)
        : e.env === ENV.partnerCode
          ? program`partnerCode`
          : program`env(${go.str(e.env)})`;
      return program`\t\t${go.str(e.key)}: ${value},`;
    }),
    NL,
  );
}

/** Reading PEM keys, the environment, and exiting: shared by the /api/v2 and /v3 programs. */
const KEY_AND_EXIT_HELPERS = program`// readPrivateKey reads a PEM private key in either form the service's tools produce:
// PKCS#1 ("RSA PRIVATE KEY") or PKCS#8 ("PRIVATE KEY").
func readPrivateKey(file string) (*rsa.PrivateKey, error) {
	block, err := readPEM(file)
	if err != nil {
		return nil, err
	}
	if block.Type == "RSA PRIVATE KEY" {
		return x509.ParsePKCS1PrivateKey(block.Bytes)
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	rsaKey, ok := key.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("%s is not an RSA private key", file)
	}
	return rsaKey, nil
}

// readPublicKey reads a PEM public key: SubjectPublicKeyInfo ("PUBLIC KEY") or PKCS#1 ("RSA PUBLIC KEY").
func readPublicKey(file string) (*rsa.PublicKey, error) {
	block, err := readPEM(file)
	if err != nil {
		return nil, err
	}
	if block.Type == "RSA PUBLIC KEY" {
		return x509.ParsePKCS1PublicKey(block.Bytes)
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	rsaKey, ok := key.(*rsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("%s is not an RSA public key", file)
	}
	return rsaKey, nil
}

func readPEM(file string) (*pem.Block, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("%s holds no PEM block", file)
	}
	return block, nil
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fail(${go.num(EXIT_CODES.error)}, "%s is not set", name)
	}
	return value
}

func check(err error) {
	if err != nil {
		fail(${go.num(EXIT_CODES.error)}, "%v", err)
	}
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\\n", args...)
	os.Exit(code)
}
`;

const GO_RUN_NOTE = '(not `go run`: it reports every non-zero exit status as 1, hiding the 3 of an unverified signature)';

export function goProgram(m: CodeModel): Code {
  const file = programFile(m, 'go');
  const binary = file.replace(/\.go$/, '');
  if (m.bearer) return bearerProgram(m, file, binary);
  const signedLines = join(
    m.signed.map((s) =>
      s.omitted
        ? program`${go.comment([omittedComment(s)], '\t\t')}\n\t\t${go.str(s.literal)},`
        : program`\t\tjsString(body[${go.str(s.field)}]),`,
    ),
    NL,
  );
  const header = headerLines(m, ['', `Run: go build -o ${binary} ${file} && ./${binary}`, GO_RUN_NOTE]);
  return program`${go.comment(header)}
package main

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

const path = ${go.str(m.path)}

// responseFields are the fields of data that the service signs its reply over.
var responseFields = []string{${join(
    m.response.segments.map((s) => go.str(s.field)),
    program`, `,
  )}}

func main() {
	baseURL := env(${go.str(ENV.baseUrl)})
	partnerCode := env(${go.str(ENV.partnerCode)})
	secretKey := env(${go.str(ENV.secretKey)})
	privateKey, err := readPrivateKey(env(${go.str(ENV.privateKeyFile)}))
	check(err)
	servicePublicKey, err := readPublicKey(env(${go.str(ENV.servicePublicKeyFile)}))
	check(err)

	body := map[string]any{
${bodyMembers(m)}
	}

	// The signed fields in the documented order.
	signedValues := []string{
${signedLines}
	}
	fmt.Fprintln(os.Stderr, signedString(signedValues, "<secretKey>"))
	digest := sha256.Sum256([]byte(signedString(signedValues, secretKey)))
	signature, err := rsa.SignPKCS1v15(nil, privateKey, crypto.SHA256, digest[:])
	check(err)
	body["signature"] = base64.StdEncoding.EncodeToString(signature)
	payload, err := json.Marshal(body)
	check(err)

	client := &http.Client{Timeout: 30 * time.Second}
	response, err := client.Post(baseURL+path, "application/json", bytes.NewReader(payload))
	if err != nil {
		fail(${go.num(EXIT_CODES.error)}, "request failed: %v", err)
	}
	defer response.Body.Close()
	text, err := io.ReadAll(response.Body)
	if err != nil {
		fail(${go.num(EXIT_CODES.error)}, "reading the response failed: %v", err)
	}
	os.Stdout.Write(text)

	// Numbers decode as float64, as in the service's JavaScript.
	var reply struct {
		Success      bool           \`json:"success"\`
		ErrorCode    any            \`json:"errorCode"\`
		SemanticCode string         \`json:"semanticCode"\`
		Message      string         \`json:"message"\`
		Data         map[string]any \`json:"data"\`
	}
	if err := json.Unmarshal(text, &reply); err != nil {
		fail(${go.num(EXIT_CODES.error)}, "the response is not a JSON envelope: %v", err)
	}
	if !reply.Success {
		fail(${go.num(EXIT_CODES.error)}, "error response: %s (%v): %s", reply.SemanticCode, reply.ErrorCode, reply.Message)
	}

	// A field missing from data is signed as the text undefined, as in the request.
	replyValues := make([]string, len(responseFields))
	for i, field := range responseFields {
		if value, ok := reply.Data[field]; ok {
			replyValues[i] = jsString(value)
		} else {
			replyValues[i] = "undefined"
		}
	}
	replySignature, _ := reply.Data["signature"].(string)
	decoded, err := base64.StdEncoding.DecodeString(replySignature)
	replyDigest := sha256.Sum256([]byte(signedString(replyValues, secretKey)))
	if err != nil || rsa.VerifyPKCS1v15(servicePublicKey, crypto.SHA256, replyDigest[:], decoded) != nil {
		fail(${go.num(EXIT_CODES.notVerified)}, "data.signature does not verify over %s", signedString(replyValues, "<secretKey>"))
	}
	fmt.Fprintln(os.Stderr, "response signature verified")
}

// signedString joins the values with '|' and appends the secret directly after the last pipe.
func signedString(values []string, secret string) string {
	return strings.Join(append(append([]string{}, values...), secret), "|")
}

// jsString is JavaScript's String(value), which the service signs, for the values JSON holds.
func jsString(value any) string {
	switch v := value.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case int:
		return jsNumber(float64(v)) // JavaScript has only doubles
	case float64:
		return jsNumber(v)
	case string:
		return v
	case []any:
		items := make([]string, len(v))
		for i, item := range v {
			if item != nil {
				items[i] = jsString(item)
			}
		}
		return strings.Join(items, ",")
	default:
		return "[object Object]"
	}
}

// jsNumber writes x as ECMAScript's Number::toString does. fmt's %v differs (1e+06 where
// JavaScript writes 1000000): strconv gives the shortest digits that read back to x, and
// ECMAScript's rules decide between plain and exponent notation.
func jsNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case x == 0:
		return "0" // -0 too
	case x < 0:
		return "-" + jsNumber(-x)
	case math.IsInf(x, 1):
		return "Infinity"
	}
	mantissa, exponent, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
	digits := strings.Replace(mantissa, ".", "", 1)
	e, _ := strconv.Atoi(exponent)
	k, n := len(digits), e+1 // x = 0.digits * 10^n
	switch {
	case k <= n && n <= 21:
		return digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + digits
	}
	if k > 1 {
		digits = digits[:1] + "." + digits[1:]
	}
	sign := "+"
	if n < 1 {
		sign = "-"
	}
	return fmt.Sprintf("%se%s%d", digits, sign, abs(n-1))
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

${KEY_AND_EXIT_HELPERS}`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string, binary: string): Code {
  const b = m.bearer!;
  const hasBody = m.body !== undefined;
  const header = headerLines(m, [
    '',
    `Run: go build -o ${binary} ${file} && ./${binary}`,
    '(not `go run`: it reports every non-zero exit status as 1)',
  ]);
  return program`${go.comment(header)}
package main

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

const (
	path      = ${go.str(m.path)}
	userEmail = ${go.str(b.user)}
)

// envelope is the /v3 reply: code is ${go.str(b.successCode)} on success.
type envelope struct {
	Code    string \`json:"code"\`
	Message string \`json:"message"\`
	Data    struct {
		AccessToken string \`json:"accessToken"\`
	} \`json:"data"\`
}

func main() {
	baseURL := env(${go.str(ENV.baseUrl)})
	partnerCode := env(${go.str(ENV.partnerCode)})
	privateKey, err := readPrivateKey(env(${go.str(ENV.privateKeyFile)}))
	check(err)
	fmt.Fprintln(os.Stderr, ${go.str(bearerLine(m))})

	assertion, err := clientAssertion(partnerCode, privateKey)
	check(err)
	var exchange envelope
	exchangeText := send(baseURL+${go.str(b.tokenPath)}, "POST", map[string]any{"clientAssertion": assertion, "userEmail": userEmail}, "")
	if err := json.Unmarshal(exchangeText, &exchange); err != nil || exchange.Code != ${go.str(b.successCode)} {
		fail(${go.num(EXIT_CODES.error)}, "the token exchange was refused: %s: %s", exchange.Code, exchange.Message)
	}
${
  hasBody
    ? program`
	body := map[string]any{
${bodyMembers(m)}
	}
`
    : program`
	var body map[string]any // this request has no body
`
}
	text := send(baseURL+path, ${go.str(m.method)}, body, exchange.Data.AccessToken)
	os.Stdout.Write(text)
	var reply envelope
	if err := json.Unmarshal(text, &reply); err != nil {
		fail(${go.num(EXIT_CODES.error)}, "the response is not a JSON envelope: %v", err)
	}
	if reply.Code != ${go.str(b.successCode)} {
		fail(${go.num(EXIT_CODES.error)}, "error response: %s: %s", reply.Code, reply.Message)
	}
}

// clientAssertion is a JWT signed RS256 with the partner's key, fresh for every token request.
func clientAssertion(partnerCode string, key *rsa.PrivateKey) (string, error) {
	jti := make([]byte, 16)
	if _, err := rand.Read(jti); err != nil {
		return "", err
	}
	now := time.Now().Unix()
	header, _ := json.Marshal(map[string]string{"alg": "RS256", "typ": "JWT"})
	claims, _ := json.Marshal(map[string]any{"iss": partnerCode, "aud": ${go.str(b.audience)}, "iat": now, "exp": now + ${go.num(b.assertionTtl)}, "jti": hex.EncodeToString(jti)})
	input := base64.RawURLEncoding.EncodeToString(header) + "." + base64.RawURLEncoding.EncodeToString(claims)
	digest := sha256.Sum256([]byte(input))
	signature, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest[:])
	if err != nil {
		return "", err
	}
	return input + "." + base64.RawURLEncoding.EncodeToString(signature), nil
}

// send makes the request (with a JSON body when body is not nil) and returns the response body.
func send(url, method string, body map[string]any, accessToken string) []byte {
	var payload io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		check(err)
		payload = bytes.NewReader(data)
	}
	request, err := http.NewRequest(method, url, payload)
	check(err)
	request.Header.Set("Content-Type", "application/json")
	if accessToken != "" {
		request.Header.Set("Authorization", "Bearer "+accessToken)
	}
	response, err := (&http.Client{Timeout: 30 * time.Second}).Do(request)
	if err != nil {
		fail(${go.num(EXIT_CODES.error)}, "request failed: %v", err)
	}
	defer response.Body.Close()
	text, err := io.ReadAll(response.Body)
	if err != nil {
		fail(${go.num(EXIT_CODES.error)}, "reading the response failed: %v", err)
	}
	return text
}

${KEY_AND_EXIT_HELPERS}`;
}
