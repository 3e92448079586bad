// The text of the user's copy of an example: its header said `examples/NAME.payout.http`, a path
// of the extension's repository that is not in the user's folder; the copy names the example it
// came from and its commands name the copy (it lies in the workspace folder under the same name).
// No vscode import: a plain function, unit-tested.

/** `# Quick start: …` -> `Quick start`: the first comment line up to a colon, a bracket or a sentence's end, for the picker. */
export function exampleTitle(text: string): string {
  const first = /^#\s*(.+)$/m.exec(text)?.[1] ?? '';
  return first
    .replace(/(: | \(|\. ).*$/, '')
    .replace(/[.,:]+$/, '')
    .trim();
}

export function exampleCopyText(name: string, text: string): string {
  const header = `# Your copy of the extension's example ${name} (Payout HTTP: Open Example File); edit and send it.\n#\n`;
  return header + text.split(`examples/${name}`).join(name);
}
