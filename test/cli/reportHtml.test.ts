// `send --report html DIR` as a separate process over the local sandbox: one self-contained page
// (no script, no external resource), every value HTML-escaped (a request title and an assertion
// carrying markup show as text), no secret, and the page opened in Debian's chromium, headless: the
// DOM it builds holds the requests and no element the request file smuggled in; a screenshot is kept
// in .test-artifacts/send-report.png.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { html } from '../../cli/reportHtml';
import { startSandboxProcess, type SandboxProcess } from '../helpers/sandboxProcess';
import { removeFolder } from '../helpers/folders';
import { localSecret, runCli } from './run';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = resolve(__dirname, '..', '..', '.test-artifacts');

describe('cli send --report html', function () {
  this.timeout(120_000);
  let sb: SandboxProcess;
  let dir: string;
  before(async () => {
    sb = await startSandboxProcess({ args: ['--kyc-delay', '0'] });
    dir = mkdtempSync(join(tmpdir(), 'payout-report-'));
  });
  after(async () => {
    await sb?.stop();
    removeFolder(dir);
  });

  it('html() escapes the five characters that can end text or a quoted attribute', () => {
    assert.equal(html(`<a href="x" title='y'>&amp;</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('writes one page with every request, its verdicts and assertions, escaped and secret-free; chromium renders it', async function () {
    const file = join(dir, 'report.payout.http');
    writeFileSync(
      file,
      '### Account <img src=x onerror=alert(1)> & "quoted"\n# @name account\nPOST {{base_url}}/api/v2/account/verify\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}"\n}\n\n?? status == 200\n?? body $.data.partnerCode == <script>alert(2)</script>\n\n### Balance\n# @name balance\nPOST {{base_url}}/api/v2/wallet/balance\nContent-Type: application/json\n\n{\n  "partnerCode": "{{partnerCode}}",\n  "currency": "USDT"\n}\n',
    );
    const out = join(dir, 'reports');
    const r = await runCli(['send', file, '--all', '--quiet', '--report', 'html', out], { home: sb.home, cwd: dir });
    assert.equal(r.code, 1, r.stdout + r.stderr); // the smuggled assertion does not hold
    const page = readFileSync(join(out, 'index.html'), 'utf8');
    assert.ok(!page.includes(localSecret(sb.home)), 'the secretKey is not in the report');
    assert.ok(
      !/<script|<img|<link|src=|href=/i.test(page.replace(/&lt;(script|img)[^]*?&gt;/gi, '')),
      'no script, image or link of its own',
    );
    assert.match(page, /Content-Security-Policy" content="default-src 'none'/);
    assert.match(page, /Account &lt;img src=x onerror=alert\(1\)&gt; &amp; &quot;quoted&quot;/);
    assert.match(page, /&lt;script&gt;alert\(2\)&lt;\/script&gt;/);
    assert.match(page, /2 request\(s\): 1 passed, <span class="fail">1 failed<\/span>/);
    assert.match(page, /signed string<\/th><td>[^<]+\|&lt;secretKey&gt;<\/td>/);
    assert.equal((page.match(/<th>signature<\/th><td>verified<\/td>/g) ?? []).length, 2);

    if (!existsSync(CHROMIUM)) {
      this.skip(); // the page was checked as text above; rendering needs Debian's chromium
    }
    const url = pathToFileURL(join(out, 'index.html')).href;
    const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--user-data-dir=${join(dir, 'profile')}`];
    const dom = execFileSync(CHROMIUM, [...flags, '--dump-dom', url], { timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    assert.match(dom, /<h1>Report of payout-http send: <code>report\.payout\.http<\/code><\/h1>/);
    assert.equal((dom.match(/<section class="request /g) ?? []).length, 2);
    assert.ok(!/<img|<script/i.test(dom), 'the browser built no element from the request file');
    mkdirSync(ARTIFACTS, { recursive: true });
    const shot = join(ARTIFACTS, 'send-report.png');
    execFileSync(CHROMIUM, [...flags, '--hide-scrollbars', '--window-size=1200,1400', `--screenshot=${shot}`, url], {
      timeout: 60_000,
      stdio: 'ignore',
    });
    assert.ok(statSync(shot).size > 10_000, 'a screenshot of the rendered page');
  });
});
