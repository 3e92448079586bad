// `send --report html DIR`: one self-contained HTML page of a run (DIR/index.html), as Hurl's
// --report-html: the file, environment and time, then each request with its status, time, verdicts,
// assertions, signed string (`<secretKey>`, never the secret) and response body. No script, no
// external resource (a Content-Security-Policy forbids both), so the page is safe to open from a CI
// artifact. Every value, all of it untrusted (request files, env values, responses), enters the
// page through one encoder, html(); the text passes the session's redactor before it is written.
import type { SendResult } from '../engine/http/types';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The one way a value enters the page: text content or a quoted attribute value. */
export function html(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface HtmlReportRun {
  file: string;
  environment: string;
  /** ISO time the run ended. */
  time: string;
  results: readonly SendResult[];
}

const BODY_CHARS = 16 * 1024;

function pretty(r: SendResult): string {
  const res = r.response;
  if (!res) return '';
  const text = res.body !== undefined && typeof res.body === 'object' ? JSON.stringify(res.body, null, 2) : res.bodyText;
  return text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}\n… (${text.length} characters, cut)` : text;
}

function verdict(r: SendResult): string {
  const v = r.verdict;
  if (!v) return 'not checked';
  if (v.state === 'verified') return 'verified';
  return `${v.state === 'not-verified' ? 'NOT verified' : 'not checkable'}: ${v.reason}`;
}

function requestSection(r: SendResult, n: number): string {
  const p = r.prepared;
  const status = r.response ? `HTTP ${r.response.status}` : 'not sent';
  const ms = r.response ? `${Math.round(r.response.durationMs)} ms` : '';
  const rows: [string, string][] = [
    ['status', `${status}${ms ? ` in ${ms}` : ''}`],
    ...(r.decoded ? ([['result', r.decoded.headline]] as [string, string][]) : []),
    ['signature', verdict(r)],
    ...(p.signing ? ([['signed string', p.signing.canonicalDisplay]] as [string, string][]) : []),
    ...(r.schema
      ? ([
          [
            'schema',
            r.schema.problems.length
              ? `${r.schema.problems.length} problem(s) against ${r.schema.endpointId}`
              : `matches ${r.schema.endpointId}`,
          ],
        ] as [string, string][])
      : []),
    ...(r.error ? ([['error', r.error]] as [string, string][]) : []),
  ];
  const assertions = r.assertions.length
    ? `<ul class="assertions">${r.assertions
        .map(
          (a) =>
            `<li class="${a.ok ? 'ok' : 'fail'}">${a.ok ? '✓' : '✗'} <code>${html(a.text)}</code>${a.ok ? '' : ` — ${html(a.message ?? `got ${a.actual}`)}`}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body = pretty(r);
  return `<section class="request ${r.ok ? 'pass' : 'fail'}" id="r${n}">
<h2><span class="badge">${r.ok ? 'PASS' : 'FAIL'}</span> ${html(p.label)}${p.title && p.title !== p.name ? ` <small>${html(p.title)}</small>` : ''}</h2>
<p class="line"><code>${html(p.method)} ${html(p.url)}</code></p>
<table>${rows.map(([k, v]) => `<tr><th>${html(k)}</th><td>${html(v)}</td></tr>`).join('')}</table>
${assertions}${body ? `<details><summary>response body</summary><pre>${html(body)}</pre></details>` : ''}
</section>`;
}

export function htmlReport(run: HtmlReportRun): string {
  const passed = run.results.filter((r) => r.ok).length;
  const failed = run.results.length - passed;
  const total = run.results.reduce((s, r) => s + (r.response?.durationMs ?? 0), 0);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Report of payout-http send: ${html(run.file)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#1b1f24}
h1{font-size:1.4em}h2{font-size:1.1em;margin:.2em 0}small{color:#57606a;font-weight:normal}
.summary{padding:.6em 1em;border-radius:6px;background:#f6f8fa}.summary .fail{color:#cf222e;font-weight:bold}
.request{border:1px solid #d0d7de;border-left:6px solid #1a7f37;border-radius:6px;padding:.6em 1em;margin:1em 0}
.request.fail{border-left-color:#cf222e}.badge{font-size:.8em;padding:.1em .5em;border-radius:4px;background:#1a7f37;color:#fff}
.request.fail .badge{background:#cf222e}table{border-collapse:collapse}th{text-align:left;padding-right:1em;color:#57606a;font-weight:normal;vertical-align:top}
td{word-break:break-all}ul.assertions{list-style:none;padding-left:0}li.ok{color:#1a7f37}li.fail{color:#cf222e}
pre{background:#f6f8fa;padding:.6em;overflow:auto;max-height:30em}code{font-family:ui-monospace,monospace}
</style>
</head>
<body>
<h1>Report of payout-http send: <code>${html(run.file)}</code></h1>
<p class="summary">${html(run.results.length)} request(s): ${html(passed)} passed, <span class="${failed ? 'fail' : ''}">${html(failed)} failed</span> · environment <code>${html(run.environment)}</code> · ${html(Math.round(total))} ms in requests · ${html(run.time)}</p>
${run.results.map((r, i) => requestSection(r, i + 1)).join('\n')}
</body>
</html>
`;
}
