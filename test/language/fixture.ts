// Fixtures with `|` cursor markers (vscode-json-languageservice's convention): the markers are
// removed and their offsets/positions returned. Plus helpers to run the service on a text and to
// apply a completion item's edits, so tests assert the resulting text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionItem, Position, TextEdit } from 'vscode-languageserver-types';
import { createLanguageService, type LanguageService } from '../../engine/language';
import { lintFailures } from '../../engine/language/lint';
import type { PayoutDocument } from '../../engine/language/document';
import { LineIndex } from '../../engine/syntax/lineIndex';

export const FIXTURES = join(import.meta.dirname, '../fixtures/language');

export interface Marked {
  text: string;
  offsets: number[];
  positions: Position[];
}

/** Remove every `|` and return where they were. */
export function mark(withMarkers: string): Marked {
  const offsets: number[] = [];
  let text = '';
  for (const ch of withMarkers) {
    if (ch === '|') offsets.push(text.length);
    else text += ch;
  }
  const lines = new LineIndex(text);
  return { text, offsets, positions: offsets.map((o) => lines.positionAt(o)) };
}

export function fixture(relPath: string): Marked {
  return mark(readFileSync(join(FIXTURES, relPath), 'utf8'));
}

/** The environment every unit test sees (no file system): a partner, a secret, a user. */
export const TEST_ENV: Record<string, string> = {
  base_url: 'http://127.0.0.1:4010',
  plant_base_url: 'http://127.0.0.1:4010/plant-store/v3',
  partnerCode: 'PARTNER1',
  secretKey: 'S3CRET-never-shown',
};

/**
 * A language service over TEST_ENV. The suites that reach the lint rules make one per test (in a
 * `beforeEach`): a service keeps each document's blocks, an edit (or the same text opened again under
 * the same URI) reuses them, and lint results are cached per block object. With one service per
 * file, a test could be answered from diagnostics an earlier test computed, which in a mutation run
 * (one process, a different mutant active per run) hid mutants as "survived" (docs/mutation/lint.md).
 */
export function service(env: Record<string, string> = TEST_ENV, environment = 'test'): LanguageService {
  return createLanguageService({ environment, loadEnvironment: () => env });
}

/**
 * Call inside a lint suite's `describe`: each test then fails if a lint rule threw while it ran. The
 * linter swallows a rule's exception (one broken rule must not hide the others' findings) and counts
 * it, so a rule that throws on some request silently reports nothing there; robustness.test.ts checks
 * the same count over random edits.
 */
export function failWhenARuleThrows(): void {
  let before = 0;
  beforeEach(() => {
    before = lintFailures.count;
  });
  afterEach(function () {
    // A test that already failed keeps its own message.
    if (this.currentTest?.state !== 'failed') assert.equal(lintFailures.count - before, 0, 'a lint rule threw during this test');
  });
}

let version = 0;
export function open(svc: LanguageService, text: string, uri = 'file:///work/test.payout.http'): PayoutDocument {
  return svc.document(uri, ++version, text);
}

/** The text after applying an item's textEdit and additionalTextEdits; snippet placeholders resolved to their defaults. */
export function applyCompletion(text: string, item: CompletionItem): string {
  const edits: TextEdit[] = [];
  if (item.textEdit && 'range' in item.textEdit) edits.push(item.textEdit);
  edits.push(...(item.additionalTextEdits ?? []));
  const lines = new LineIndex(text);
  const sorted = edits
    .map((e) => ({
      start: lines.offsetAt(e.range.start),
      end: lines.offsetAt(e.range.end),
      newText: item.insertTextFormat === 2 ? unsnippet(e.newText) : e.newText,
    }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** `${1:default}` -> default, `${1|a,b|}` -> a, `$1` -> ''. */
export function unsnippet(s: string): string {
  return s
    .replace(/\$\{\d+\|([^,|}]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\d+/g, '')
    .replace(/\\\$/g, '$');
}
