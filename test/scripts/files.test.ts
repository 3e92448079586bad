// Paths a request file names (`> ./handler.js`, `>> out/body.json`) are untrusted: they stay inside
// the folder the sender was given, whether they try `..`, an absolute path, or a symbolic link, and
// `>>` never overwrites (a new name) while `>>!` does. Real files and links in a temp folder.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRedirect } from '../../engine/http/outputRedirect';
import { scriptCode } from '../../engine/scripts/source';
import type { OutputRedirect, Script } from '../../engine/syntax/types';

const span = { start: 0, end: 0 };
const redirect = (path: string, force = false): OutputRedirect => ({ path, force, span, pathSpan: span });
const handler = (source: string): Script => ({ phase: 'post', kind: 'file', source, span, sourceSpan: span });

describe('scripts: files named by a request file', () => {
  let root: string;
  let outside: string;
  let requestFile: string;
  beforeEach(() => {
    const top = mkdtempSync(join(tmpdir(), 'payout-script-files-'));
    root = join(top, 'workspace');
    outside = join(top, 'elsewhere');
    mkdirSync(join(root, 'api'), { recursive: true });
    mkdirSync(outside);
    requestFile = join(root, 'api', 'orders.http');
    writeFileSync(requestFile, '');
  });

  it('>> writes relative to the request file and takes a new name when the file exists; >>! overwrites', () => {
    assert.equal(writeRedirect(redirect('out/body.json'), '{"a":1}', requestFile, root), join(root, 'api', 'out', 'body.json'));
    assert.equal(writeRedirect(redirect('out/body.json'), '{"a":2}', requestFile, root), join(root, 'api', 'out', 'body-1.json'));
    assert.equal(writeRedirect(redirect('out/body.json'), '{"a":3}', requestFile, root), join(root, 'api', 'out', 'body-2.json'));
    assert.equal(readFileSync(join(root, 'api', 'out', 'body.json'), 'utf8'), '{"a":1}');
    assert.equal(writeRedirect(redirect('out/body.json', true), '{"a":4}', requestFile, root), join(root, 'api', 'out', 'body.json'));
    assert.equal(readFileSync(join(root, 'api', 'out', 'body.json'), 'utf8'), '{"a":4}');
    assert.deepEqual(readdirSync(join(root, 'api', 'out')).sort(), ['body-1.json', 'body-2.json', 'body.json']);
  });

  it('refuses a path out of the folder by .., by an absolute path, and by a symbolic link', () => {
    symlinkSync(outside, join(root, 'api', 'link'));
    for (const path of ['../../elsewhere/x.json', join(outside, 'x.json'), 'link/x.json'])
      assert.throws(() => writeRedirect(redirect(path), 'x', requestFile, root), /leads outside .*keep it inside that folder/, path);
    // a link as the file itself, pointing out: >>! does not write through it, whether its target exists yet or not
    symlinkSync(join(outside, 'target.json'), join(root, 'api', 'file-link.json'));
    assert.throws(
      () => writeRedirect(redirect('file-link.json', true), 'x', requestFile, root),
      /is a symbolic link; the body is not written through a link/,
    );
    assert.deepEqual(readdirSync(outside), []);
    writeFileSync(join(outside, 'target.json'), 'kept');
    assert.throws(() => writeRedirect(redirect('file-link.json', true), 'x', requestFile, root), /leads outside/);
    assert.equal(readFileSync(join(outside, 'target.json'), 'utf8'), 'kept');
  });

  it('reads a handler file beside the request file, and refuses one outside the folder', () => {
    writeFileSync(join(root, 'api', 'handler.js'), 'client.global.set("a", 1);');
    assert.equal(scriptCode(handler('./handler.js'), requestFile, root, 'h'), 'client.global.set("a", 1);');
    writeFileSync(join(outside, 'evil.js'), 'x');
    symlinkSync(join(outside, 'evil.js'), join(root, 'api', 'evil.js'));
    assert.throws(
      () => scriptCode(handler('../../elsewhere/evil.js'), requestFile, root, 'the handler'),
      /the handler: the path .* leads outside/,
    );
    assert.throws(() => scriptCode(handler('./evil.js'), requestFile, root, 'the handler'), /leads outside/);
    assert.throws(() => scriptCode(handler('./missing.js'), requestFile, root, 'the handler'), /the handler could not be read/);
  });
});
