// Every language's literal encoder (engine/codegen/encode.ts) checked by the language itself: a few
// hundred generated strings (any Unicode, controls, quotes, backslashes, `$`, `?>`, `\u000a` as
// text, BOM, line and paragraph separators) and numbers (integers past 2^31 and 2^53, -0, 1e21,
// 5e-324) are written as literals into one program per language, which prints each string's UTF-8
// bytes in hex and each number in its own shortest form. The output must be the values given: a
// literal that ends early, escapes wrongly or reads as another number shows here, in one compile
// and one run per language (the hostile suite checks whole generated programs). The one value not
// read back exactly is -0 in Go, whose constants have no negative zero.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { go, java, js, php, py, type LanguageEncoder } from '../../engine/codegen/encode';
import type { Language } from '../../engine/codegen';
import { findToolchain, JVM_QUICK_START, run } from './toolchains';

const required = process.env.PAYOUT_HTTP_REQUIRE_TOOLCHAINS === '1';

const NASTY = ['', '\'"\\', '$x {$y} ${z}', '?>', '\\u000a', '\n\r\t\0\x7f', '\uFEFF', '\u2028\u2029', '😀', 'a\u0301', '*/', '%s %d'];

/** Strings with no lone surrogate (the encoders refuse those, with the field named). */
const strings = fc.sample(
  fc.oneof(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.constantFrom(...NASTY)).filter((s) => !/\p{Cs}/u.test(s)),
  { numRuns: 300, seed: 28 },
);
const numbers = [
  0,
  -0,
  1,
  -1,
  150000,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e-7,
  0.1,
  5e-324,
  Number.MAX_VALUE,
  ...fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), { numRuns: 100, seed: 28 }),
];

const ENCODER: Record<Language, LanguageEncoder> = { node: js, python: py, go, php, java };
const hexOf = (s: string) => Buffer.from(s, 'utf8').toString('hex');
const list = (enc: LanguageEncoder, xs: readonly string[]) => xs.map((s) => enc.str(s).text).join(',\n');
const nums = (enc: LanguageEncoder) => numbers.map((n) => enc.num(n).text).join(',\n');

/** A program that prints each string's UTF-8 hex, then each number, one per line. */
const PROGRAMS: Record<Language, { file: string; text: string }> = {
  node: {
    file: 'p.js',
    text: `const xs = [\n${list(js, strings)}];\nconst ns = [\n${nums(js)}];\nfor (const x of xs) console.log(Buffer.from(x, 'utf8').toString('hex'));\nfor (const n of ns) console.log(Object.is(n, -0) ? '-0' : String(n));\n`,
  },
  python: {
    file: 'p.py',
    text: `xs = [\n${list(py, strings)}]\nns = [\n${nums(py)}]\nfor x in xs:\n    print(x.encode("utf-8").hex())\nfor n in ns:\n    print(repr(n))\n`,
  },
  go: {
    file: 'main.go',
    text: `package main\n\nimport (\n\t"encoding/hex"\n\t"fmt"\n\t"strconv"\n)\n\nfunc main() {\n\txs := []string{\n${list(go, strings)},\n\t}\n\tns := []float64{\n${nums(go)},\n\t}\n\tfor _, x := range xs {\n\t\tfmt.Println(hex.EncodeToString([]byte(x)))\n\t}\n\tfor _, n := range ns {\n\t\tfmt.Println(strconv.FormatFloat(n, 'g', -1, 64))\n\t}\n}\n`,
  },
  php: {
    file: 'p.php',
    text: `<?php\n$xs = [\n${list(php, strings)}];\n$ns = [\n${nums(php)}];\nforeach ($xs as $x) echo bin2hex($x), "\\n";\nforeach ($ns as $n) echo json_encode($n), "\\n";\n`,
  },
  java: {
    file: 'P.java',
    text: `public class P {\n  public static void main(String[] a) throws Exception {\n    String[] xs = {\n${list(java, strings)}\n    };\n    double[] ns = {\n${nums(java)}\n    };\n    for (String x : xs) {\n      StringBuilder b = new StringBuilder();\n      for (byte y : x.getBytes("UTF-8")) b.append(String.format("%02x", y));\n      System.out.println(b);\n    }\n    for (double n : ns) System.out.println(Double.toString(n));\n  }\n}\n`,
  },
};

async function output(language: Language, command: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), `payout-encoders-${language}-`));
  const { file, text } = PROGRAMS[language];
  writeFileSync(join(dir, file), text);
  const step = async (cmd: string, args: string[]) => {
    const r = await run(cmd, args, { cwd: dir });
    if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.code}):\n${r.stderr.slice(0, 4000)}`);
    return r.stdout;
  };
  switch (language) {
    case 'go':
      writeFileSync(join(dir, 'go.mod'), 'module encoders\n\ngo 1.19\n');
      await step(command, ['build', '-o', 'p', '.']);
      return (await step(join(dir, 'p'), [])).split('\n');
    case 'java':
      await step('javac', [file]);
      return (await step('java', [...JVM_QUICK_START, '-cp', dir, 'P'])).split('\n');
    default:
      return (await step(command, [file])).split('\n');
  }
}

describe('code: each language reads back the literals its encoder writes (issue 22)', function () {
  this.timeout(120_000);
  for (const language of Object.keys(PROGRAMS) as Language[]) {
    it(`${language}: ${strings.length} strings to the same UTF-8 bytes, ${numbers.length} numbers to the same doubles`, async function () {
      const found = findToolchain(language);
      if (!found.ok) {
        if (required) throw new Error(`PAYOUT_HTTP_REQUIRE_TOOLCHAINS=1 but ${language} cannot run: ${found.why}`);
        console.log(`      skipped: ${found.why}`);
        this.skip();
      }
      const lines = await output(language, found.command);
      strings.forEach((s, i) =>
        assert.equal(lines[i], hexOf(s), `string ${i}: ${JSON.stringify(s)} written as ${ENCODER[language].str(s).text}`),
      );
      numbers.forEach((n, i) => {
        const printed = lines[strings.length + i];
        // Go's constants have no negative zero (encode.ts says why that is the same on the wire).
        const expected = language === 'go' && Object.is(n, -0) ? 0 : n;
        assert.ok(Object.is(Number(printed), expected), `number ${Object.is(n, -0) ? '-0' : n} read back as ${printed}`);
      });
    });
  }
});
