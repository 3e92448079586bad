// JUnit XML for CI (hurl and httpYac write the same shape): one <testsuite> per file, one
// <testcase> per request, a <failure> per request that failed or whose assertions did not hold.
// Every text goes through the caller's redactor before it gets here.

export interface JUnitCase {
  name: string;
  /** Seconds. */
  time: number;
  /** Failure messages; empty when the request passed. */
  failures: string[];
  /** Set when the request could not be sent at all (an <error>, not a <failure>). */
  error?: string;
  skipped?: string;
  /** Lines for <system-out> (status, verdict, assertions). */
  output?: string;
}

export interface JUnitSuite {
  name: string;
  cases: JUnitCase[];
  timestamp?: string;
}

export function escapeXml(text: string): string {
  // Characters XML 1.0 cannot carry at all are dropped; the five special ones are escaped.
  return text
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function toJUnitXml(suites: readonly JUnitSuite[]): string {
  const count = (s: JUnitSuite) => ({
    tests: s.cases.length,
    failures: s.cases.filter((c) => !c.error && c.failures.length > 0).length,
    errors: s.cases.filter((c) => c.error).length,
    skipped: s.cases.filter((c) => c.skipped !== undefined).length,
    time: s.cases.reduce((t, c) => t + c.time, 0),
  });
  const totals = suites.map(count).reduce(
    (a, b) => ({
      tests: a.tests + b.tests,
      failures: a.failures + b.failures,
      errors: a.errors + b.errors,
      skipped: a.skipped + b.skipped,
      time: a.time + b.time,
    }),
    { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 },
  );
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(
    `<testsuites name="payout-http" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${totals.time.toFixed(3)}">`,
  );
  for (const s of suites) {
    const c = count(s);
    out.push(
      `  <testsuite name="${escapeXml(s.name)}" tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}" time="${c.time.toFixed(3)}"${s.timestamp ? ` timestamp="${escapeXml(s.timestamp)}"` : ''}>`,
    );
    for (const tc of s.cases) {
      const head = `    <testcase classname="${escapeXml(s.name)}" name="${escapeXml(tc.name)}" time="${tc.time.toFixed(3)}"`;
      const inner: string[] = [];
      if (tc.skipped !== undefined) inner.push(`      <skipped message="${escapeXml(tc.skipped)}"/>`);
      if (tc.error) inner.push(`      <error message="${escapeXml(firstLine(tc.error))}">${escapeXml(tc.error)}</error>`);
      for (const f of tc.failures) inner.push(`      <failure message="${escapeXml(firstLine(f))}">${escapeXml(f)}</failure>`);
      if (tc.output) inner.push(`      <system-out>${escapeXml(tc.output)}</system-out>`);
      out.push(inner.length ? `${head}>\n${inner.join('\n')}\n    </testcase>` : `${head}/>`);
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

function firstLine(s: string): string {
  return s.split('\n')[0];
}
