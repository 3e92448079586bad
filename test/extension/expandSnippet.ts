// VS Code's snippet expansion, reduced to what accepting every default does.
/** What VS Code inserts when the user accepts every default: placeholders -> their text, choices -> the first. */
export function expandSnippet(body: string[]): string {
  let text = body.join('\n');
  for (let i = 0; i < 5; i++) {
    text = text
      .replace(/\$\{\d+\|((?:\\.|[^,|\\])*)(?:,(?:\\.|[^|\\])*)*\|\}/g, (_, first: string) => first)
      .replace(/\$\{\d+:((?:\\.|[^}\\$]|\$(?!\{))*)\}/g, (_, inner: string) => inner)
      .replace(/\$\{\d+\}|\$\d+/g, '');
  }
  return text.replace(/\\([\\$},|])/g, '$1');
}
