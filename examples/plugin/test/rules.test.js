// @ts-check
import { describe, it } from 'node:test';
import { RuleTester, SITE_FRONT } from 'doclint';
import { groupSize, headingPeriod } from '../index.js';

// node:test's describe and it (under jest or mocha, the globals are found by themselves).
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester();

tester.run('heading-period', headingPeriod, {
  valid: ['## Install the CLI\n', '## Wait...\n', '## Version 2.0 notes\n'],
  invalid: [
    {
      code: '# Title\n\n## Install the CLI.\n',
      errors: [
        { line: 3, column: 1, endLine: 3, endColumn: 20, messageId: 'period', data: { heading: 'Install the CLI.' } },
      ],
      output: '# Title\n\n## Install the CLI\n',
    },
    {
      name: 'the message as written',
      code: '### Use `npm`.\n',
      errors: [
        {
          line: 1,
          column: 1,
          message: 'heading “Use npm.” ends with a period: a heading is a title, not a sentence; remove the period',
        },
      ],
      output: '### Use `npm`\n',
    },
  ],
});

/**
 * A docs.json with one group of `count` pages, and the pages.
 * @param {number} count
 */
function site(count) {
  const pages = Array.from({ length: count }, (_, i) => `page-${i + 1}`);
  /** @type {Record<string, string>} */
  const files = {
    'docs.json': JSON.stringify(
      {
        theme: 'mint',
        name: 'Acme',
        colors: { primary: '#0A7A5E' },
        navigation: { groups: [{ group: 'Guides', pages }] },
      },
      null,
      2,
    ),
  };
  for (const page of pages) files[`${page}.mdx`] = `${SITE_FRONT}## ${page}\n`;
  return files;
}

tester.run('group-size', groupSize, {
  valid: [
    { name: 'twelve pages', files: site(12) },
    { name: 'three pages, at most three', files: site(3), options: { max: 3 } },
  ],
  invalid: [
    {
      name: 'three pages, at most two',
      files: site(3),
      options: { max: 2 },
      errors: [
        { file: 'docs.json', line: 9, column: 7, messageId: 'tooMany', data: { group: 'Guides', count: 3, max: 2 } },
      ],
    },
  ],
});
