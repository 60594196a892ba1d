import { createHash } from 'node:crypto';
import { compact } from '../../src/report/compact.js';
import { github } from '../../src/report/github.js';
import { gitlab } from '../../src/report/gitlab.js';
import { reporters } from '../../src/report/index.js';
import { unix } from '../../src/report/unix.js';
import { diag, input, sample } from './helpers.js';

describe('format registry', () => {
  test('every format is registered under its --format name', () => {
    expect(Object.keys(reporters).sort()).toEqual([
      'compact',
      'github',
      'gitlab',
      'html',
      'json',
      'junit',
      'sarif',
      'stylish',
      'unix',
    ]);
  });

  test('every format returns a string for a run without findings', async () => {
    for (const [name, load] of Object.entries(reporters)) {
      const reporter = await load();
      expect(typeof reporter(input([], { files: ['/site/docs.json'] }))).toBe('string');
      if (name === 'compact' || name === 'unix' || name === 'github' || name === 'stylish')
        expect(reporter(input([]))).toBe('');
    }
  });
});

describe('compact', () => {
  test("ESLint's compact shape: absolute path, line, col, type - message (rule), then the count", () => {
    expect(compact(sample())).toBe(
      [
        '/site/docs.json: line 3, col 5, Error - trailing comma before "}"; remove the comma (config-json)',
        '/site/docs.json: line 7, col 3, Warning - unknown key "colour"; did you mean "colors"? (config-unknown-key)',
        '/site/docs.json: line 9, col 16, Info - remote OpenAPI file is not fetched (nav-openapi-invalid)',
        '/site/guides/intro.mdx: line 12, col 1, Warning - link text "here" is not descriptive (page-link-text)',
        '',
        '4 problems',
        '',
      ].join('\n'),
    );
    const d = diag({ file: '/site/a.mdx', ruleId: 'page-link-text', message: 'first line\n  second line\r\nthird' });
    expect(compact(input([d]))).toBe(
      '/site/a.mdx: line 1, col 1, Error - first line second line third (page-link-text)\n\n1 problem\n',
    );
  });
});

describe('unix', () => {
  test('file:line:col: severity message [rule], paths relative to the working folder', () => {
    expect(unix(sample())).toBe(
      [
        'docs.json:3:5: error trailing comma before "}"; remove the comma [config-json]',
        'docs.json:7:3: warning unknown key "colour"; did you mean "colors"? [config-unknown-key]',
        'docs.json:9:16: info remote OpenAPI file is not fetched [nav-openapi-invalid]',
        'guides/intro.mdx:12:1: warning link text "here" is not descriptive [page-link-text]',
        '',
      ].join('\n'),
    );
  });

  test('bidirectional controls in a file name or message are escapes, not reordered text', () => {
    const out = unix(
      input([diag({ file: '/site/gpj\u202e.exe.mdx', ruleId: 'page-link-text', message: 'x \u2066y\u2069 \u200f' })]),
    );
    expect(out).toBe('gpj\\u202e.exe.mdx:1:1: error x \\u2066y\\u2069 \\u200f [page-link-text]\n');
  });

  test('a multi-line message stays on one line', () => {
    const d = diag({ file: '/site/a.mdx', ruleId: 'page-link-text', message: 'first line\n  second line\r\nthird' });
    expect(unix(input([d]))).toBe('a.mdx:1:1: error first line second line third [page-link-text]\n');
  });
});

describe('github', () => {
  test('one workflow command per finding; info-level notes are notices', () => {
    expect(github(sample())).toBe(
      [
        '::error file=docs.json,line=3,col=5,endLine=3,endColumn=6,title=config-json::trailing comma before "}"; remove the comma',
        '::warning file=docs.json,line=7,col=3,endLine=7,endColumn=10,title=config-unknown-key::unknown key "colour"; did you mean "colors"?',
        '::notice file=docs.json,line=9,col=16,endLine=9,endColumn=40,title=nav-openapi-invalid::remote OpenAPI file is not fetched',
        '::warning file=guides/intro.mdx,line=12,col=1,endLine=12,endColumn=15,title=page-link-text::link text "here" is not descriptive',
        '',
      ].join('\n'),
    );
  });

  test('message data escapes %, CR and LF; properties also escape : and ,', () => {
    const d = diag({
      file: '/site/a,b:c%d.mdx',
      ruleId: 'page-link-text',
      message: '100% done: yes, no\r\nnext line\nlast',
    });
    expect(github(input([d]))).toBe(
      '::error file=a%2Cb%3Ac%25d.mdx,line=1,col=1,endLine=1,endColumn=2,title=page-link-text::100%25 done: yes, no%0D%0Anext line%0Alast\n',
    );
  });

  test('a file outside the working folder keeps a relative path with forward slashes', () => {
    const d = diag({ file: '/elsewhere/x.mdx', ruleId: 'page-link-text' });
    expect(github(input([d]))).toBe(
      '::error file=../elsewhere/x.mdx,line=1,col=1,endLine=1,endColumn=2,title=page-link-text::something is wrong\n',
    );
  });
});

describe('gitlab (Code Quality)', () => {
  const fingerprint = (rule: string, file: string, message: string, rank = 0) =>
    createHash('sha256')
      .update(`${JSON.stringify([rule, file, message])}#${rank}`)
      .digest('hex')
      .slice(0, 32);

  test('a JSON array of Code Quality issues with severities mapped', () => {
    const issues = JSON.parse(gitlab(sample())) as unknown[];
    expect(issues).toEqual([
      {
        description: 'trailing comma before "}"; remove the comma',
        check_name: 'config-json',
        fingerprint: fingerprint('config-json', 'docs.json', 'trailing comma before "}"; remove the comma'),
        severity: 'major',
        location: { path: 'docs.json', lines: { begin: 3, end: 3 } },
      },
      {
        description: 'unknown key "colour"; did you mean "colors"?',
        check_name: 'config-unknown-key',
        fingerprint: fingerprint('config-unknown-key', 'docs.json', 'unknown key "colour"; did you mean "colors"?'),
        severity: 'minor',
        location: { path: 'docs.json', lines: { begin: 7, end: 7 } },
      },
      {
        description: 'remote OpenAPI file is not fetched',
        check_name: 'nav-openapi-invalid',
        fingerprint: fingerprint('nav-openapi-invalid', 'docs.json', 'remote OpenAPI file is not fetched'),
        severity: 'info',
        location: { path: 'docs.json', lines: { begin: 9, end: 9 } },
      },
      {
        description: 'link text "here" is not descriptive',
        check_name: 'page-link-text',
        fingerprint: fingerprint('page-link-text', 'guides/intro.mdx', 'link text "here" is not descriptive'),
        severity: 'minor',
        location: { path: 'guides/intro.mdx', lines: { begin: 12, end: 12 } },
      },
    ]);
  });

  test('fingerprints survive line moves and stay unique among identical findings', () => {
    const at = (line: number) =>
      diag({ file: '/site/a.mdx', ruleId: 'page-link-text', line, endLine: line, message: 'same' });
    const before = JSON.parse(gitlab(input([at(3), at(8)]))) as Array<{ fingerprint: string }>;
    const after = JSON.parse(gitlab(input([at(5), at(10)]))) as Array<{ fingerprint: string }>;
    expect(before.map((i) => i.fingerprint)).toEqual(after.map((i) => i.fingerprint));
    expect(new Set(before.map((i) => i.fingerprint)).size).toBe(2);
  });

  test('an empty run is an empty array', () => {
    expect(gitlab(input([]))).toBe('[]\n');
  });
});
