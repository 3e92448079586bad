import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { escapeXml, toJUnitXml } from '../../engine/http/junit';

// Parsed by an independent XML parser (Python's ElementTree) so a malformed report cannot pass.
function parseWithPython(xml: string): {
  suites: number;
  tests: string;
  failures: string;
  errors: string;
  cases: { name: string; failures: string[]; error?: string }[];
} {
  const script = `
import sys, json, xml.etree.ElementTree as E
root = E.fromstring(sys.stdin.buffer.read())
cases = []
for tc in root.iter('testcase'):
    cases.append({'name': tc.get('name'), 'failures': [f.text or '' for f in tc.findall('failure')], 'error': (tc.find('error').text if tc.find('error') is not None else None)})
print(json.dumps({'suites': len(root.findall('testsuite')), 'tests': root.get('tests'), 'failures': root.get('failures'), 'errors': root.get('errors'), 'cases': cases}))
`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: xml }).toString());
}

describe('http/junit: JUnit XML for CI', () => {
  it('writes suites, cases, failures and errors that an XML parser reads back', () => {
    const xml = toJUnitXml([
      {
        name: 'orders.payout.http',
        cases: [
          { name: 'quote: POST http://x/a?b=1&c=<2>', time: 0.012, failures: [] },
          {
            name: 'pay',
            time: 0.5,
            failures: ['?? body success == true: expected body success == true, got false', 'second "quoted" & <tagged>'],
          },
          { name: 'details', time: 0, failures: [], error: 'nothing is listening at http://127.0.0.1:1 (connection refused)' },
        ],
      },
    ]);
    const parsed = parseWithPython(xml);
    assert.deepEqual([parsed.suites, parsed.tests, parsed.failures, parsed.errors], [1, '3', '1', '1']);
    assert.equal(parsed.cases[0].name, 'quote: POST http://x/a?b=1&c=<2>');
    assert.deepEqual(parsed.cases[1].failures, [
      '?? body success == true: expected body success == true, got false',
      'second "quoted" & <tagged>',
    ]);
    assert.match(parsed.cases[2].error!, /connection refused/);
  });

  it('drops characters XML cannot carry', () => {
    assert.equal(escapeXml('a\u0000b\u0007c<'), 'abc&lt;');
    assert.doesNotThrow(() =>
      parseWithPython(toJUnitXml([{ name: 'x\u0001', cases: [{ name: '\u001b[31mred', time: 0, failures: ['\u0000'] }] }])),
    );
  });
});
