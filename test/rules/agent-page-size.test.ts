// agent-page-size: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`) and fail
// (a warning), each with its exact finding.
import { E } from '../helpers/agent-site.js';
import { SITE_FRONT, siteRuleTester } from '../helpers/site-rule-tester.js';

const big = (n: number) => `${'word '.repeat(n / 5)}\n`;
siteRuleTester('agent-page-size', {
  valid: [
    {
      name: 'pass: front matter and imports are not counted',
      files: {
        'index.mdx': `---\ntitle: ${'T'.repeat(300)}\n---\nimport A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': 'Short.\n',
      },
      options: { warn: 100, fail: 200 },
    },
  ],
  invalid: [
    {
      name: 'warn: a snippet pushes the page over',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': `import B from '/snippets/b.mdx';\n\n${big(60)}<B />\n`,
        'snippets/b.mdx': big(60),
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 140 characters as served in markdown (10 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
    {
      name: 'fail: over the fail threshold',
      files: { 'index.mdx': `${SITE_FRONT}${big(300)}` },
      options: { warn: 100, fail: 200 },
      errors: [
        {
          file: 'index.mdx',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'fail',
          data: { size: '303', limit: '200' },
        },
      ],
    },
    {
      name: 'import cycles count each file once',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\n\n<A />\n`,
        'snippets/a.mdx': `import I from '/snippets/b.mdx';\n\n${big(60)}`,
        'snippets/b.mdx': `import A from '/snippets/a.mdx';\n\n${big(60)}`,
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 136 characters as served in markdown (10 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
    {
      name: 'a snippet imported once and used three times counts three times (a second import of it too)',
      files: {
        'index.mdx': `${SITE_FRONT}import A from '/snippets/a.mdx';\nimport Again from '/snippets/a.mdx';\n\n<A />\n\n<A />\n\n<Again />\n`,
        'snippets/a.mdx': big(40),
      },
      options: { warn: 100, fail: 200 },
      errors: [
        E(
          'index.mdx',
          1,
          1,
          'info',
          'this page is 151 characters as served in markdown (28 of its own, the rest from imported snippets), over 100: some agents truncate it; split it into pages of one task or topic each',
        ),
      ],
    },
  ],
});
