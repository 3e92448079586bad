// The layering of docs/extension.md "Code" (DESIGN.md §2), checked on the import statements of every
// source file (type-only imports set aside: they leave no code behind). A file imports only from its
// own layer or below; language, http and sandbox sit side by side and share through lower layers;
// the VS Code client imports nothing of the engine but engine/protocol.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..', '..');

/** Layer of a source file by folder; higher may import lower. */
const LAYERS: [RegExp, number, string][] = [
  [/^engine\/(util\/|protocol\.ts$)/, 0, 'util, protocol'],
  [/^engine\/(catalogue|syntax|signing|openapi)\//, 1, 'catalogue, syntax, signing, openapi'],
  // scripts: the request files' JetBrains-style scripts, run in a worker; http runs them.
  [/^engine\/(workspace|scripts)\//, 2, 'workspace, scripts'],
  [/^engine\/(language|http|sandbox|codegen)\//, 3, 'language, http, sandbox, codegen'],
  // The inspecting proxy checks with lint (language) and the response verdict (http).
  // The history records http's results (its renderer and redaction).
  [/^engine\/(proxy|history)\//, 4, 'proxy, history'],
  [/^(server|cli)\//, 5, 'server, cli'],
];
/** Side by side: none of these imports another of them. */
const SIBLINGS = /^engine\/(language|http|sandbox|codegen)\//;

function layerOf(file: string): number | undefined {
  return LAYERS.find(([re]) => re.test(file))?.[1];
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.ts$/.test(name) && !/\.d\.ts$/.test(name)) out.push(rel);
  }
  return out;
}

/** Module specifiers of the imports and re-exports that bring code in (not `import type`). */
export function valueImports(text: string, fileName = 'x.ts'): string[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const s of sf.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const c = s.importClause;
      const typeOnly =
        c?.isTypeOnly ||
        (c &&
          !c.name &&
          c.namedBindings &&
          ts.isNamedImports(c.namedBindings) &&
          c.namedBindings.elements.length > 0 &&
          c.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(s.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) && !s.isTypeOnly) {
      out.push(s.moduleSpecifier.text);
    }
  }
  return out;
}

function resolved(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = relative(ROOT, resolve(ROOT, dirname(from), spec));
  for (const c of [`${base}.ts`, `${base}/index.ts`, base]) {
    try {
      if (statSync(join(ROOT, c)).isFile()) return c;
    } catch {
      // try the next form
    }
  }
  return base;
}

describe('architecture: who may import whom', () => {
  const files = ['engine', 'server', 'cli', 'client'].flatMap(sources);
  const edges = files.flatMap((from) =>
    valueImports(readFileSync(join(ROOT, from), 'utf8'), from).map((spec) => ({ from, spec, to: resolved(from, spec) })),
  );

  it('reads value imports and sets type-only ones aside', () => {
    assert.deepEqual(
      valueImports(
        `import type { A } from './a';\nimport { type B } from './b';\nimport { c, type D } from './c';\nexport type { E } from './e';\nexport { f } from './f';`,
      ),
      ['./c', './f'],
    );
  });

  it('the client imports only vscode, the language client, node built-ins, its own files and engine/protocol', () => {
    const bad = edges.filter(({ from, spec, to }) => {
      if (!from.startsWith('client/')) return false;
      if (to) return !(to.startsWith('client/') || to === 'engine/protocol.ts');
      return !(spec === 'vscode' || spec.startsWith('vscode-languageclient') || spec.startsWith('node:'));
    });
    assert.deepEqual(
      bad.map((e) => `${e.from} -> ${e.spec}`),
      [],
    );
  });

  it('no engine file imports the client, the server or the CLI, and each imports only its layer or below', () => {
    const bad: string[] = [];
    for (const { from, spec, to } of edges) {
      if (!to || from.startsWith('client/')) continue;
      const a = layerOf(from);
      const b = layerOf(to);
      if (to.startsWith('client/')) bad.push(`${from} -> ${spec} (the client is nobody's dependency)`);
      else if (a !== undefined && b !== undefined && b > a) bad.push(`${from} -> ${spec} (layer ${b} above ${a})`);
      else if (SIBLINGS.test(from) && SIBLINGS.test(to) && from.split('/')[1] !== to.split('/')[1])
        bad.push(`${from} -> ${spec} (side-by-side folders share through a lower layer)`);
    }
    assert.deepEqual(bad, []);
  });
});
