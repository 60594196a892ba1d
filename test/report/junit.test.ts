import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { junit } from '../../src/report/junit.js';
import { diag, input, sample } from './helpers.js';

// htmlEntities: decode numeric character references too (`&#10;`), which are plain XML.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'testsuite' || name === 'testcase',
  parseAttributeValue: false,
  htmlEntities: true,
});

interface Case {
  name: string;
  classname: string;
  failure?: { '#text': string; message: string; type: string };
  'system-out'?: string;
}
interface Suite {
  name: string;
  tests: string;
  failures: string;
  testcase: Case[];
}

function parse(xml: string): { testsuites: { tests: string; failures: string; testsuite: Suite[] } } {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe('junit', () => {
  test('one testsuite per file, one testcase per finding, a passing case for a clean file', () => {
    expect(junit(sample())).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="doclint" tests="5" failures="3" errors="0" time="0">
  <testsuite name="docs.json" tests="3" failures="2" errors="0" skipped="0" time="0">
    <testcase name="config-json 3:5" classname="docs.json" time="0">
      <failure message="docs.json:3:5: trailing comma before &quot;}&quot;; remove the comma" type="error">docs.json:3:5: error trailing comma before &quot;}&quot;; remove the comma [config-json]
https://github.com/doclint/doclint/blob/main/docs/rules/config-json.md</failure>
    </testcase>
    <testcase name="config-unknown-key 7:3" classname="docs.json" time="0">
      <failure message="docs.json:7:3: unknown key &quot;colour&quot;; did you mean &quot;colors&quot;?" type="warning">docs.json:7:3: warning unknown key &quot;colour&quot;; did you mean &quot;colors&quot;? [config-unknown-key]
https://github.com/doclint/doclint/blob/main/docs/rules/config-unknown-key.md</failure>
    </testcase>
    <testcase name="nav-openapi-invalid 9:16" classname="docs.json" time="0">
      <system-out>docs.json:9:16: info remote OpenAPI file is not fetched [nav-openapi-invalid]
https://github.com/doclint/doclint/blob/main/docs/rules/nav-openapi-invalid.md</system-out>
    </testcase>
  </testsuite>
  <testsuite name="guides/intro.mdx" tests="1" failures="1" errors="0" skipped="0" time="0">
    <testcase name="page-link-text 12:1" classname="guides/intro.mdx" time="0">
      <failure message="guides/intro.mdx:12:1: link text &quot;here&quot; is not descriptive" type="warning">guides/intro.mdx:12:1: warning link text &quot;here&quot; is not descriptive [page-link-text]
https://github.com/doclint/doclint/blob/main/docs/rules/page-link-text.md</failure>
    </testcase>
  </testsuite>
  <testsuite name="index.mdx" tests="1" failures="0" errors="0" skipped="0" time="0">
    <testcase name="doclint" classname="index.mdx" time="0"/>
  </testsuite>
</testsuites>
`);
  });

  test('parses back with the counts it declares', () => {
    const doc = parse(junit(sample()));
    expect(doc.testsuites.tests).toBe('5');
    expect(doc.testsuites.failures).toBe('3');
    const suites = doc.testsuites.testsuite;
    expect(
      suites.map((s) => [s.name, s.tests, s.failures, s.testcase.length, s.testcase.filter((c) => c.failure).length]),
    ).toEqual([
      ['docs.json', '3', '2', 3, 2],
      ['guides/intro.mdx', '1', '1', 1, 1],
      ['index.mdx', '1', '0', 1, 0],
    ]);
    const total = suites.reduce((n, s) => n + s.testcase.length, 0);
    expect(String(total)).toBe(doc.testsuites.tests);
    expect(suites[0]!.testcase[2]!['system-out']).toContain('remote OpenAPI file is not fetched');
  });

  test('markup, ampersands, quotes and newlines are escaped and read back unchanged', () => {
    const message = 'unclosed tag `<Note>` & "quotes" \'too\'\nsecond line\twith a tab';
    const d = diag({ file: '/site/a&b/<c>.mdx', ruleId: 'page-link-text', message });
    const xml = junit(input([d]));
    expect(xml).not.toContain('<Note>');
    expect(xml).toContain('`&lt;Note&gt;` &amp; &quot;quotes&quot; &apos;too&apos;&#10;second line&#9;with a tab');
    const suite = parse(xml).testsuites.testsuite[0]!;
    expect(suite.name).toBe('a&b/<c>.mdx');
    const failure = suite.testcase[0]!.failure!;
    expect(failure.message).toBe(`a&b/<c>.mdx:1:1: ${message}`);
    // In the body, shown as lines of a log, the message's line break and tab are escapes: no line of it is the message's.
    expect(failure['#text']).toBe(
      `a&b/<c>.mdx:1:1: error ${message.replace('\n', '\\n').replace('\t', '\\t')} [page-link-text]\nhttps://github.com/doclint/doclint/blob/main/docs/rules/page-link-text.md`,
    );
  });

  test('a message with a decoded line break (an anchor `%0A::error …`) starts no line of the body', () => {
    const d = diag({
      file: '/site/a.mdx',
      ruleId: 'site-broken-link',
      message: 'anchor `#x\n::error file=a::pwned` is not on the page',
    });
    const body = parse(junit(input([d]))).testsuites.testsuite[0]!.testcase[0]!.failure!['#text'];
    expect(body.split('\n')).toEqual([
      'a.mdx:1:1: error anchor `#x\\n::error file=a::pwned` is not on the page [site-broken-link]',
      'https://github.com/doclint/doclint/blob/main/docs/rules/site-broken-link.md',
    ]);
  });

  test('characters XML cannot carry become U+FFFD, so the document stays well-formed', () => {
    const d = diag({
      file: '/site/a.mdx',
      ruleId: 'page-link-text',
      message: 'bell \u0007, escape \u001b[31m, lone \uD800 surrogate, emoji 😀 kept',
    });
    const xml = junit(input([d]));
    const failure = parse(xml).testsuites.testsuite[0]!.testcase[0]!.failure!;
    expect(failure.message).toBe('a.mdx:1:1: bell \uFFFD, escape \uFFFD[31m, lone \uFFFD surrogate, emoji 😀 kept');
  });

  test('a run without files is an empty testsuites element', () => {
    const xml = junit(input([]));
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="doclint" tests="0" failures="0" errors="0" time="0">\n</testsuites>\n',
    );
    expect(XMLValidator.validate(xml)).toBe(true);
  });
});
