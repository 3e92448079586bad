// HTML of the signed-string view, a pure function of the server's answer (unit-tested without an
// editor). Every text is escaped: field values come from the user's file.
import type { CanonicalStringResponse } from '../../engine/protocol';

export interface SignedStringHtmlOptions {
  fileName?: string;
  problem?: string;
  cspSource: string;
  nonce: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function renderSignedStringHtml(result: CanonicalStringResponse, o: SignedStringHtmlOptions): string {
  const body: string[] = [];
  if (o.problem) {
    body.push(`<p class="hint">${escapeHtml(o.problem)}</p>`);
  } else if (!result) {
    body.push(
      `<p class="hint">The cursor is not in a signed request${o.fileName ? ` of ${escapeHtml(o.fileName)}` : ''}. Move it into a request of the signed /api/v2 API to see the string it will be signed with.</p>`,
    );
  } else {
    body.push(`<h2>${escapeHtml(result.endpointId)}</h2>`);
    body.push(`<pre class="display" id="display">${escapeHtml(result.display)}</pre>`);
    body.push('<ol class="segments">');
    result.segments.forEach((s, i) => {
      const cls = s.omitted ? 'segment omitted' : 'segment';
      const data = s.range ? ` data-range="${escapeHtml(JSON.stringify(s.range))}" tabindex="0" role="link"` : '';
      const note = s.omitted
        ? `<span class="note">omitted: signed as <code>${escapeHtml(s.signedAs ?? s.text)}</code></span>`
        : s.range
          ? ''
          : '<span class="note">not in the body</span>';
      body.push(
        `<li class="${cls}"${data}><span class="field">${escapeHtml(s.field)}</span> <code class="text">${escapeHtml(s.text)}</code> ${note}<span class="pos">${i + 1} of ${result.segments.length}</span></li>`,
      );
    });
    body.push(
      `<li class="segment secret"><span class="field">secretKey</span> <code class="text">&lt;secretKey&gt;</code> <span class="note">appended after the last pipe; never shown</span></li>`,
    );
    body.push('</ol>');
    if (result.omitted.length) {
      body.push('<h3>Omitted signed fields</h3><ul class="omitted-list">');
      for (const m of result.omitted) {
        body.push(
          `<li><b>${escapeHtml(m.field)}</b> is signed as <code>${escapeHtml(m.signedAs)}</code>${m.note ? `: ${escapeHtml(m.note)}` : ''}</li>`,
        );
      }
      body.push('</ul>');
    }
    if (result.unresolved.length) {
      body.push(
        `<p class="warn">Unresolved variables (shown as <code>{{name}}</code>): ${result.unresolved.map((n) => `<code>${escapeHtml(n)}</code>`).join(', ')}. Define them in the file or the active environment.</p>`,
      );
    }
    if (result.runtime?.length) {
      body.push(
        `<p class="note">Set at run time by a script of this file (shown as <code>{{name}}</code> until sent): ${result.runtime.map((n) => `<code>${escapeHtml(n)}</code>`).join(', ')}.</p>`,
      );
    }
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${o.cspSource} 'unsafe-inline'; script-src 'nonce-${o.nonce}';">
<title>Signed string</title>
<style>
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 12px; }
pre.display { font-family: var(--vscode-editor-font-family); white-space: pre-wrap; word-break: break-all; background: var(--vscode-textCodeBlock-background); padding: 8px; }
ol.segments { padding-left: 1.6em; }
.segment { margin: 4px 0; }
.segment[data-range] { cursor: pointer; }
.segment[data-range]:hover .field { text-decoration: underline; }
.field { color: var(--vscode-textLink-foreground); font-weight: 600; }
.omitted .text { color: var(--vscode-editorWarning-foreground); }
.note { opacity: .8; font-style: italic; margin-left: .5em; }
.pos { float: right; opacity: .6; }
.hint, .warn { opacity: .9; }
.warn { color: var(--vscode-editorWarning-foreground); }
</style></head>
<body>${body.join('\n')}
<script nonce="${o.nonce}">
const vscode = acquireVsCodeApi();
for (const el of document.querySelectorAll('[data-range]')) {
  const go = () => vscode.postMessage({ range: JSON.parse(el.getAttribute('data-range')) });
  el.addEventListener('click', go);
  el.addEventListener('keydown', (e) => { if (e.key === 'Enter') go(); });
}
</script></body></html>`;
}
