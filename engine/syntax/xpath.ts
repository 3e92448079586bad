// The XPath subset REST Client's `{{name.response.body.//path}}` references need on XML bodies:
// location steps from the root (`/a/b`) or anywhere (`//b`), a 1-based position (`b[2]`), `*`,
// and a last step `@attr` or `text()`. The value is the first match's text (an element's text
// content, an attribute's value). No functions, predicates on values or axes: a query outside the
// subset is an error naming it, never a wrong value.

interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string; // all text inside, descendants included
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  );
}

/** The document element of `xml`, or undefined when it is not well-formed enough to read. */
export function parseXml(xml: string): XmlElement | undefined {
  const root: XmlElement = { name: '#document', attributes: new Map(), children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag =
    /<!--[^]*?-->|<!\[CDATA\[([^]*?)\]\]>|<[?!][^>]*>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  for (const m of xml.matchAll(tag)) {
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) for (const e of stack) e.text += m[1];
    else if (m[2] !== undefined) {
      if (top.name !== m[2] || stack.length === 1) return undefined;
      stack.pop();
    } else if (m[3] !== undefined) {
      const el: XmlElement = { name: m[3], attributes: new Map(), children: [], text: '' };
      for (const a of m[4].matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) el.attributes.set(a[1], decode(a[2] ?? a[3]));
      top.children.push(el);
      if (!m[5]) stack.push(el);
    } else if (m[6] !== undefined) {
      const t = decode(m[6]);
      for (const e of stack) e.text += t;
    } else if (m[0].startsWith('<') && !/^<[?!]/.test(m[0])) return undefined;
  }
  return stack.length === 1 && root.children.length === 1 ? root.children[0] : undefined;
}

const STEP = /^(\/\/?)(text\(\)|[\w.:-]+|\*|@[\w.:-]+)(?:\[(\d+)\])?/;

/** The first value `query` selects in `xml`, or a reason why there is none. */
export function xpathValue(xml: string, query: string): { ok: true; value: string } | { ok: false; reason: string } {
  const doc = parseXml(xml);
  if (!doc) return { ok: false, reason: 'the response body is not well-formed XML' };
  const top: XmlElement = { name: '#document', attributes: new Map(), children: [doc], text: doc.text };
  let nodes: XmlElement[] = [top];
  let rest = query;
  while (rest !== '') {
    const m = STEP.exec(rest);
    if (!m) return { ok: false, reason: `\`${query}\` is outside the XPath subset read here (/a/b, //b, b[2], *, @attr, text())` };
    rest = rest.slice(m[0].length);
    const [, axis, test, index] = m;
    if (test.startsWith('@') || test === 'text()') {
      if (rest !== '' || axis === '//')
        return { ok: false, reason: `\`${query}\`: \`${test}\` is only read as the last step, after \`/\`` };
      const el = nodes[0];
      if (!el || el === top) return { ok: false, reason: `\`${query}\` selects nothing` };
      if (test === 'text()') return { ok: true, value: el.text };
      const v = el.attributes.get(test.slice(1));
      return v === undefined
        ? { ok: false, reason: `\`${query}\`: the element has no attribute \`${test.slice(1)}\`` }
        : { ok: true, value: v };
    }
    const next: XmlElement[] = [];
    for (const n of nodes) {
      const candidates = axis === '//' ? descendants(n) : n.children;
      const matching = candidates.filter((c) => test === '*' || c.name === test);
      if (index === undefined) next.push(...matching);
      else if (matching[Number(index) - 1]) next.push(matching[Number(index) - 1]);
    }
    nodes = next;
  }
  const el = nodes[0];
  if (!el || el === top) return { ok: false, reason: `\`${query}\` selects nothing in the response body` };
  return { ok: true, value: el.text };
}

function descendants(n: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const stack = [...n.children].reverse();
  while (stack.length) {
    const e = stack.pop()!;
    out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i]);
  }
  return out;
}
