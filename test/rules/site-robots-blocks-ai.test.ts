// site-robots-blocks-ai: the examples of docs/rules/site-robots-blocks-ai.md as a RuleTester table, with their exact findings.
import { siteRuleTester } from '../helpers/site-rule-tester.js';

siteRuleTester('site-robots-blocks-ai', {
  valid: [
    {
      name: 'docs/rules page, correct example',
      files: {
        'robots.txt':
          'User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: ai-train=no, search=yes, ai-input=yes\nDisallow: /private/\n',
      },
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example 1',
      files: { 'robots.txt': 'User-agent: *\nDisallow: /\n' },
      errors: [
        {
          file: 'robots.txt',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 12,
          message:
            "robots.txt disallows the site to all user agents (`Disallow: /` under `User-agent: *`), which also blocks AI agents (GPTBot, ChatGPT-User, OAI-SearchBot, ClaudeBot, Claude-User, Claude-SearchBot and 17 more); the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs",
        },
      ],
    },
    {
      name: 'docs/rules page, incorrect example 2: An invalid signal value',
      files: { 'robots.txt': 'User-agent: *\nContent-Signal: ai-train=maybe\n' },
      errors: [
        {
          file: 'robots.txt',
          line: 2,
          column: 17,
          endLine: 2,
          endColumn: 31,
          severity: 'warning',
          message: 'Content-Signal `ai-train` must be `ai-train=yes` or `ai-train=no`, not `ai-train=maybe`',
        },
      ],
    },
  ],
});
