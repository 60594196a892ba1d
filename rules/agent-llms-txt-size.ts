import { count, defineRule, llmsAt, servedLlmsTxt, sizeLevel, llmsTxtInScope } from '../src/rule-kit/index.js';

interface Options {
  warn?: number;
  fail?: number;
}

/** Characters of the served llms.txt against agents' truncation limits (the spec's `llms-txt-size`). */
export default defineRule<Options>({
  meta: {
    id: 'agent-llms-txt-size',
    kind: 'site',
    description: 'The served llms.txt stays under 50,000 characters (agents truncate it past that; past 100,000 most do).',
    severity: 'warning',
    spec: 'llms-txt-size',
    problems: {
      warn: { severity: 'info', description: 'between 50,000 and 100,000 characters (the spec\u2019s warn level)' },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        warn: { type: 'integer', minimum: 1, description: 'Characters from which the file is reported as a note (default 50000).' },
        fail: { type: 'integer', minimum: 1, description: 'Characters past which the file is reported as a warning (default 100000).' },
      },
      additionalProperties: false,
    },
  },
  async check(context) {
    if (!llmsTxtInScope(context.site, context.inScope)) return;
    const served = await servedLlmsTxt(context.site, (file) => context.facts(file));
    if (served.unreadable || (served.file && !context.inScope(served.file))) return;
    const warn = context.options?.warn ?? 50_000;
    const fail = context.options?.fail ?? 100_000;
    const chars = served.text.length;
    const level = sizeLevel(chars, warn, fail);
    if (level === 'pass') return;
    const where = served.custom ? 'llms.txt' : 'the llms.txt the platform generates from the navigation';
    const fix = served.custom
      ? 'split it into a root index under 50,000 characters that links to one llms.txt per section'
      : 'shorten page descriptions, hide pages agents do not need, or write a custom llms.txt that links to one index per section';
    context.report({
      message: `${where} is ${count(chars)} characters, over ${count(level === 'fail' ? fail : warn)}: ${level === 'fail' ? 'most agents truncate it and miss the pages listed last' : 'some agents truncate it'}; ${fix}`,
      at: llmsAt(served),
      problem: level === 'warn' ? 'warn' : undefined,
    });
  },
});
