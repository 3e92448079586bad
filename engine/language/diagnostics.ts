// Diagnostics of a document version: the lint rules' findings (cached per document object, so
// diagnostics, code actions and the CLI share one run), converted to LSP at the edge.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { KeyObject } from 'node:crypto';
import { publicKeyFromPrivate } from '../signing/keys';
import { partnerPrivateKey } from '../workspace/keys';
import { verifyText, signText } from '../signing/rsa';
import { PRIVATE_KEY, PRIVATE_KEY_FILE, SECRET_KEY } from '../syntax/environments';
import type { RequestBlock, Span } from '../syntax/types';
import type { PayoutDocument } from './document';
import { lintBlock, lintFileAfter, type BlockLint, type FileDiagnostic, type FileLint, type ScopeNames } from './lint';
import type { Endpoint } from '../catalogue/types';
import type { RuleDiagnostic, SignatureCheck } from './lint/types';
import { previewOf, type BlockPreview } from './preview';
import { explainSignature } from '../signing/explain';
import type { CandidateSource } from '../signing/candidates';
import { fileSources } from '../workspace/explainSources';
import { bodyOf } from './body';
import type { ServiceContext } from './service';

const results = new WeakMap<PayoutDocument, { scope: object; diagnostics: FileDiagnostic[]; fileLint: FileLint }>();

/** The partner's private key from the environment (the workspace's one loader), or undefined when it has none or it is unusable. */
function privateKeyOf(env: Readonly<Record<string, string>>, fileDir: string): KeyObject | undefined {
  const file = env[PRIVATE_KEY_FILE];
  // A missing or broken key is the sender's error to report; lint just cannot check signatures.
  return partnerPrivateKey({ pem: env[PRIVATE_KEY], file: file && !file.includes('{{') ? file : undefined }, 'the environment', fileDir)
    .key;
}

export function lintDocument(ctx: ServiceContext, doc: PayoutDocument): FileDiagnostic[] {
  const scope = ctx.scope(doc);
  const key = ctx.scopeKey(doc);
  const hit = results.get(doc);
  // The scope object changes with the environment and the file's names: then lint again.
  if (hit && hit.scope === scope) return hit.diagnostics;
  let signer: { secret: string; key: KeyObject; publicKey: KeyObject } | undefined | null = null;
  const checkSignature = (block: RequestBlock): SignatureCheck | undefined => {
    if (signer === null) {
      const secret = scope.env[SECRET_KEY];
      const pk = secret ? privateKeyOf(scope.env, doc.fileDir) : undefined;
      signer = secret && pk ? { secret, key: pk, publicKey: publicKeyFromPrivate(pk) } : undefined;
    }
    if (!signer) return undefined;
    const preview = previewOf(block, scope, key);
    const typed = bodySignature(block);
    if (!preview || !preview.complete || typed === undefined) return undefined;
    const text = preview.actual.withSecret(signer.secret);
    const matches = verifyText(text, typed, signer.publicKey);
    if (matches) return { matches, display: preview.display, expected: typed };
    const explanation = lintExplanation(scope.env, typed, preview, signer, () => fileSources(doc.parsed.requests, block));
    return { matches, display: preview.display, expected: signText(text, signer.key), explanation };
  };
  // The previous version's file lint, when this one is an edit of it (lintFileAfter says what it saves).
  const change = doc.change;
  const before = change && results.get(change.previous);
  const lints = drain(blockLintsInSteps(doc, scope.extra, scope));
  const { diagnostics, fileLint } = lintFileAfter(
    doc.parsed,
    {
      variableNames: scope.variableNames,
      requestNames: scope.requestNames,
      extra: scope.extra,
      openapi: scope.openapi,
      checkSignature,
    },
    lints,
    change && before
      ? {
          previous: before.fileLint,
          from: change.from,
          oldTo: change.oldTo,
          newTo: change.newTo,
          sameLintsOutside: blockLintLists.get(doc)?.basis === before.fileLint.lints,
        }
      : undefined,
  );
  results.set(doc, { scope, diagnostics, fileLint });
  return diagnostics;
}

/** Blocks linted per step of lintDocumentInSteps: well under a millisecond of work each. */
const BLOCKS_PER_STEP = 25;

/**
 * lintDocument in steps: yields after every few blocks (the caller decides when to give the event
 * loop back, and may drop the run when a newer version arrives), returns the same findings.
 */
export function* lintDocumentInSteps(ctx: ServiceContext, doc: PayoutDocument): Generator<void, FileDiagnostic[]> {
  const scope = ctx.scope(doc);
  const hit = results.get(doc);
  if (hit && hit.scope === scope) return hit.diagnostics;
  yield* blockLintsInSteps(doc, scope.extra, scope);
  return lintDocument(ctx, doc);
}

/**
 * The lint of every block of a document version, in order. Kept per version: the next version
 * takes the previous one's list and lints only the blocks its edit replaced (doc.change), instead
 * of looking up each of 50,000 blocks of a 20 MB file in the per-block cache on every keystroke.
 */
const blockLintLists = new WeakMap<PayoutDocument, { extra?: readonly Endpoint[]; lints: BlockLint[]; basis?: BlockLint[] }>();

function* blockLintsInSteps(doc: PayoutDocument, extra: Endpoint[] | undefined, names: ScopeNames): Generator<void, BlockLint[]> {
  const hit = blockLintLists.get(doc);
  if (hit && hit.extra === extra) return hit.lints;
  const blocks = doc.parsed.blocks;
  const change = doc.change;
  const before = change && blockLintLists.get(change.previous);
  const reuse = change && before && before.extra === extra && before.lints.length === change.previous.parsed.blocks.length;
  const from = reuse ? change.from : 0;
  const to = reuse ? change.newTo : blocks.length;
  const fresh = new Array<BlockLint>(to - from);
  for (let k = from; k < to; k++) {
    fresh[k - from] = lintBlock(blocks[k], extra, names);
    if ((k - from) % BLOCKS_PER_STEP === BLOCKS_PER_STEP - 1) yield;
  }
  const lints = reuse ? before.lints.slice(0, from).concat(fresh, before.lints.slice(change.oldTo)) : fresh;
  // `basis`: the list whose entries outside the edit this one took over (lintFileAfter's sameLintsOutside).
  blockLintLists.set(doc, { extra, lints, basis: reuse ? before.lints : undefined });
  return lints;
}

function drain<R>(steps: Generator<void, R>): R {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The literal `signature` typed in the body (its first one), read from the body model, not the tree. */
/** The lint's explanation budget: the search runs on the language server's thread, so it stays short. */
const LINT_EXPLAIN_BUDGET_MS = 40;
/** Explanations per environment object (a new environment is a new object), by signature and signed string. */
const explained = new WeakMap<object, Map<string, string>>();

/**
 * A short explanation of a typed signature that does not match: the verdict of opening it with the
 * public key, and what a search of the file's own values (the cheap candidates) finds in a few tens of
 * milliseconds. Cached, so a keystroke elsewhere does not search again.
 */
function lintExplanation(
  env: object,
  typed: string,
  preview: BlockPreview,
  signer: { secret: string; publicKey: KeyObject },
  sources: () => CandidateSource[],
): string {
  let cache = explained.get(env);
  if (!cache) explained.set(env, (cache = new Map<string, string>()));
  const key = `${typed}\n${preview.display}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const e = explainSignature({
    template: preview.endpoint.signedString!,
    values: preview.actualValues,
    secret: signer.secret,
    signature: typed,
    publicKey: signer.publicKey,
    sources: sources(),
    budgetMs: LINT_EXPLAIN_BUDGET_MS,
  });
  const text = e.match
    ? `The signature was ${e.verdict.text}. ${e.match.description}`
    : `The signature was ${e.verdict.text}.${e.verdict.kind === 'other-key' || e.verdict.kind === 'unreadable' ? '' : ' Run Payout HTTP: Explain Signature Mismatch to search further.'}`;
  if (cache.size > 100) cache.clear();
  cache.set(key, text);
  return text;
}

function bodySignature(block: RequestBlock): string | undefined {
  const field = bodyOf(block).fields.find((f) => f.name === 'signature');
  return field?.kind === 'string' && typeof field.value === 'string' ? field.value : undefined;
}

/**
 * The LSP form of a block's diagnostic (a block's findings are the same objects while the block is
 * unchanged), with where its block started when it was made: every publish sends the whole list
 * again, and converting 2,000 findings to line and character on each keystroke was a third of it.
 */
const converted = new WeakMap<RuleDiagnostic, { block: RequestBlock; line: number; character: number; lsp: Diagnostic }>();

/**
 * The LSP diagnostics of `found` (lintDocument's findings for `doc`), in their order. A block's
 * finding keeps its converted form while its block starts at the same position, and is moved by
 * whole lines when only the lines before the block changed in number (the positions inside a block
 * depend on its text alone); the file rules' findings are converted afresh.
 */
export function toLspDiagnostics(doc: PayoutDocument, found: readonly FileDiagnostic[]): Diagnostic[] {
  const hit = results.get(doc);
  if (!hit || hit.diagnostics !== found) return found.map((d) => toLspDiagnostic(doc, d));
  const { lints, withDiagnostics, findings } = hit.fileLint;
  const blocks = doc.parsed.blocks;
  const out: Diagnostic[] = [];
  for (const k of withDiagnostics) {
    const block = blocks[k];
    const at = doc.lines.positionAt(block.start);
    for (const d of lints[k].diagnostics) {
      const c = converted.get(d);
      if (c && c.block === block && c.line === at.line && c.character === at.character) {
        out.push(c.lsp);
        continue;
      }
      let lsp: Diagnostic;
      if (c && c.block === block && c.character === at.character) {
        const by = at.line - c.line;
        const { start, end } = c.lsp.range;
        lsp = {
          ...c.lsp,
          range: { start: { line: start.line + by, character: start.character }, end: { line: end.line + by, character: end.character } },
        };
      } else lsp = toLspDiagnostic(doc, { ...d, span: { start: block.start + d.span.start, end: block.start + d.span.end } });
      converted.set(d, { block, line: at.line, character: at.character, lsp });
      out.push(lsp);
    }
  }
  for (const f of findings) for (const d of f) out.push(toLspDiagnostic(doc, d));
  return out;
}

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

export function spanToRange(doc: PayoutDocument, span: Span) {
  return { start: doc.lines.positionAt(span.start), end: doc.lines.positionAt(span.end) };
}

export function toLspDiagnostic(doc: PayoutDocument, d: FileDiagnostic): Diagnostic {
  return { range: spanToRange(doc, d.span), severity: SEVERITY[d.severity], code: d.code, source: 'payout-http', message: d.message };
}
