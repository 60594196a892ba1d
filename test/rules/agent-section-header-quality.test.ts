// agent-section-header-quality: the levels of its agent-readiness check, pass (no finding), warn (a note: problem
// `warn`) and fail (a warning), each with its exact finding.
import { ruleTester } from '../helpers/rule-tester.js';

const tab = (title: string, headings: string[]) =>
  `  <Tab title="${title}">\n${headings.map((h) => `    ## ${h}\n    Text.\n`).join('')}  </Tab>\n`;
ruleTester('agent-section-header-quality', {
  valid: [
    {
      name: 'pass: headings name the variant',
      code: `<Tabs>\n${tab('npm', ['Install with npm', 'Configure for npm'])}${tab('yarn', ['Install with yarn', 'Configure for yarn'])}</Tabs>\n`,
    },
    {
      name: 'pass: 1 of 6 repeats (under 25%)',
      code: `<Tabs>\n${tab('npm', ['Install with npm', 'Configure for npm', 'Notes'])}${tab('yarn', ['Install with yarn', 'Configure for yarn', 'Notes'])}</Tabs>\n`,
      options: { warn: 0.34 },
    },
    {
      name: 'too few headings to judge',
      code: `<Tabs>\n${tab('npm', ['Install'])}${tab('yarn', ['Install'])}</Tabs>\n`,
    },
  ],
  invalid: [
    {
      name: 'fail: every heading repeats',
      code: `<Tabs>\n${tab('npm', ['Install', 'Configure'])}${tab('yarn', ['Install', 'Configure'])}</Tabs>\n`,
      errors: [
        {
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 15,
          messageId: 'repeated',
          data: { repeated: 4, total: 4, percent: 100, names: '“Install”, “Configure”' },
          related: ['page.mdx:9:5 “Install” again', 'page.mdx:11:5 “Configure” again'],
        },
      ],
    },
    {
      name: 'fail: a second group repeats the first',
      code: `<Tabs>\n${tab('npm', ['Install with npm'])}${tab('yarn', ['Install with yarn'])}</Tabs>\n\n<Tabs>\n${tab('npm', ['Install with npm'])}${tab('yarn', ['Install with yarn'])}</Tabs>\n`,
      errors: [
        {
          line: 12,
          column: 1,
          endLine: 12,
          endColumn: 2,
          message:
            'the tabs at line 12 repeat the headings of the tabs at line 1, variant for variant: serialized for an agent, the page has two identical outlines; name what each group is about in its headings',
        },
      ],
    },
    {
      name: 'warn: a note',
      code: `<Tabs>\n${tab('npm', ['Install', 'Configure for npm', 'Run with npm'])}${tab('yarn', ['Install', 'Configure for yarn', 'Run with yarn'])}</Tabs>\n`,
      errors: [
        {
          line: 3,
          column: 5,
          endLine: 3,
          endColumn: 15,
          severity: 'info',
          message:
            '2 of the 6 headings in tabs on this page (33%) repeat in another tab of the same group (“Install”): an agent reading the page gets the same heading several times and cannot tell which variant it is in; name the variant in each heading (“Install with npm”)',
          related: ['page.mdx:11:5 “Install” again'],
        },
      ],
    },
  ],
});
