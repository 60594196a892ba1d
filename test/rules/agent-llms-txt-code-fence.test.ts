// agent-llms-txt-code-fence: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`)
// and fail (a warning), each with its exact finding.
import { config, LLMS, E } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('agent-llms-txt-code-fence', {
  valid: [
    {
      name: 'pass: closed',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}\`\`\`bash\nnpm i\n\`\`\`\n- [Q](/index.md)\n` },
    },
  ],
  invalid: [
    {
      name: 'fail: never closed',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}\`\`\`\`bash\nnpm i\n\`\`\`\n- [Q](/index.md)\n` },
      errors: [
        E(
          'llms.txt',
          7,
          1,
          'warning',
          'code block opened with ```` at line 7 of llms.txt is never closed: agents read the rest of the file as code; close it with a line of ````',
        ),
      ],
    },
    {
      name: 'fail: closed by the fence of a block inside',
      files: {
        'docs.json': config(),
        'llms.txt': `${LLMS}\`\`\`markdown\n\`\`\`bash\nnpm i\n\`\`\`\n\`\`\`\n- [Q](/index.md)\n`,
      },
      errors: [
        {
          file: 'llms.txt',
          line: 7,
          column: 1,
          severity: 'warning',
          messageId: 'closedByInner',
          data: { fence: '```', line: 7, closedAt: 10, innerFence: '```', innerLine: 8, longer: '````' },
          related: ['llms.txt:10:1 the block really closes here'],
        },
        {
          file: 'llms.txt',
          line: 11,
          column: 1,
          severity: 'warning',
          messageId: 'unclosed',
          data: { fence: '```', line: 11 },
        },
      ],
    },
  ],
});
