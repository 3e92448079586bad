// The request as a Java 17 program run as a single source file (`java Name.java`): the standard
// library only, so it carries its own small JSON writer and reader and reads a PKCS#1 key by
// wrapping it into the PKCS#8 structure that KeyFactory understands.
// Every value enters through the Java encoder (encode.ts): the program is Code, not a string.
import { type Code, java, join, program, space } from './encode';
import { bearerLine, ENV, EXIT_CODES, headerLines, omittedComment, pascalCase, programFile, type CodeModel, type JsonValue } from './model';

const COMMA_NL = program`,
`;

function literal(v: JsonValue, indent: string, field: string): Code {
  if (v === null) return program`null`;
  if (typeof v === 'boolean') return v ? program`true` : program`false`;
  if (typeof v === 'number') return java.num(v, field);
  if (typeof v === 'string') return java.str(v, field);
  const inner = `${indent}    `;
  const pad = space(inner);
  if (Array.isArray(v))
    return v.length
      ? program`list(\n${join(
          v.map((x, i) => program`${pad}${literal(x, inner, `${field}[${i}]`)}`),
          COMMA_NL,
        )})`
      : program`list()`;
  const entries = Object.entries(v);
  return entries.length
    ? program`object(\n${join(
        entries.map(([k, x]) => program`${pad}${java.str(k, `${field}.${k}`)}, ${literal(x, inner, `${field}.${k}`)}`),
        COMMA_NL,
      )})`
    : program`object()`;
}

function bodyMembers(m: CodeModel): Code {
  const indent = '                ';
  return join(
    (m.body ?? []).map((e) => {
      const value = !('env' in e)
        ? literal(e.value, indent, e.key)
        : e.env === ENV.partnerCode
          ? program`partnerCode`
          : program`env(${java.str(e.env)})`;
      return program`${space(indent)}${java.str(e.key)}, ${value}`;
    }),
    COMMA_NL,
  );
}

/** Numbers as JavaScript writes them, PEM keys, the environment, exiting, JSON: shared by the /api/v2 and /v3 programs. */
const SHARED_HELPERS = program`    /**
     * x as ECMAScript's Number::toString writes it. Double.toString differs (1.0E21 for 1e+21, and in
     * Java 17 not always the shortest digits), so: the fewest significant digits that read back to x
     * (the closest such if several), laid out by ECMAScript's rules.
     */
    static String jsNumber(double x) {
        if (Double.isNaN(x)) return "NaN";
        if (x == 0) return "0"; // -0 too
        if (x < 0) return "-" + jsNumber(-x);
        if (Double.isInfinite(x)) return "Infinity";
        BigDecimal shortest = shortestDigits(x).stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int n = k - shortest.scale(); // x = 0.digits * 10^n
        if (k <= n && n <= 21) return digits + "0".repeat(n - k);
        if (0 < n && n <= 21) return digits.substring(0, n) + "." + digits.substring(n);
        if (-6 < n && n <= 0) return "0." + "0".repeat(-n) + digits;
        String mantissa = k == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return mantissa + "e" + (n > 0 ? "+" : "-") + Math.abs(n - 1);
    }

    static BigDecimal shortestDigits(double x) {
        BigDecimal exact = new BigDecimal(x);
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal best = null;
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.HALF_EVEN, RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal candidate = exact.round(new MathContext(precision, mode));
                boolean closer = best == null || candidate.subtract(exact).abs().compareTo(best.subtract(exact).abs()) < 0;
                if (candidate.doubleValue() == x && closer) best = candidate;
            }
            if (best != null) return best;
        }
        return exact; // not reached: 17 digits always read back
    }

    /** A PEM private key, PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY"). */
    static PrivateKey readPrivateKey(Path file) throws IOException, GeneralSecurityException {
        String pem = Files.readString(file);
        byte[] der = pemBody(pem);
        if (pem.contains("BEGIN RSA PRIVATE KEY")) der = pkcs1ToPkcs8(der);
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    /** A PEM public key ("PUBLIC KEY", SubjectPublicKeyInfo), the form the service issues. */
    static PublicKey readPublicKey(Path file) throws IOException, GeneralSecurityException {
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(pemBody(Files.readString(file))));
    }

    static byte[] pemBody(String pem) {
        return Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
    }

    /**
     * Java reads private keys only as PKCS#8, which is the PKCS#1 key wrapped with its algorithm:
     * SEQUENCE { INTEGER 0, SEQUENCE { OID rsaEncryption, NULL }, OCTET STRING { the PKCS#1 key } }.
     */
    static byte[] pkcs1ToPkcs8(byte[] pkcs1) {
        byte[] versionAndAlgorithm = {
            0x02, 0x01, 0x00, // INTEGER 0
            0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
        };
        byte[] key = der(0x04, pkcs1);
        byte[] content = Arrays.copyOf(versionAndAlgorithm, versionAndAlgorithm.length + key.length);
        System.arraycopy(key, 0, content, versionAndAlgorithm.length, key.length);
        return der(0x30, content);
    }

    /** One DER element: tag, length (short or long form), content. */
    static byte[] der(int tag, byte[] content) {
        int length = content.length;
        int lengthBytes = length < 0x80 ? 0 : length < 0x100 ? 1 : length < 0x10000 ? 2 : 3;
        byte[] out = new byte[2 + lengthBytes + length];
        out[0] = (byte) tag;
        out[1] = (byte) (lengthBytes == 0 ? length : 0x80 | lengthBytes);
        for (int i = 0; i < lengthBytes; i++) out[2 + i] = (byte) (length >>> (8 * (lengthBytes - 1 - i)));
        System.arraycopy(content, 0, out, 2 + lengthBytes, length);
        return out;
    }

    /** A JSON object with its members in the order given: key, value, key, value... */
    static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return map;
    }

    static List<Object> list(Object... items) {
        return Arrays.asList(items);
    }

    static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) throw fail(${java.num(EXIT_CODES.error)}, name + " is not set");
        return value;
    }

    /** Prints the message and exits; declared to return an exception so callers can write "throw fail(...)". */
    static RuntimeException fail(int code, String message) {
        System.err.println(message);
        System.exit(code);
        return new IllegalStateException(message);
    }

    /** The small part of JSON this program needs: writing the body, reading the reply (numbers as doubles, as JavaScript reads them). */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        static String write(Object value) {
            if (value == null) return "null";
            if (value instanceof Number n) return jsNumber(n.doubleValue());
            if (value instanceof Boolean b) return b.toString();
            if (value instanceof Map<?, ?> map) {
                List<String> members = new ArrayList<>();
                map.forEach((k, v) -> members.add(quote(k.toString()) + ":" + write(v)));
                return "{" + String.join(",", members) + "}";
            }
            if (value instanceof List<?> items) {
                List<String> parts = new ArrayList<>();
                for (Object item : items) parts.add(write(item));
                return "[" + String.join(",", parts) + "]";
            }
            return quote(value.toString());
        }

        static String quote(String s) {
            StringBuilder out = new StringBuilder("\\"");
            for (char c : s.toCharArray()) {
                if (c == '"' || c == '\\\\') out.append('\\\\').append(c);
                else if (c < 0x20) out.append(String.format("\\\\u%04x", (int) c));
                else out.append(c);
            }
            return out.append('"').toString();
        }

        static Object read(String text) {
            Json reader = new Json(text);
            Object value = reader.value();
            reader.skipSpace();
            if (reader.at != text.length()) throw reader.error("unexpected text after the value");
            return value;
        }

        private Object value() {
            skipSpace();
            if (at >= text.length()) throw error("unexpected end");
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> map = new LinkedHashMap<>();
                at++;
                skipSpace();
                if (peek('}')) return map;
                do {
                    skipSpace();
                    String key = string();
                    skipSpace();
                    expect(':');
                    map.put(key, value());
                    skipSpace();
                } while (peek(','));
                expect('}');
                return map;
            }
            if (c == '[') {
                List<Object> items = new ArrayList<>();
                at++;
                skipSpace();
                if (peek(']')) return items;
                do items.add(value()); while (skipSpace() && peek(','));
                expect(']');
                return items;
            }
            if (c == '"') return string();
            for (String word : new String[] {"true", "false", "null"}) {
                if (text.startsWith(word, at)) {
                    at += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
            try {
                return Double.parseDouble(text.substring(start, at));
            } catch (NumberFormatException e) {
                throw error("not a JSON value");
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (at < text.length() && text.charAt(at) != '"') {
                char c = text.charAt(at++);
                if (c != '\\\\') {
                    out.append(c);
                    continue;
                }
                char e = text.charAt(at++);
                switch (e) {
                    case 'b' -> out.append('\\b');
                    case 'f' -> out.append('\\f');
                    case 'n' -> out.append('\\n');
                    case 'r' -> out.append('\\r');
                    case 't' -> out.append('\\t');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(e);
                }
            }
            expect('"');
            return out.toString();
        }

        private boolean skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
            return true;
        }

        private boolean peek(char c) {
            if (at < text.length() && text.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) throw error("expected '" + c + "'");
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException(what + " at offset " + at);
        }
    }
`;

export function javaProgram(m: CodeModel): Code {
  const file = programFile(m, 'java');
  const className = java.className(pascalCase(m.baseName));
  if (m.bearer) return bearerProgram(m, file, className);
  const signedLines = join(
    m.signed.map((s, i) => {
      const comma = i < m.signed.length - 1 ? program`,` : program``;
      return s.omitted
        ? program`${java.comment([omittedComment(s)], '                ')}\n                ${java.str(s.literal)}${comma}`
        : program`                jsString(body.get(${java.str(s.field)}))${comma}`;
    }),
    program`
`,
  );
  const header = headerLines(m, ['', `Run: java ${file}   (Java 11+ single-file source launch; written for Java 17)`]);
  return program`${java.comment(header)}
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class ${className} {
    static final String PATH = ${java.str(m.path)};
    /** The fields of data that the service signs its reply over. */
    static final List<String> RESPONSE_FIELDS = List.of(${join(
      m.response.segments.map((s) => java.str(s.field)),
      program`, `,
    )});

    public static void main(String[] args) throws Exception {
        String baseUrl = env(${java.str(ENV.baseUrl)});
        String partnerCode = env(${java.str(ENV.partnerCode)});
        String secretKey = env(${java.str(ENV.secretKey)});
        PrivateKey privateKey;
        PublicKey servicePublicKey;
        try {
            privateKey = readPrivateKey(Path.of(env(${java.str(ENV.privateKeyFile)})));
            servicePublicKey = readPublicKey(Path.of(env(${java.str(ENV.servicePublicKeyFile)})));
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "cannot read a key: " + e);
        }

        Map<String, Object> body = object(
${bodyMembers(m)});

        // The signed fields in the documented order.
        List<String> signedValues = List.of(
${signedLines});
        System.err.println(signedString(signedValues, "<secretKey>"));
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(privateKey);
        signer.update(signedString(signedValues, secretKey).getBytes(StandardCharsets.UTF_8));
        body.put("signature", Base64.getEncoder().encodeToString(signer.sign()));

        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + PATH))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(${java.str(m.method)}, HttpRequest.BodyPublishers.ofString(Json.write(body)))
                .build();
        String text;
        try {
            text = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "request failed: " + e);
        }
        System.out.print(text);
        System.out.flush();

        Map<?, ?> reply;
        try {
            reply = (Map<?, ?>) Json.read(text);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "the response is not a JSON envelope: " + e.getMessage());
        }
        if (!Boolean.TRUE.equals(reply.get("success"))) {
            throw fail(${java.num(EXIT_CODES.error)}, "error response: " + reply.get("semanticCode") + " (" + jsString(reply.get("errorCode")) + "): " + reply.get("message"));
        }

        // A field missing from data is signed as the text undefined, as in the request.
        Map<?, ?> data = reply.get("data") instanceof Map<?, ?> d ? d : Map.of();
        List<String> replyValues = new ArrayList<>();
        for (String field : RESPONSE_FIELDS) replyValues.add(data.containsKey(field) ? jsString(data.get(field)) : "undefined");
        boolean verified;
        try {
            Signature verifier = Signature.getInstance("SHA256withRSA");
            verifier.initVerify(servicePublicKey);
            verifier.update(signedString(replyValues, secretKey).getBytes(StandardCharsets.UTF_8));
            verified = data.get("signature") instanceof String s && verifier.verify(Base64.getDecoder().decode(s));
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            verified = false;
        }
        if (!verified) throw fail(${java.num(EXIT_CODES.notVerified)}, "data.signature does not verify over " + signedString(replyValues, "<secretKey>"));
        System.err.println("response signature verified");
    }

    /** The values joined with '|', the secret appended directly after the last pipe. */
    static String signedString(List<String> values, String secret) {
        List<String> all = new ArrayList<>(values);
        all.add(secret);
        return String.join("|", all);
    }

    /** JavaScript's String(value), which the service signs, for the values JSON holds. */
    static String jsString(Object value) {
        if (value == null) return "null";
        if (value instanceof Number n) return jsNumber(n.doubleValue()); // JavaScript has only doubles
        if (value instanceof List<?> items) {
            List<String> parts = new ArrayList<>();
            for (Object item : items) parts.add(item == null ? "" : jsString(item));
            return String.join(",", parts);
        }
        if (value instanceof Map<?, ?>) return "[object Object]";
        return value.toString(); // String, Boolean
    }

${SHARED_HELPERS}}
`;
}

/** A /v3 request: RS256 client assertion -> bearer token -> the request (doc 2 §5). */
function bearerProgram(m: CodeModel, file: string, className: Code): Code {
  const b = m.bearer!;
  const hasBody = m.body !== undefined;
  const header = headerLines(m, ['', `Run: java ${file}   (Java 11+ single-file source launch; written for Java 17)`]);
  return program`${java.comment(header)}
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

public class ${className} {
    static final String PATH = ${java.str(m.path)};
    static final String USER_EMAIL = ${java.str(b.user)};

    public static void main(String[] args) throws Exception {
        String baseUrl = env(${java.str(ENV.baseUrl)});
        String partnerCode = env(${java.str(ENV.partnerCode)});
        PrivateKey privateKey;
        try {
            privateKey = readPrivateKey(Path.of(env(${java.str(ENV.privateKeyFile)})));
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "cannot read the private key: " + e);
        }
        System.err.println(${java.str(bearerLine(m))});

        Map<?, ?> exchange = envelope(send(baseUrl + ${java.str(b.tokenPath)}, "POST", object("clientAssertion", clientAssertion(partnerCode, privateKey), "userEmail", USER_EMAIL), null));
        if (!${java.str(b.successCode)}.equals(exchange.get("code"))) {
            throw fail(${java.num(EXIT_CODES.error)}, "the token exchange was refused: " + exchange.get("code") + ": " + exchange.get("message"));
        }
        String accessToken = (String) ((Map<?, ?>) exchange.get("data")).get("accessToken");
${
  hasBody
    ? program`
        Map<String, Object> body = object(
${bodyMembers(m)});
`
    : program``
}
        String text = send(baseUrl + PATH, ${java.str(m.method)}, ${hasBody ? program`body` : program`null`}, accessToken);
        System.out.print(text);
        System.out.flush();
        Object code = envelope(text).get("code");
        if (!${java.str(b.successCode)}.equals(code)) throw fail(${java.num(EXIT_CODES.error)}, "error response: " + code);
    }

    /** A JWT signed RS256 with the partner's key, fresh for every token request. */
    static String clientAssertion(String partnerCode, PrivateKey key) throws GeneralSecurityException {
        long now = Instant.now().getEpochSecond();
        Base64.Encoder base64url = Base64.getUrlEncoder().withoutPadding();
        String header = base64url.encodeToString(Json.write(object("alg", "RS256", "typ", "JWT")).getBytes(StandardCharsets.UTF_8));
        Map<String, Object> claims = object("iss", partnerCode, "aud", ${java.str(b.audience)}, "iat", now, "exp", now + ${java.num(b.assertionTtl)}, "jti", UUID.randomUUID().toString());
        String input = header + "." + base64url.encodeToString(Json.write(claims).getBytes(StandardCharsets.UTF_8));
        Signature signer = Signature.getInstance("SHA256withRSA");
        signer.initSign(key);
        signer.update(input.getBytes(StandardCharsets.UTF_8));
        return input + "." + base64url.encodeToString(signer.sign());
    }

    /** Sends the request (a JSON body when body is not null) and returns the response body. */
    static String send(String url, String method, Map<String, Object> body, String accessToken) throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(Json.write(body)));
        if (accessToken != null) request.header("Authorization", "Bearer " + accessToken);
        try {
            return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "request failed: " + e);
        }
    }

    static Map<?, ?> envelope(String text) {
        try {
            return (Map<?, ?>) Json.read(text);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw fail(${java.num(EXIT_CODES.error)}, "the response is not a JSON envelope: " + e.getMessage());
        }
    }

${SHARED_HELPERS}}
`;
}
