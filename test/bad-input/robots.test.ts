// robots.txt files a CI gate must survive, one site each, in one run of the real CLI.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpSite } from '../helpers/tmp-site.js';
import { config, FRONT, lintJson, type Found, type JsonRun } from './helpers.js';

const SITES: Record<string, string | Buffer> = {
  empty: '',
  bom: '\ufeffUser-agent: *\nDisallow: /\n',
  crlf: 'User-agent: GPTBot\r\nDisallow: /\r\n\r\nContent-Signal: ai-train=maybe\r\n',
  cr: 'User-agent: GPTBot\rDisallow: /\r\rContent-Signal: ai-train=maybe\r',
  'not-utf8': Buffer.concat([
    Buffer.from('User-agent: '),
    Buffer.from([0xff, 0xfe]),
    Buffer.from('\nDisallow: /\nUser-agent: ClaudeBot\nDisallow: /\n'),
  ]),
  binary: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
  huge: `${Array.from({ length: 100000 }, (_, i) => `User-agent: bot${i}\nDisallow: /private/${i}\n`).join('')}User-agent: *\nDisallow: /\n`,
  wildcards: `User-agent: GPTBot\nDisallow: /${'a*'.repeat(20000)}b\n`,
};

let parent: string;
let run: JsonRun;

beforeAll(() => {
  parent = tmpSite({});
  for (const [name, robots] of Object.entries(SITES)) {
    mkdirSync(path.join(parent, name));
    writeFileSync(path.join(parent, name, 'docs.json'), config(['index']));
    writeFileSync(path.join(parent, name, 'index.mdx'), `${FRONT}## Start\n\nText.\n`);
    writeFileSync(path.join(parent, name, 'robots.txt'), robots);
  }
  // Bounded time is shown by the run finishing under jest's timeout; no test times itself.
  run = lintJson(parent, Object.keys(SITES));
}, 180_000);

afterAll(() => rmSync(parent, { recursive: true, force: true }));

const blocks = (line: number, endColumn: number, lead: string): Found => ({
  file: 'robots.txt',
  line,
  column: 1,
  endLine: line,
  endColumn,
  ruleId: 'site-robots-blocks-ai',
  severity: 2,
  message: `${lead}; the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; ${
    lead.startsWith('robots.txt disallows the site to all user agents')
      ? 'disallow only the paths to hide (`Disallow: /private/`), or give AI agents a group of their own with `Allow: /`'
      : "remove the rule or narrow it to the paths to hide, or list the agents blocked on purpose in this rule's `allow` option"
  }`,
});
const signal = (line: number): Found => ({
  file: 'robots.txt',
  line,
  column: 17,
  endLine: line,
  endColumn: 31,
  ruleId: 'site-robots-blocks-ai',
  severity: 1,
  message: 'Content-Signal `ai-train` must be `ai-train=yes` or `ai-train=no`, not `ai-train=maybe`',
});
const EVERYONE =
  'robots.txt disallows the site to all user agents (`Disallow: /` under `User-agent: *`), which also blocks AI agents (GPTBot, ChatGPT-User, OAI-SearchBot, ClaudeBot, Claude-User, Claude-SearchBot and 17 more)';

function site(name: string): Found[] {
  return run.findings
    .filter((f) => f.file.startsWith(`${name}/`))
    .map((f) => ({ ...f, file: f.file.slice(name.length + 1) }));
}

describe('bad robots.txt files, one CLI run over eight sites', () => {
  test('the run finishes (exit 1)', () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
  });

  test('empty, binary: nothing to report', () => {
    expect(site('empty')).toEqual([]);
    expect(site('binary')).toEqual([]);
  });

  test('a byte order mark does not hide the first group', () => {
    expect(site('bom')).toEqual([blocks(2, 12, EVERYONE)]);
  });

  test.each(['crlf', 'cr'])('%s line breaks: findings on the right lines', (name) => {
    expect(site(name)).toEqual([
      blocks(
        2,
        12,
        'robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: GPTBot` applies to GPTBot',
      ),
      signal(4),
    ]);
  });

  test('bytes that are not UTF-8 in a user agent: the other groups still read', () => {
    expect(site('not-utf8')).toEqual([
      blocks(
        4,
        12,
        'robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: ClaudeBot` applies to ClaudeBot',
      ),
    ]);
  });

  test('200,000 lines, and a rule of 20,000 wildcards: read in bounded time', () => {
    expect(site('huge')).toEqual([blocks(200002, 12, EVERYONE)]);
    expect(site('wildcards')).toEqual([]);
  });
});
