import { jest } from '@jest/globals';
import { defineRule, type ExternalLinkChecker, type SiteContext } from '../../src/rule-kit/rule.js';
import { loadSite } from '../../src/site/load.js';
import { runSiteRule, type SitePass } from '../../src/engine/rule-runner.js';
import type { Used } from '../../src/cache/site-reuse.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';
import { factsReader, modelOf } from '../checks/helpers.js';

/*
 * What a site rule asks for of the services whose answers change while the site does not (git
 * history, the network) is noted as it runs, for the cache: no rule declares it.
 */

const FILES = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': '---\ntitle: Home\ndescription: A test page.\n---\n\nHi.\n' };

/** A site rule made of `check`, declaring nothing but what every rule does (and messages: the engine then wraps its context). */
const ruleOf = (check: (context: SiteContext) => Promise<void> | void) =>
  defineRule({
    meta: {
      id: 'probe',
      kind: 'site',
      description: 'For tests.',
      severity: 'warning',
      messages: { said: '{{what}}' },
    },
    check,
  });

async function run(
  rule: ReturnType<typeof ruleOf>,
  external?: ExternalLinkChecker,
  limit?: { ms: number; passed(what: string): Error },
) {
  const site = await loadSite(tmpSite(FILES));
  const facts = factsReader(site);
  const pass: SitePass = {
    facts,
    frontmatterFacts: facts,
    inScope: () => true,
    anchors: async () => undefined,
    ...(external ? { external } : {}),
  };
  const used: Used = { history: false, external: [] };
  const found = await runSiteRule(rule, modelOf(site), undefined, pass, limit, undefined, used);
  return { used, messages: found.map((f) => f.message) };
}

const answering: ExternalLinkChecker = {
  check: async (urls) => new Map(urls.map((url) => [url, { status: 'ok', detail: 'HTTP 200 (OK)' }] as const)),
};

test('a rule that reads neither history nor context.external uses nothing (its context wrapped for messages or not)', async () => {
  const rule = ruleOf((context) => context.report({ messageId: 'said', data: { what: 'plain' } }));
  expect(await run(rule, answering)).toEqual({ used: { history: false, external: [] }, messages: ['plain'] });
});

test('reading context.external is asking for the network, whether the run has it or not', async () => {
  const rule = ruleOf((context) =>
    context.report({ messageId: 'said', data: { what: context.external ? 'given' : 'absent' } }),
  );
  expect(await run(rule)).toEqual({ used: { history: false, external: ['probe'] }, messages: ['absent'] });
  expect(await run(rule, answering)).toEqual({ used: { history: false, external: ['probe'] }, messages: ['given'] });
});

test('asking for git history is noted (outside a repository too: the answer still depends on it)', async () => {
  const rule = ruleOf(async (context) => {
    const history = await context.site.history(context.pass);
    context.report({ messageId: 'said', data: { what: history.ok ? 'history' : 'no history' } });
  });
  expect(await run(rule)).toEqual({ used: { history: true, external: [] }, messages: ['no history'] });
});

test('the time a rule waits on the network check does not count against the site time limit', async () => {
  // On a clock of the test's own: the checker takes 1,500 ms of it, longer than the whole limit;
  // the rule then asks for a page's facts, which is where a rule past its limit is stopped.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    const slow: ExternalLinkChecker = {
      check: async (urls) => {
        jest.advanceTimersByTime(1500);
        return new Map(urls.map((u) => [u, { status: 'ok', detail: '' }]));
      },
    };
    const waits = ruleOf(async (context) => {
      await context.external!.check(['https://example.com/'], {});
      const facts = await context.facts(context.site.pages.get('index.mdx')!.file);
      context.report({ messageId: 'said', data: { what: String(facts?.frontmatter?.title) } });
    });
    const limit = { ms: 1000, passed: (what: string) => new Error(`time limit passed at ${what}`) };
    expect((await run(waits, slow, limit)).messages).toEqual(['Home']);
    // The same 1,500 ms spent by the rule itself stops it: the limit is applied on this clock.
    const busy = ruleOf(async (context) => {
      jest.advanceTimersByTime(1500);
      await context.facts(context.site.pages.get('index.mdx')!.file);
    });
    await expect(run(busy, slow, limit)).rejects.toThrow('time limit passed at probe (at index.mdx)');
  } finally {
    jest.useRealTimers();
  }
});
