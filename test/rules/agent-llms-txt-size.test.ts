// agent-llms-txt-size: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`) and
// fail (a warning), each with its exact finding.
import { config, LLMS } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-llms-txt-size', {
  valid: [
    {
      name: 'pass: under the warn threshold',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n` },
      options: { warn: 100, fail: 200 },
    },
  ],
  invalid: [
    {
      name: 'warn: between the thresholds',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): ${'x'.repeat(80)}\n` },
      options: { warn: 100, fail: 200 },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'llms.txt is 146 characters, over 100: some agents truncate it; split it into a root index under 50,000 characters that links to one llms.txt per section',
        },
      ],
    },
    {
      name: 'fail: generated, over the fail threshold',
      files: { 'docs.json': config() },
      options: { warn: 10, fail: 20 },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 138,
          severity: 'warning',
          messageId: 'generatedFail',
          data: { size: '84', limit: '20' },
        },
      ],
    },
  ],
});
