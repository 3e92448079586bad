// kulala's and JetBrains' `run` lines, read here and run by engine/http/session.ts (issue 23 left
// them read, not executed). In a request's block, above its request line, `run #Name` sends the
// request `Name` first, every time the request is sent; `run ./other.http` sends every request of
// that file; either may end in `(@var=value, ...)`, the values those runs resolve with, over the
// file's and the environment's. A request is named after `###` (its title), by `# @name`, or, when
// it has neither, by its request line as written (`run #POST https://host/path`). It is looked for
// in this file, then in the files brought in by `import ./file.http` lines, in their order. A block
// made only of `run` lines runs them when the whole file is sent (Send All, `send --all`), at its
// place in the file.
import type { Directive, RequestBlock } from './types';

export type RunStep =
  | { kind: 'request'; target: string; overrides: Record<string, string>; text: string }
  | { kind: 'file'; path: string; overrides: Record<string, string>; text: string }
  | { kind: 'invalid'; problem: string; text: string };

/** `(@a=1, @b=two)` at the end of a run line. */
const OVERRIDES = /\(\s*(@[^()]*)\)\s*$/;
const OVERRIDE = /^@([A-Za-z_$][\w.$-]*)\s*=\s*(.*)$/;

/** The `run` lines of a block, in order. */
export function runStepsOf(block: RequestBlock): RunStep[] {
  return block.directives.filter((d) => d.name === 'run').map(runStep);
}

/** The `import` lines of a file's blocks, in order: paths as written (kept with each block's summary, so no block is parsed again). */
export function importsOf(blocks: readonly RequestBlock[]): string[] {
  return blocks.flatMap((b) => b.fileDirectives.filter((d) => d.name === 'import').map((d) => d.value.trim()));
}

function runStep(d: Directive): RunStep {
  const text = `run ${d.value}`;
  let rest = d.value.trim();
  // Pairs made into an object by fromEntries, which defines each name as its own property: a name
  // such as `__proto__`, written in the file, is a variable like any other, not the object's prototype.
  const pairs: [string, string][] = [];
  const m = OVERRIDES.exec(rest);
  if (m) {
    for (const part of m[1].split(',')) {
      const o = OVERRIDE.exec(part.trim());
      if (!o) return { kind: 'invalid', text, problem: `\`${part.trim()}\` is not a variable: write (@name=value, @other=value)` };
      pairs.push([o[1], o[2].trim()]);
    }
    rest = rest.slice(0, m.index).trim();
  }
  const overrides = Object.fromEntries(pairs);
  if (rest.startsWith('#')) {
    const target = rest.slice(1).trim();
    if (!target)
      return { kind: 'invalid', text, problem: 'no request named after `#`: write `run #Name`, Name being its ### title or # @name' };
    return { kind: 'request', target, overrides, text };
  }
  if (!rest) return { kind: 'invalid', text, problem: 'nothing to run: write `run #Name` or `run ./other.http`' };
  return { kind: 'file', path: rest, overrides, text };
}

/** The request `target` names: by `# @name`, by its `###` title, else by its request line as written (no HTTP version). */
export function findRunTarget(requests: readonly RequestBlock[], target: string): RequestBlock | undefined {
  return (
    requests.find((b) => b.name === target) ??
    requests.find((b) => b.separator?.title === target) ??
    requests.find((b) => b.requestLine && `${b.requestLine.method} ${b.requestLine.url}` === target)
  );
}
