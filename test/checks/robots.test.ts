import siteRobotsBlocksAi from '../../rules/site-robots-blocks-ai.js';
import { load, runCheck } from './helpers.js';

describe('site-robots-blocks-ai', () => {
  test('site-robots-blocks-ai on site-robots-all (1 finding)', async () => {
    const site = await load('site-robots-all');
    expect(await runCheck(siteRobotsBlocksAi, site)).toEqual([
      {
        file: 'robots.txt',
        line: 3,
        column: 1,
        severity: 'error',
        message:
          "robots.txt disallows the site to all user agents (`Disallow: /` under `User-agent: *`), which also blocks AI agents (GPTBot, ChatGPT-User, OAI-SearchBot, ClaudeBot, Claude-User, Claude-SearchBot and 17 more); the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; disallow only the paths to hide (`Disallow: /private/`), or give AI agents a group of their own with `Allow: /`",
      },
    ]);
  });

  test('site-robots-blocks-ai on site-robots-gptbot (1 finding)', async () => {
    const site = await load('site-robots-gptbot');
    expect(await runCheck(siteRobotsBlocksAi, site)).toEqual([
      {
        file: 'robots.txt',
        line: 2,
        column: 1,
        severity: 'error',
        message:
          "robots.txt disallows the site to all user agents (`Disallow: /` under `User-agent: *`), which also blocks AI agents (ChatGPT-User, OAI-SearchBot, ClaudeBot, Claude-User, Claude-SearchBot, Claude-Web and 16 more); the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; disallow only the paths to hide (`Disallow: /private/`), or give AI agents a group of their own with `Allow: /`",
      },
    ]);
  });

  test('site-robots-blocks-ai on site-robots-named (1 finding)', async () => {
    const site = await load('site-robots-named');
    expect(await runCheck(siteRobotsBlocksAi, site)).toEqual([
      {
        file: 'robots.txt',
        line: 6,
        column: 1,
        severity: 'error',
        message:
          "robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: ClaudeBot, CCBot` applies to ClaudeBot, CCBot; the site then fails the platform's robotsTxtAllowsAI check and AI tools cannot read or cite these docs; remove the rule or narrow it to the paths to hide, or list the agents blocked on purpose in this rule's `allow` option",
      },
    ]);
  });

  test('site-robots-blocks-ai on site-robots-signal (3 findings)', async () => {
    const site = await load('site-robots-signal');
    expect(await runCheck(siteRobotsBlocksAi, site)).toEqual([
      {
        file: 'robots.txt',
        line: 2,
        column: 42,
        severity: 'warning',
        message: 'Content-Signal `ai-input` must be `ai-input=yes` or `ai-input=no`, not `ai-input=maybe`',
      },
      {
        file: 'robots.txt',
        line: 2,
        column: 58,
        severity: 'warning',
        message:
          'unknown Content-Signal `ai-trian`; the signals are search, ai-input, ai-train (did you mean `ai-train`?)',
      },
      {
        file: 'robots.txt',
        line: 3,
        column: 1,
        severity: 'warning',
        message: 'empty Content-Signal line; write e.g. `Content-Signal: ai-train=yes, search=yes, ai-input=yes`',
      },
    ]);
  });

  test('site-robots-blocks-ai on site-robots-none reports nothing', async () => {
    const site = await load('site-robots-none');
    expect(await runCheck(siteRobotsBlocksAi, site)).toEqual([]);
  });

  test('Disallow: / for * with Allow: / for GPTBot is fine for GPTBot, not for the others', async () => {
    const site = await load('site-robots-gptbot');
    const [finding] = await runCheck(siteRobotsBlocksAi, site);
    expect(finding!.message).not.toMatch(/\bGPTBot\b/);
    expect(finding!.message).toMatch(/ClaudeBot/);
  });

  test('agents blocked on purpose can be allowed, and more agents added', async () => {
    const site = await load('site-robots-named');
    expect(await runCheck(siteRobotsBlocksAi, site, { allow: ['claudebot', 'CCBot'] })).toEqual([]);
    const found = await runCheck(siteRobotsBlocksAi, site, { agents: ['BadBot'] });
    expect(found.map((f) => [f.line, f.message.replace(/;.*/, '')])).toEqual([
      [
        6,
        'robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: ClaudeBot, CCBot` applies to ClaudeBot, CCBot',
      ],
      [9, 'robots.txt blocks AI agents from the site: `Disallow: /` under `User-agent: BadBot` applies to BadBot'],
    ]);
  });
});
