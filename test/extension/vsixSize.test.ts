// `npm run package` fails when the VSIX is over 600 KB (scripts/vsixSize.mjs, run by
// scripts/package.mjs on what vsce wrote). No test packages the VSIX (vsce takes seconds and the
// production build): this checks the check, on files of the limit's size and one byte more.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'scripts', 'vsixSize.mjs');
const LIMIT = 600 * 1024;

describe('VSIX size check (npm run package)', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'vsix-size-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  function check(bytes: number) {
    const file = join(dir, `${bytes}.vsix`);
    writeFileSync(file, '');
    truncateSync(file, bytes);
    return spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
  }

  it('passes a VSIX of exactly 600 KB', () => {
    const r = check(LIMIT);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /600\.0 KB, within 600 KB/);
  });

  it('fails one byte over, naming the size, the limit and where to look', () => {
    const r = check(LIMIT + 1);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /is 600\.0 KB \(614,401 bytes\), over the 600\.0 KB/);
    assert.match(r.stderr, /unzip -v .*dist\/cli\.meta\.json/s);
  });

  it("the VSIX's README is README.md up to its developer sections, with a line saying where they are", async () => {
    const { vsixReadme } = (await import(join(__dirname, '..', '..', 'scripts', 'vsixReadme.mjs'))) as {
      vsixReadme: (s: string) => string;
    };
    const full = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const cut = vsixReadme(full);
    assert.ok(full.startsWith(cut.slice(0, cut.indexOf('\n## More\n'))));
    assert.match(cut, /\n## The extension\n[\s\S]*!\[The extension in use\]\(media\/screenshot\.png\)/);
    for (const developers of ['## Tests', '## Performance', '## Reliability', '## Code', '## Dependencies'])
      assert.ok(!cut.includes(`\n${developers}`), developers);
    assert.match(
      cut,
      /## More\n\nTests, performance figures, reliability, the code's layout and its dependencies: the project's README\.md\.\n$/,
    );
    assert.equal(vsixReadme('# x\n\n## Usage\n'), '# x\n\n## Usage\n');
  });

  it('the package script runs the check on what vsce wrote', () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.equal(pkg.scripts.package, 'node scripts/package.mjs');
  });
});
