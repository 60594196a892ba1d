import { existsSync } from 'node:fs';
import path from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The watchdogs (`timeLimits`): a last resort, never a decider. A page or a site check that passes
 * its limit stops the whole run with exit 2 and one line naming it and the setting to raise; no
 * partial report is printed and nothing is cached, so the verdict cannot depend on the machine's
 * load. What bounds pathological pages is the page pass's pre-scan (test/bad-input/), not time.
 *
 * The page here never finishes (a plugin rule that loops) and the site check waits 1.5 s per page
 * against a 1 s limit: each passes its limit at any load. Nothing timed is asserted.
 */

const FRONT = '---\ntitle: A page\ndescription: A page of the test site.\n---\n\n';

const CONFIG = JSON.stringify({
  theme: 'mint',
  name: 'T',
  colors: { primary: '#0A7A5E' },
  navigation: { pages: ['index', 'loop'] },
});

/** A page rule that never returns on loop.mdx. */
const LOOP_RULE = `
  export const rules = {
    spin: {
      meta: { id: 'spin', kind: 'page', description: 'Never ends on loop.mdx.', severity: 'warning', docsUrl: 'https://example.com/spin' },
      check(context) {
        if (context.file.endsWith('loop.mdx')) for (;;);
      },
    },
  };
`;

function loopSite() {
  return tmpSite({
    'docs.json': CONFIG,
    'index.mdx': FRONT + 'See [the other page](/loop).\n',
    'loop.mdx': FRONT + 'Text.\n',
    'loop.mjs': LOOP_RULE,
    '.doclintrc.json': JSON.stringify({
      timeLimits: { page: 0.5 },
      plugins: { loop: './loop.mjs' },
      rules: { 'config-color-contrast': 'off', 'loop/spin': 'warn' },
    }),
  });
}

const PAGE_STOPPED =
  'doclint: checking loop.mdx took longer than 0.5 s; the run was stopped, since a result cut short by time would depend on the machine\'s load. If it is expected to take this long, raise "timeLimits": { "page": … } in the configuration file\n';

describe('a page past its watchdog stops the run (exit 2), in every mode', () => {
  test.each(['1', '2'])('a whole-site run on worker threads (--threads %s)', (threads) => {
    const root = loopSite();
    const result = runCli(['-f', 'json', '--threads', threads, root]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: PAGE_STOPPED });
  });

  test('a run over files: the page is linted on the main thread, under the same watchdog', () => {
    const root = loopSite();
    const result = runCli(['-f', 'json', path.join(root, 'loop.mdx'), path.join(root, 'index.mdx')]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: PAGE_STOPPED });
  });

  test('standard input', () => {
    const root = loopSite();
    const result = runCli(['-f', 'unix', '--stdin', '--stdin-filename', 'loop.mdx'], {
      cwd: root,
      input: FRONT + 'Text.\n',
    });
    expect(result).toEqual({ code: 2, stdout: '', stderr: PAGE_STOPPED });
  });

  test('with --cache: nothing is cached, and the next run stops alike', () => {
    const root = loopSite();
    const first = runCli(['-f', 'json', '--cache', root]);
    expect(first).toEqual({ code: 2, stdout: '', stderr: PAGE_STOPPED });
    expect(existsSync(path.join(root, '.doclintcache'))).toBe(false);
    expect(runCli(['-f', 'json', '--cache', root])).toEqual(first);
  });
});

/** A site rule that reports once, then waits longer than the limit before asking for the first page. */
const SLOW_RULE = `
  export const rules = {
    walk: {
      meta: { id: 'walk', kind: 'site', description: 'Walks the pages slowly.', severity: 'warning', docsUrl: 'https://example.com/walk' },
      async check(context) {
        context.report({ message: 'before the pages' });
        for (const page of [...context.site.pages.values()].sort((a, b) => (a.relative < b.relative ? -1 : 1))) {
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await context.facts(page.file);
          context.report({ message: 'walked ' + page.relative });
        }
      },
    },
  };
`;

describe('a site check past its watchdog', () => {
  test('stops the run at the page it asked for (exit 2): no partial report', () => {
    const root = tmpSite({
      'docs.json': CONFIG,
      'index.mdx': FRONT + 'Home.\n',
      'loop.mdx': FRONT + 'Not a loop here.\n',
      'slow.mjs': SLOW_RULE,
      '.doclintrc.json': JSON.stringify({
        timeLimits: { siteCheck: 1 },
        plugins: { slow: './slow.mjs' },
        rules: { 'config-color-contrast': 'off', 'nav-duplicate-title': 'off', 'slow/walk': 'warn' },
      }),
    });
    const result = runCli(['-f', 'json', root]);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'doclint: the site check slow/walk (at index.mdx) took longer than 1 s; the run was stopped, since a result cut short by time would depend on the machine\'s load. If it is expected to take this long, raise "timeLimits": { "siteCheck": … } in the configuration file\n',
    });
  });
});
