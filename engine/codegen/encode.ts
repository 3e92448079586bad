// The only way text gets into a generated program (issue 22). A program is a Code value built with
// the `program` tag, whose holes accept only Code; Code is made here and nowhere else: by the
// tag itself (its literal parts are this repository's source) and by the encoders below, one per
// language, each writing a literal of that language: a string, a number, a line comment. A raw
// string in a hole is a type error, so a value from a request file cannot become code by a
// forgotten encoder.
//
// String literals are written in printable ASCII only: every other character is an escape. So a
// program's text is the same after the CLI's terminal sanitizer, a BOM or U+2028 is never raw in Go
// or JavaScript source, and Java's \uXXXX pre-processing meets no backslash it could act on (a
// backslash in data is written `\\`, which Java does not read as the start of a Unicode escape).
// Comments carry only text of the catalogue's and this tool's, and even that goes through an
// encoder that leaves nothing able to end the comment.

// Set by Code's static block: the one constructor, private to this module.
let make: (text: string) => Code;

/** A piece of program text that is safe where it is placed. */
export class Code {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  get text(): string {
    return this.#text;
  }
  static {
    make = (text) => new Code(text);
  }
}

/** The tag that writes a program: the literal parts are source, every hole is already-encoded Code. */
export function program(strings: TemplateStringsArray, ...holes: Code[]): Code {
  let out = strings[0];
  holes.forEach((hole, i) => {
    if (!(hole instanceof Code)) throw new TypeError(`hole ${i} of a program is not encoded Code`);
    out += hole.text + strings[i + 1];
  });
  return make(out);
}

/** Pieces of Code joined with a separator that is Code too. */
export function join(parts: readonly Code[], separator: Code): Code {
  return make(parts.map((p) => p.text).join(separator.text));
}

/** A value a program cannot hold exactly: the message names the field (thrown as a CodegenError by the caller's wrapper). */
export class UnwritableValue extends Error {}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** A number as a literal every C-family language reads back to the same double. Non-finite numbers have none. */
export function numberText(n: number, field: string): { text: string; integral: boolean } {
  if (!Number.isFinite(n)) throw new UnwritableValue(`${field} is ${n}, which JSON cannot carry (a number too large or not a number)`);
  if (Object.is(n, -0)) return { text: '-0.0', integral: false };
  if (Number.isSafeInteger(n)) return { text: String(n), integral: true };
  // String(n) is the shortest round-trip text; `1e+21` and `1e-7` are valid float literals everywhere.
  const t = String(n);
  return { text: /[.e]/.test(t) ? t : `${t}.0`, integral: false };
}

/** Refuses a lone surrogate: no language here writes it back as the same UTF-16 text (Go and PHP strings are UTF-8). */
export function checkText(s: string, field: string): void {
  if (/\p{Cs}/u.test(s))
    throw new UnwritableValue(`${field} holds a lone surrogate (an unpaired \\uD800-\\uDFFF), which UTF-8 programs cannot send as it is`);
}

/** Each code point of `s`, escaped unless printable ASCII and not one of `special`. */
function escapeEach(s: string, field: string, escape: (c: string, code: number) => string | undefined): string {
  checkText(s, field);
  let out = '';
  for (const c of s) {
    const code = c.codePointAt(0)!;
    out += escape(c, code) ?? c;
  }
  return out;
}

const printable = (code: number) => code >= 0x20 && code < 0x7f;

/** `\uXXXX` per UTF-16 unit: a code point above U+FFFF is two (a surrogate pair), as JavaScript and Java read them. */
function utf16Escapes(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${hex(c.charCodeAt(i), 4)}`;
  return out;
}

/**
 * Comment text: letters, digits, punctuation, symbols and the space (no line or paragraph
 * separator, BOM, bidi or other control), no backslash (Java's \u), no `?>` (ends PHP), no Python
 * coding cookie.
 */
function commentText(line: string): string {
  return line
    .replace(/[^\x20-\x7e\p{L}\p{N}\p{P}\p{S}]/gu, '?')
    .replace(/\\/g, '/')
    .replace(/\?>/g, '? >')
    .replace(/coding[:=]/g, 'coding -');
}

function commentBlock(prefix: string, lines: readonly string[], indent = ''): Code {
  return make(lines.map((l) => (l ? `${indent}${prefix} ${commentText(l)}` : `${indent}${prefix}`)).join('\n'));
}

export interface LanguageEncoder {
  /** A string literal with exactly the value `s`. */
  str(s: string, field?: string): Code;
  /** A number literal with exactly the value `n`; non-finite numbers are refused. */
  num(n: number, field?: string): Code;
  /** Line comments, one per line, at `indent`. */
  comment(lines: readonly string[], indent?: string): Code;
}

/** Indentation or other whitespace-only layout. */
export function space(s: string): Code {
  if (!/^[ \t]*$/.test(s)) throw new TypeError('space() takes spaces and tabs only');
  return make(s);
}

/** JavaScript: single-quoted; \uXXXX per UTF-16 unit outside printable ASCII. */
export const js: LanguageEncoder & { key(k: string, field?: string): Code } = {
  str: (s, field = 'a value') =>
    make(`'${escapeEach(s, field, (c, code) => (c === '\\' || c === "'" ? `\\${c}` : printable(code) ? undefined : utf16Escapes(c)))}'`),
  // String(n) is JavaScript's own shortest round-trip text.
  num: (n, field = 'a value') => {
    numberText(n, field);
    return make(Object.is(n, -0) ? '-0' : String(n));
  },
  /** An object key: an identifier stays bare; `__proto__` is computed so that it is an own member, not the prototype. */
  key: (k, field = 'a key') =>
    k === '__proto__' ? make(`[${js.str(k, field).text}]`) : /^[A-Za-z_$][\w$]*$/.test(k) ? make(k) : js.str(k, field),
  comment: (lines, indent) => commentBlock('//', lines, indent),
};

/**
 * Python's and Go's double-quoted escapes: a backslash and `"` escaped, a printable character as it
 * is, any other as \xNN below `xBelow` (Python: a code point below U+0100; Go: a byte, so ASCII
 * only), else \uXXXX or \UXXXXXXXX by code point.
 */
function codePointEscapes(xBelow: number) {
  return (c: string, code: number): string | undefined =>
    c === '\\' || c === '"'
      ? `\\${c}`
      : printable(code)
        ? undefined
        : code < xBelow
          ? `\\x${hex(code, 2)}`
          : code < 0x10000
            ? `\\u${hex(code, 4)}`
            : `\\U${hex(code, 8)}`;
}

/** Python 3: double-quoted; \xNN, \uXXXX, \UXXXXXXXX by code point. */
export const py: LanguageEncoder = {
  str: (s, field = 'a value') => make(`"${escapeEach(s, field, codePointEscapes(0x100))}"`),
  num: (n, field = 'a value') => make(numberText(n, field).text),
  comment: (lines, indent) => commentBlock('#', lines, indent),
};

/**
 * Java: double-quoted; octal escapes below U+0100 (a \u000a would be a line break before the
 * lexer runs), \uXXXX per UTF-16 unit above, which can never decode to a quote or line break.
 */
export const java: LanguageEncoder & { className(name: string): Code } = {
  str: (s, field = 'a value') =>
    make(
      `"${escapeEach(s, field, (c, code) =>
        c === '\\' || c === '"'
          ? `\\${c}`
          : printable(code)
            ? undefined
            : code < 0x100
              ? `\\${code.toString(8).padStart(3, '0')}`
              : utf16Escapes(c),
      )}"`,
    ),
  num: (n, field = 'a value') => {
    const t = numberText(n, field);
    return make(t.integral && Math.abs(n) > 2 ** 31 - 1 ? `${t.text}L` : t.text);
  },
  className: (name) => {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new UnwritableValue(`"${name}" is not a Java class name`);
    return make(name);
  },
  comment: (lines, indent) => commentBlock('//', lines, indent),
};

/** Go: interpreted string literal; \xNN for controls, \uXXXX / \UXXXXXXXX by code point (never a raw BOM). */
export const go: LanguageEncoder = {
  str: (s, field = 'a value') => make(`"${escapeEach(s, field, codePointEscapes(0x80))}"`),
  // Go's constants have no negative zero: `-0.0` is 0 (test/codegen/encoders.test.ts). That is the
  // one value not written exactly, and the same on the wire: JSON.stringify(-0) and the signed
  // string's `${-0}` are both "0".
  num: (n, field = 'a value') => make(numberText(n, field).text),
  comment: (lines, indent) => commentBlock('//', lines, indent),
};

/**
 * PHP: double-quoted, so that controls can be escapes (\xNN, \u{...}) rather than raw bytes; `$`
 * escaped, so nothing interpolates.
 */
export const php: LanguageEncoder = {
  str: (s, field = 'a value') =>
    make(
      `"${escapeEach(s, field, (c, code) =>
        c === '\\' || c === '"' || c === '$'
          ? `\\${c}`
          : printable(code)
            ? undefined
            : code < 0x80
              ? `\\x${hex(code, 2)}`
              : `\\u{${code.toString(16)}}`,
      )}"`,
    ),
  num: (n, field = 'a value') => make(numberText(n, field).text),
  comment: (lines, indent) => commentBlock('//', lines, indent),
};

/** Every language's encoder, for the secret guard: a secret must not appear in any of these forms. */
export const ENCODERS: readonly LanguageEncoder[] = [js, py, java, go, php];
