// The request as a Go program: the standard library only (crypto/rsa, encoding/pem, net/http).
import { ENV, EXIT_CODES, headerLines, omittedComment, numberLiteral, programFile, type CodeModel, type JsonValue } from './model';

function literal(v: JsonValue, indent: string): string {
  if (v === null) return 'nil';
  if (typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v); // a JSON string is a valid Go string literal
  if (typeof v === 'number') return numberLiteral(v).text;
  const inner = `${indent}\t`;
  if (Array.isArray(v)) return `[]any{${v.length ? `\n${v.map((x) => `${inner}${literal(x, inner)},`).join('\n')}\n${indent}` : ''}}`;
  const entries = Object.entries(v);
  return `map[string]any{${entries.length ? `\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${literal(x, inner)},`).join('\n')}\n${indent}` : ''}}`;
}

export function goProgram(m: CodeModel): string {
  const file = programFile(m, 'go');
  const binary = file.replace(/\.go$/, '');
  const bodyLines = m.body.map(([k, v]) => `\t\t${JSON.stringify(k)}: ${k === 'partnerCode' ? 'partnerCode' : literal(v, '\t\t')},`);
  const signedLines = m.signed.map((s) =>
    s.omitted
      ? `\t\t// ${omittedComment(s)}\n\t\t"${s.literal}",`
      : `\t\tjsString(body[${JSON.stringify(s.field)}]),`,
  );
  const header = headerLines(m, [
    '',
    `Run: go build -o ${binary} ${file} && ./${binary}`,
    '(not `go run`: it reports every non-zero exit status as 1, hiding the 3 of an unverified signature)',
  ]);
  return `${header.map((l) => (l ? `// ${l}` : '//')).join('\n')}
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

const path = "${m.path}"

// responseFields are the fields of data that the service signs its reply over.
var responseFields = []string{${m.response.segments.map((s) => `"${s.field}"`).join(', ')}}

func main() {
	baseURL := env("${ENV.baseUrl}")
	partnerCode := env("${ENV.partnerCode}")
	secretKey := env("${ENV.secretKey}")
	privateKey, err := readPrivateKey(env("${ENV.privateKeyFile}"))
	check(err)
	servicePublicKey, err := readPublicKey(env("${ENV.servicePublicKeyFile}"))
	check(err)

	body := map[string]any{
${bodyLines.join('\n')}
	}

	// The signed fields in the documented order.
	signedValues := []string{
${signedLines.join('\n')}
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
		fail(${EXIT_CODES.error}, "request failed: %v", err)
	}
	defer response.Body.Close()
	text, err := io.ReadAll(response.Body)
	if err != nil {
		fail(${EXIT_CODES.error}, "reading the response failed: %v", err)
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
		fail(${EXIT_CODES.error}, "the response is not a JSON envelope: %v", err)
	}
	if !reply.Success {
		fail(${EXIT_CODES.error}, "error response: %s (%v): %s", reply.SemanticCode, reply.ErrorCode, reply.Message)
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
		fail(${EXIT_CODES.notVerified}, "data.signature does not verify over %s", signedString(replyValues, "<secretKey>"))
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

// readPrivateKey reads a PEM private key in either form the service's tools produce:
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
		fail(${EXIT_CODES.error}, "%s is not set", name)
	}
	return value
}

func check(err error) {
	if err != nil {
		fail(${EXIT_CODES.error}, "%v", err)
	}
}

func fail(code int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\\n", args...)
	os.Exit(code)
}
`;
}
