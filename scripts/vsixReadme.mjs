// The VSIX's README, the extension's page in VS Code and on the marketplace: README.md up to its
// sections for the project's developers (## Tests onward: tests, performance figures, reliability,
// the code, dependencies), which stay in the repository. Cut from the one README at package time
// (scripts/package.mjs), so the VSIX, held to 600 KB, does not grow with them.

/** `readme` without its developer sections, and a line saying where they are. */
export function vsixReadme(readme) {
  const cut = readme.indexOf('\n## Tests\n');
  if (cut < 0) return readme;
  return `${readme.slice(0, cut)}\n## More\n\nTests, performance figures, reliability, the code's layout and its dependencies: the project's README.md.\n`;
}
