// Setting or removing one top-level member of a JSON object by a minimal text edit: every other
// byte stays as written. jsonc-parser's `modify` formats what it touches (`{"a":1}` came back as three lines,
// a nested `{"c": 2}` was spread out, tabs became spaces), so a signed body was not sent as typed.
import { parseTree, type Node } from 'jsonc-parser';
import { indentOf, lineBreakOf } from './lineLayout';

/**
 * `text` (a JSON object) with the top-level member `name` set to `value`: its value replaced when
 * the member is there, else a member added after the last one, on a line of its own indented as
 * the others when the object spans lines, on the same line when it is written on one line.
 * Undefined when `text` is not a JSON object.
 */
export function setJsonMember(text: string, name: string, value: unknown): string | undefined {
  const root: Node | undefined = parseTree(text);
  if (!root || root.type !== 'object') return undefined;
  const json = JSON.stringify(value);
  const members = root.children ?? [];
  // The last one of a name given twice: the one JSON.parse (and so the service) reads.
  const existing = [...members].reverse().find((m) => m.children?.[0]?.value === name)?.children?.[1];
  if (existing) return text.slice(0, existing.offset) + json + text.slice(existing.offset + existing.length);

  const close = root.offset + root.length - 1; // the `}`
  const member = `${JSON.stringify(name)}: ${json}`;
  const last = members[members.length - 1];
  const multiline = /[\r\n]/.test(text.slice(root.offset, close + 1));
  if (!last) {
    if (!multiline) return `${text.slice(0, root.offset)}{ ${member} }${text.slice(close + 1)}`;
    return `${text.slice(0, root.offset + 1)}${lineBreakOf(text)}${indentOf(text, root.offset)}  ${member}${text.slice(root.offset + 1)}`;
  }
  const end = last.offset + last.length;
  // A trailing comma already there (JSONC) is kept: the member goes after it.
  const comma = /^\s*,/.exec(text.slice(end, close));
  const at = comma ? end + comma[0].length : end;
  if (!multiline) return `${text.slice(0, at)}${comma ? ' ' : ', '}${member}${text.slice(at)}`;
  const line = `${lineBreakOf(text)}${indentOf(text, last.offset)}${member}`;
  return comma ? `${text.slice(0, at)}${line},${text.slice(at)}` : `${text.slice(0, at)},${line}${text.slice(at)}`;
}

/**
 * `text` (a JSON object) without its top-level members named `name` (every one: a name given twice
 * leaves none behind), each removed with the comma that joined it to the next member, or to the one
 * before when it is last. Undefined when `text` is not a JSON object.
 */
export function removeJsonMember(text: string, name: string): string | undefined {
  const root: Node | undefined = parseTree(text);
  if (!root || root.type !== 'object') return undefined;
  const members = root.children ?? [];
  const removed = members.map((m) => m.children?.[0]?.value === name);
  const ranges: [number, number][] = [];
  // The members removed at the end go with the comma after the last member kept (or all of them, when none is kept).
  let tail = members.length;
  while (tail > 0 && removed[tail - 1]) tail--;
  for (let i = 0; i < tail; i++) if (removed[i]) ranges.push([members[i].offset, members[i + 1].offset]);
  if (tail < members.length) {
    const last = members[members.length - 1];
    const from = tail > 0 ? members[tail - 1].offset + members[tail - 1].length : members[tail].offset;
    ranges.push([from, last.offset + last.length]);
  }
  let out = text;
  for (const [from, to] of ranges.reverse()) out = out.slice(0, from) + out.slice(to);
  return out;
}
