// Every `payout-http <command> [<subcommand>] [--option]` a message of the code names must work: the
// command exists, the subcommand is one it takes, the option is one it lists (issue 13: a hint named
// `payout-http sandbox start`, which exits 2). Scans the string text of cli/, engine/, server/ and
// client/src (comments skipped) and checks each against the real CLI's --help.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, runCli } from './run';

// Words that follow "payout-http" in prose ("payout-http builds the string"), not commands.
const PROSE = new Set(['and', 'builds', 'computes', 'state', 'when', 'command', 'docs', 'is', 'uses', 'signs', 'sends', 'adds']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

interface Mention {
  cmd: string;
  sub?: string;
  option?: string;
  where: string;
}

function mentions(): Mention[] {
  const out: Mention[] = [];
  for (const file of ['cli', 'engine', 'server', join('client', 'src')].flatMap((d) => sourceFiles(join(REPO, d)))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        const code = line.replace(/\s\/\/ .*$/, '');
        // A subcommand is a word ending the command (before a quote, backtick, bracket, punctuation or an option).
        for (const m of code.matchAll(
          /payout-http ([a-z][a-z-]*)(?: ([a-z][a-z-]*)(?=$|[`'")\],;:.]|\s--|\\n))?(?:.*?\s(--[a-z][a-z-]*))?/g,
        )) {
          out.push({ cmd: m[1], sub: m[2], option: m[3], where: `${file.slice(REPO.length + 1)}:${i + 1}` });
        }
      });
  }
  return out;
}

describe('cli: every command a message names works', function () {
  this.timeout(60_000);
  const home = '/nonexistent-payout-home-for-help';

  it('commands, subcommands and options named in messages all parse', async () => {
    const found = mentions();
    assert.ok(found.length > 20, `found ${found.length} mentions`);
    const overview = (await runCli(['help'], { home })).stdout;
    const commands = new Set([...overview.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((m) => m[1]));
    const help = new Map<string, string>();
    const problems: string[] = [];
    for (const m of found) {
      if (PROSE.has(m.cmd)) continue;
      if (!commands.has(m.cmd)) {
        problems.push(`${m.where}: payout-http ${m.cmd} is not a command (${[...commands].join(', ')})`);
        continue;
      }
      if (!help.has(m.cmd)) help.set(m.cmd, (await runCli([m.cmd, '--help'], { home })).stdout);
      const text = help.get(m.cmd)!;
      const usage = text.split('\n')[0];
      // Subcommands: `[status|stop]` or a bare word right after the command in the usage line.
      const subs = new Set(
        (/^Usage: payout-http \w+ (?:\[([a-z|]+)\]|([a-z]+)\b)/.exec(usage)?.slice(1).filter(Boolean).join('|') ?? '')
          .split('|')
          .filter(Boolean),
      );
      if (m.sub && subs.size && !subs.has(m.sub))
        problems.push(`${m.where}: payout-http ${m.cmd} ${m.sub}: not a subcommand (${[...subs].join(', ')})`);
      if (m.option && !text.includes(m.option))
        problems.push(`${m.where}: payout-http ${m.cmd} ... ${m.option}: not an option of ${m.cmd}`);
    }
    assert.deepEqual(problems, []);
  });
});
