// FROZEN COPY of engine/syntax/peerLines.ts as of main cc3ea42 (before issue 28's compact document model), kept
// as the reference that test/syntax/compactModel.test.ts compares the new parser's model with: do not
// edit it to follow the engine; it is what the compact model must equal, field for field.
// The lines of the other tools' request files that are neither headers nor body (docs/syntax.md):
// JetBrains / httpYac / kulala scripts (`< {% … %}`, `> ./handler.js`), `>>`/`>>!` output
// redirects, `<>` response references, httpYac's `{{ }}` script blocks, `/* */` comments and saved
// responses. Each reader records what it read on the block and returns where parsing goes on.
import { isBlank, lineAfter, NO_SCRIPTS, report, type ProblemSink } from './lines';
import type { OutputRedirect, RequestBlock, Script } from './types';

/**
 * A line starting with `>` below the request line: `>> path` / `>>! path` (output redirect) or a
 * response handler. Returns the offset of the line after it, or -1 when the line is not one (a
 * `>` glued to text, as in `>x`, stays what it was: body text).
 */
export function responseLine(b: RequestBlock, text: string, from: number, to: number, lineEnd: number, problems: ProblemSink): number {
  if (text.charCodeAt(from + 1) === 62 /* >> */) {
    const force = text.charCodeAt(from + 2) === 33; /* ! */
    let p = from + (force ? 3 : 2);
    if (p < to && !isBlank(text.charCodeAt(p))) return -1;
    while (p < to && isBlank(text.charCodeAt(p))) p++;
    const span = { start: from, end: to };
    if (p === to) {
      report(
        problems,
        span,
        'syntax/redirect-without-path',
        `\`${force ? '>>!' : '>>'}\` names no file: write e.g. \`>> ./responses/quote.json\`.`,
      );
    } else if (b.outputRedirect) {
      report(problems, span, 'syntax/second-redirect', 'A request writes its response to one file: remove this second `>>` line.');
    } else {
      const redirect: OutputRedirect = { path: text.slice(p, to), force, span, pathSpan: { start: p, end: to } };
      b.outputRedirect = redirect;
    }
    return lineAfter(text, lineEnd);
  }
  if (from + 1 === to) {
    report(
      problems,
      { start: from, end: to },
      'syntax/empty-handler',
      '`>` alone is no response handler: write `> {% client.log(response.status) %}` or `> ./handler.js`.',
    );
    return lineAfter(text, lineEnd);
  }
  const c = text.charCodeAt(from + 1);
  if (!isBlank(c) && !(c === 123 /* { */ && text.charCodeAt(from + 2) === 37) /* % */) return -1;
  return scriptLine(b, 'post', text, from, from + 1, to, lineEnd, problems);
}

/**
 * A script starting at `from` (the `<` or `>`), its code or path from `at`: `{% … %}`, which may
 * run over many lines, or a path up to the end of the line. Returns the offset of the line after it.
 */
export function scriptLine(
  b: RequestBlock,
  phase: Script['phase'],
  text: string,
  from: number,
  at: number,
  to: number,
  lineEnd: number,
  problems: ProblemSink,
): number {
  while (at < to && isBlank(text.charCodeAt(at))) at++;
  let script: Script;
  let next = lineAfter(text, lineEnd);
  if (text.charCodeAt(at) === 123 && text.charCodeAt(at + 1) === 37 /* {% */) {
    const close = text.indexOf('%}', at + 2);
    if (close === -1) {
      let end = text.length;
      while (end > at && (isBlank(text.charCodeAt(end - 1)) || text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
      report(
        problems,
        { start: from, end: at + 2 },
        'syntax/unterminated-script',
        'This script has no closing `%}`: end it with `%}` (the script runs to the end of the block until then).',
      );
      script = { phase, kind: 'inline', source: text.slice(at + 2, end), span: { start: from, end }, sourceSpan: { start: at + 2, end } };
      next = text.length;
    } else {
      script = {
        phase,
        kind: 'inline',
        source: text.slice(at + 2, close),
        span: { start: from, end: close + 2 },
        sourceSpan: { start: at + 2, end: close },
      };
      // The rest of the line holding `%}`.
      let end = close + 2;
      while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
      let rest = close + 2;
      while (rest < end && isBlank(text.charCodeAt(rest))) rest++;
      let restTo = end;
      while (restTo > rest && isBlank(text.charCodeAt(restTo - 1))) restTo--;
      if (restTo > rest) {
        report(
          problems,
          { start: rest, end: restTo },
          'syntax/text-after-script',
          "This text follows the script's closing `%}` on the same line and is ignored: put it on a line of its own.",
          'warning',
        );
      }
      next = lineAfter(text, end);
    }
  } else {
    script = { phase, kind: 'file', source: text.slice(at, to), span: { start: from, end: to }, sourceSpan: { start: at, end: to } };
  }
  if (b.scripts === NO_SCRIPTS) b.scripts = [];
  b.scripts.push(script);
  return next;
}

/** The saved response now ends at `to` when that line has text. */
export function savedResponseEnd(b: RequestBlock, to: number): void {
  if (b.savedResponse && to > b.savedResponse.end) b.savedResponse = { start: b.savedResponse.start, end: to };
}

/**
 * httpYac's script block: a line `{{` (optionally `{{+`, `{{@request`, `{{@js response`, …) up to
 * a line `}}`. Returns the offset of the line after the `}}` line, or -1 when the line is not one
 * (no closing line: then `{{` is a template, as before).
 */
export function httpyacScript(b: RequestBlock, text: string, from: number, to: number, lineEnd: number): number {
  if (!HTTPYAC_SCRIPT_START.test(text.slice(from, to))) return -1;
  const sourceStart = lineAfter(text, lineEnd);
  let at = sourceStart;
  while (at < text.length) {
    let end = at;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    let f = at;
    while (f < end && isBlank(text.charCodeAt(f))) f++;
    let t = end;
    while (t > f && isBlank(text.charCodeAt(t - 1))) t--;
    if (t - f === 2 && text.charCodeAt(f) === 125 && text.charCodeAt(f + 1) === 125) {
      (b.httpyacScripts ??= []).push({ span: { start: from, end: t }, sourceSpan: { start: sourceStart, end: at } });
      return lineAfter(text, end);
    }
    at = lineAfter(text, end);
  }
  return -1;
}

/** httpYac: `{{`, `{{+`, `{{@request`, `{{@js response` alone on a line. */
const HTTPYAC_SCRIPT_START = /^\{\{(?:@js[ \t]+)?(?:\+|@)?(?:request|streaming|response|after|responseLogging)?$/i;

/** httpYac's `/* … *\/` comment from `from`; returns the offset of the line after its end. */
export function blockComment(b: RequestBlock, text: string, from: number, problems: ProblemSink): number {
  const close = text.indexOf('*/', from + 2);
  let end = close === -1 ? text.length : close + 2;
  if (close === -1) {
    while (end > from && /\s/.test(text[end - 1])) end--;
    report(
      problems,
      { start: from, end: from + 2 },
      'syntax/unterminated-comment',
      'This `/*` comment has no closing `*/`: end it with `*/`.',
    );
  }
  b.comments.push({ start: from, end });
  let lineEnd = end;
  while (lineEnd < text.length && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
  return lineAfter(text, lineEnd);
}

/** `<> path` below the request (JetBrains). */
export function responseRef(b: RequestBlock, text: string, from: number, to: number, problems: ProblemSink): void {
  let p = from + 2;
  while (p < to && isBlank(text.charCodeAt(p))) p++;
  const span = { start: from, end: to };
  if (p === to) {
    report(
      problems,
      span,
      'syntax/empty-response-ref',
      '`<>` names no file: write e.g. `<> ./previous-response.200.json`, or remove the line.',
    );
  } else if (!b.responseRef) {
    b.responseRef = { path: text.slice(p, to), span, pathSpan: { start: p, end: to } };
  }
}
