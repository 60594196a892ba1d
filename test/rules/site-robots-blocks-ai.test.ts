// site-robots-blocks-ai: its RuleTester table, the examples of docs/rules/site-robots-blocks-ai.md first, then more
// cases.
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
    {
      name: 'no custom robots.txt: the platform allows every crawler',
      files: {},
    },
    {
      name: 'a group of its own allows GPTBot while every other agent is blocked from one folder only',
      files: { 'robots.txt': 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nAllow: /\n' },
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
            "robots.txt disallows the site to all user agents (`Disallow: /` under `User-agent: *`), which also blocks AI agents (GPTBot, ChatGPT-User, OAI-SearchBot, ClaudeBot, Claude-User, Claude-SearchBot and 17 more); the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; disallow only the paths to hide (`Disallow: /private/`), or give AI agents a group of their own with `Allow: /`",
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
    {
      name: 'one known AI agent blocked by its own group; a Content-Signal value that is not yes or no',
      files: {
        'robots.txt':
          'User-agent: *\nAllow: /\nContent-Signal: ai-train=maybe, search=yes\n\nUser-agent: ClaudeBot\nDisallow: /\n',
      },
      errors: [
        {
          file: 'robots.txt',
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 12,
          severity: 'error',
          message:
            "robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: ClaudeBot` applies to ClaudeBot; the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; remove the rule or narrow it to the paths to hide, or list the agents blocked on purpose in this rule's `allow` option",
        },
        {
          file: 'robots.txt',
          line: 3,
          column: 17,
          endLine: 3,
          endColumn: 31,
          severity: 'warning',
          message: 'Content-Signal `ai-train` must be `ai-train=yes` or `ai-train=no`, not `ai-train=maybe`',
        },
      ],
    },
  ],
});
