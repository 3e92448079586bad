// Reading and driving the VS Code workbench through its DOM. The selectors are VS Code 1.100's
// (they are the same in code-server): CodeLens `.codelens-decoration a`, the suggest widget rows,
// the status bar problems item, markers in the Problems view.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

const ANY_EDITOR = '.editor-instance .monaco-editor';

export async function openWorkbench(page: Page, url: string, folder: string): Promise<void> {
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`);
  await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: 60_000 });
  await page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
}

/** Opens a workspace file with Quick Open and waits for its editor. */
export async function openFile(page: Page, relPath: string): Promise<void> {
  const base = path.basename(relPath);
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: base }).first();
  // Right after a window reload the workbench may not take keys yet (Ctrl+P lost), or its file
  // search may not list the file yet (seen in CI, once each): Quick Open is closed and asked again
  // when either has not happened within 10 s, three tries at most. Enter opens the focused row;
  // right after typing it may still be a recently opened file, so wait until the filtered list has
  // focused the file asked for.
  for (let attempt = 1; ; attempt++) {
    const last = attempt >= 3;
    await page.keyboard.press('Control+P');
    const listed = await input
      .waitFor({ state: 'visible', timeout: last ? 30_000 : 10_000 })
      .then(() => input.fill(relPath))
      .then(() => row.waitFor({ timeout: last ? 30_000 : 10_000 }))
      .then(() => true)
      .catch(() => false);
    if (listed) break;
    if (last) throw new Error(`Quick Open (Ctrl+P) did not list ${relPath} after ${attempt} tries`);
    console.log(`e2e: Quick Open did not list ${relPath} (try ${attempt}); asking again`);
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab.active', { hasText: base }).first().waitFor();
  await page.locator(`${ANY_EDITOR} .view-lines .view-line`).first().waitFor();
}

/**
 * Runs a command from the Command Palette by its title. The palette lists the commands whose `when`
 * holds as it opens: opened while an editor just opened is still taking focus, it can miss one that
 * needs `editorLangId == payout-http` (seen once in CI). So it is closed and opened again (three
 * tries at most; the run's output says when it happened).
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first();
  const input = page.locator('.quick-input-widget input');
  // A quick input still closing (a dialog just answered) is the same element: waited for as
  // "visible", it then hid under the fill, and the palette key pressed meanwhile was lost (CI, once).
  await input.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Shift+P');
    try {
      await input.waitFor({ state: 'visible' });
      await input.fill(`>${title}`, { timeout: 10_000 });
      await row.waitFor({ timeout: attempt < 3 ? 10_000 : 30_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
      console.log(`      (the palette did not list "${title}": closed and opened again)`);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_000);
    }
  }
  await page.keyboard.press('Enter');
}

/** Moves the cursor of the active editor to a 1-based line and column. */
export async function goTo(page: Page, line: number, column = 1): Promise<void> {
  // Quick Open with a `:line:column` query (the browser keeps Ctrl+G for itself)
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}

export async function codeLensTexts(page: Page, expect?: string | RegExp): Promise<string[]> {
  // a lens with a command renders as <a>, a title-only lens (the signed-string preview) as <span>
  const sel = `${ANY_EDITOR} .codelens-decoration > a, ${ANY_EDITOR} .codelens-decoration > span`;
  if (expect) await page.locator(sel, { hasText: expect }).first().waitFor();
  else await page.locator(sel).first().waitFor();
  return page.$$eval(sel, (els) => els.map((e) => (e.textContent ?? '').replace(/\u00a0/g, ' ').trim()));
}

export async function clickCodeLens(page: Page, text: string | RegExp, index = 0): Promise<void> {
  await page.locator(`${ANY_EDITOR} .codelens-decoration a`, { hasText: text }).nth(index).click();
}

/**
 * Opens the suggest widget at the cursor and returns the labels of all its rows, snippet rows (the
 * extension's endpoint snippets) left out. The widget renders only the rows in view, so a longer
 * list is paged through (PageDown) until every row, by its aria-posinset, has been read.
 */
export async function suggestLabels(page: Page, expectLabel: string): Promise<string[]> {
  const rows = page.locator('.editor-widget.suggest-widget .monaco-list-row');
  // Ctrl+Space is sometimes lost on a loaded machine (no list, not even "No suggestions"): ask again, at most three times
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+Space');
    const shown = await rows
      .filter({ hasText: expectLabel })
      .first()
      .waitFor({ timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt === 3) throw new Error(`Ctrl+Space three times, and the suggest list never showed "${expectLabel}"`);
    await page.keyboard.press('Escape');
  }
  const seen = new Map<number, string | undefined>(); // position in the list -> label (undefined: a snippet)
  for (;;) {
    const rendered = await rows.evaluateAll((els) =>
      els.map((e) => ({
        pos: Number(e.getAttribute('aria-posinset')),
        size: Number(e.getAttribute('aria-setsize')),
        snippet: e.querySelector('.codicon-symbol-snippet') !== null,
        label: (e.querySelector('.label-name')?.textContent ?? e.textContent ?? '').trim(),
      })),
    );
    for (const r of rendered) seen.set(r.pos, r.snippet ? undefined : r.label);
    const size = rendered[0]?.size ?? 0;
    if (seen.size >= size) break;
    // the next page: wait until the focus (and so the rows in view) has moved down
    const focused = page.locator('.editor-widget.suggest-widget .monaco-list-row.focused');
    const from = Number(await focused.getAttribute('aria-posinset'));
    await page.keyboard.press('PageDown');
    while (Number(await focused.getAttribute('aria-posinset')) <= from) await page.waitForTimeout(100);
  }
  return [...seen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, label]) => label)
    .filter((l): l is string => l !== undefined);
}

/** Status-bar problems item, e.g. aria-label "Errors: 1, Warnings: 2". */
export async function problemCounts(page: Page): Promise<{ errors: number; warnings: number; label: string }> {
  const label =
    (await page
      .locator('#status\\.problems a, #status\\.problems')
      .first()
      .getAttribute('aria-label')
      .catch(() => null)) ?? '';
  const num = (re: RegExp) => Number(label.match(re)?.[1] ?? 0);
  return { errors: num(/Errors?:\s*(\d+)/i), warnings: num(/Warnings?:\s*(\d+)/i), label };
}

/** Opens the Problems view and returns the text of its marker rows. */
export async function problemsViewRows(page: Page, expect: string | RegExp): Promise<string[]> {
  await page.keyboard.press('Control+Shift+M');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.filter({ hasText: expect }).first().waitFor();
  return rows.evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/** The rendered lines of the editor showing a document whose URI starts with `uriPrefix` (Monaco sets data-uri). */
export async function editorLinesOf(page: Page, uriPrefix: string, uriContains = ''): Promise<string[]> {
  // (an empty [attr*=""] matches nothing in CSS, so the second condition is added only when given)
  const editor = page.locator(`.monaco-editor[data-uri^="${uriPrefix}"]${uriContains ? `[data-uri*="${uriContains}"]` : ''}`).first();
  if (!(await editor.count())) return [];
  // view-lines are absolutely positioned and not in document order: sort by their top. (No named
  // helpers inside: the function runs in the page, where tsx's __name wrapper does not exist.)
  const rows = await editor
    .locator('.view-lines .view-line')
    .evaluateAll((els) =>
      els.map((e) => [parseFloat((e as unknown as { style: { top: string } }).style.top), e.textContent ?? ''] as [number, string]),
    );
  return rows.sort((a, b) => a[0] - b[0]).map(([, text]) => text.replace(/\u00a0/g, ' '));
}

export async function activeLanguage(page: Page): Promise<string> {
  return (
    await page
      .locator('#status\\.editor\\.mode')
      .innerText()
      .catch(() => '')
  ).trim();
}

export async function statusBarTexts(page: Page): Promise<string[]> {
  return page.$$eval('.part.statusbar .statusbar-item', (els) => els.map((e) => (e.textContent ?? '').trim()).filter(Boolean));
}

export async function screenshot(page: Page, dir: string, name: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  await page.screenshot({ path: file });
  return file;
}

/** Texts of the error notifications currently shown. */
export async function errorNotificationTexts(page: Page): Promise<string[]> {
  return page.$$eval('.notifications-toasts .notification-list-item', (els) =>
    els
      .filter((e) => e.querySelector('.codicon-error'))
      .map((e) => (e.querySelector('.notification-list-item-message')?.textContent ?? '').trim()),
  );
}

/** The clipboard's text; a read the page never answers becomes an error instead of a hang. */
export async function clipboardText(page: Page): Promise<string> {
  const read = page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  );
  const stuck = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the page did not answer a clipboard read (is the browser window focused?)')), 15_000),
  );
  return Promise.race([read, stuck]);
}

/** Texts of all notifications currently shown as toasts (for a failure message). */
export async function notificationTexts(page: Page): Promise<string[]> {
  return page.$$eval('.notifications-toasts .notification-list-item-message', (els) => els.map((e) => (e.textContent ?? '').trim()));
}

/** Waits for a notification toast containing `text`; on timeout says which toasts were shown instead. */
export async function waitForToast(page: Page, text: string, timeoutMs = 60_000): Promise<void> {
  await page
    .locator('.notifications-toasts .notification-list-item-message', { hasText: text })
    .first()
    .waitFor({ timeout: timeoutMs })
    .catch(async () => {
      throw new Error(`no notification "${text}" within ${timeoutMs / 1000} s; shown: ${JSON.stringify(await notificationTexts(page))}`);
    });
}

/**
 * Reads the lines of the editor showing `uriPrefix…` until they match `until` (a view fills in after
 * a send). Gives up after `timeoutMs` with what the view and the notifications showed, so a CI
 * failure says where it stopped instead of only "timeout".
 */
export async function waitForLines(page: Page, uriPrefix: string, until: RegExp, uriContains = '', timeoutMs = 120_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = await editorLinesOf(page, uriPrefix, uriContains);
    if (until.test(lines.join('\n'))) return lines;
    // an error shown instead of a response ends the wait with that error
    const failure = (await errorNotificationTexts(page)).find((t) => t.startsWith('Payout HTTP:'));
    if (failure) throw new Error(`the editor showed an error instead of the response: ${failure}`);
    if (Date.now() > deadline) {
      throw new Error(
        `${until} never showed in ${uriPrefix}${uriContains} within ${timeoutMs / 1000} s; the view showed:\n` +
          `${lines.slice(0, 12).join('\n') || '(no such editor)'}\nnotifications: ${JSON.stringify(await notificationTexts(page))}`,
      );
    }
    await page.waitForTimeout(200);
  }
}

/**
 * Clicks the `index`th lens titled `text` until the click took: `took()` says so, or a Send progress
 * notification shows. The server has the lenses re-rendered after a stored secret or an env file
 * changed (a sandbox start or stop writes one), and a click at that moment is lost: it lands on a
 * lens whose command VS Code already dropped (an "Actual command not found" error), or the link is
 * replaced between mousedown and mouseup (nothing at all). So it clicks again: at once after that
 * error, after 15 s when nothing happened (three clicks at most; what the suites click this way is
 * safe to run twice).
 */
export async function clickCodeLensUntil(page: Page, text: string, index: number, took: () => Promise<boolean>): Promise<void> {
  for (let click = 1; click <= 3; click++) {
    // (said in the run's output: how often a click is lost is worth knowing)
    if (click > 1) console.log(`      (nothing happened 15 s after a click on the "${text}" lens; click ${click})`);
    await clickCodeLens(page, text, index);
    const settled = Date.now() + 15_000;
    while (Date.now() < settled) {
      if (await took()) return;
      // a click on a lens of the list just replaced: VS Code has dropped its command already
      // ("Actual command not found, wanted to execute …") and says so in an error notification,
      // which later checks for "no error shown" would see: cleared, and clicked again at once
      if ((await errorNotificationTexts(page)).some((t) => t.startsWith('Actual command not found'))) {
        console.log(`      (the "${text}" lens clicked was stale: VS Code had dropped its command)`);
        await runCommand(page, 'Notifications: Clear All Notifications');
        break;
      }
      if ((await notificationTexts(page)).some((t) => t.startsWith('Payout HTTP: Send'))) return;
      await page.waitForTimeout(250);
    }
  }
  throw new Error(`three clicks on the "${text}" lens (#${index}) and nothing happened`);
}

/** Sends the `index`th request with its lens; the response view's lines once they match `until`. */
export async function sendByLens(page: Page, index: number, until: RegExp, uriContains = ''): Promise<string[]> {
  const prefix = 'payout-http-response:';
  const before = (await editorLinesOf(page, prefix, uriContains)).join('\n');
  await clickCodeLensUntil(page, 'Send request', index, async () => (await editorLinesOf(page, prefix, uriContains)).join('\n') !== before);
  return waitForLines(page, prefix, until, uriContains);
}

/**
 * Sets a boolean user setting as a user does, with a click on its checkbox in the Settings editor,
 * and waits until VS Code has applied it: the row's "modified" mark follows the configuration only
 * once it is reloaded, and the change event that re-renders the row also carries the value to the
 * extension host, ahead of anything done after. (Set back to its default, the Settings editor
 * removes the key: the mark goes.) Closes the Settings editor again.
 */
export async function setBooleanSetting(page: Page, key: string, value: boolean, defaultValue: boolean): Promise<void> {
  await runCommand(page, 'Preferences: Open User Settings');
  const search = page.locator('.settings-editor .settings-header .suggest-input-container .monaco-editor textarea');
  await search.waitFor();
  await search.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(key);
  const row = `.settings-editor .setting-item-contents[data-key="${key}"]`;
  const checkbox = page.locator(`${row} .setting-value-checkbox`).first();
  await checkbox.waitFor();
  if ((await checkbox.getAttribute('aria-checked')) !== String(value)) await checkbox.click();
  const applied = `${row}${value === defaultValue ? ':not(.is-configured)' : '.is-configured'}`;
  await page.locator(`${applied} .setting-value-checkbox[aria-checked="${value}"]`).first().waitFor();
  await page.locator('.tabs-container .tab.active', { hasText: 'Settings' }).locator('.tab-actions .codicon-close').click();
  await page.locator('.settings-editor').waitFor({ state: 'hidden' });
}

/** The status bar item shown while the local sandbox runs (client/src/sandboxStatus.ts: `$(vm-running) sandbox`). */
export function sandboxStatusItem(page: Page) {
  return page.locator('.part.statusbar .statusbar-item', { has: page.locator('.codicon-vm-running'), hasText: 'sandbox' }).first();
}
