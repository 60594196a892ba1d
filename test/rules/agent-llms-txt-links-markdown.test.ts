// agent-llms-txt-links-markdown: the levels of its agent-readiness check, pass (no finding), warn (a note: problem
// `warn`) and fail (a warning), each with its exact finding.
import { config, LLMS, E } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-llms-txt-links-markdown', {
  valid: [
    { name: 'pass: .md links', files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n` } },
    {
      name: 'pass: most are .md',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n- [R](/index)\n` },
    },
    { name: 'pass: generated', files: { 'docs.json': config() } },
  ],
  invalid: [
    {
      name: 'fail: no page link is markdown',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Spec](/openapi.json)\n- [Q](/index#start)\n` },
      errors: [
        E(
          'llms.txt',
          8,
          3,
          'warning',
          'the one page link of llms.txt does not point at markdown (`/index#start`): agents then fetch the HTML pages; end each page link in `.md` (`/index.md`), which the platform serves for every page',
        ),
      ],
    },
    {
      name: 'fail: none of two page links is markdown',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index/)\n- [R](/index#start)\n` },
      errors: [
        {
          file: 'llms.txt',
          line: 7,
          column: 3,
          severity: 'warning',
          messageId: 'none',
          data: { count: '2', url: '/index/', markdown: '/index.md' },
        },
      ],
    },
  ],
});
