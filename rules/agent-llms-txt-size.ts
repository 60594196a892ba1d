import {
  count,
  defineRule,
  llmsAt,
  servedLlmsTxt,
  sizeLevel,
  sizeOptionsSchema,
  llmsTxtInScope,
  SIZE_LEVELS,
  type SizeOptions,
} from '../src/rule-kit/index.js';

type Options = SizeOptions;

/** Characters of the served llms.txt against agents' truncation limits (the spec's `llms-txt-size`). */
export default defineRule<Options>({
  meta: {
    id: 'agent-llms-txt-size',
    kind: 'site',
    description:
      'The served llms.txt stays under 50,000 characters (agents truncate it past that; past 100,000 most do).',
    severity: 'warning',
    spec: 'llms-txt-size',
    problems: SIZE_LEVELS.problems,
    optionsSchema: sizeOptionsSchema('the file'),
    messages: {
      customWarn:
        'llms.txt is {{size}} characters, over {{limit}}: some agents truncate it; split it into a root index under 50,000 characters that links to one llms.txt per section',
      customFail:
        'llms.txt is {{size}} characters, over {{limit}}: most agents truncate it and miss the pages listed last; split it into a root index under 50,000 characters that links to one llms.txt per section',
      generatedWarn:
        'the llms.txt the platform generates from the navigation is {{size}} characters, over {{limit}}: some agents truncate it; shorten page descriptions, hide pages agents do not need, or write a custom llms.txt that links to one index per section',
      splitWarn:
        'the llms.txt the platform serves is the root index of its generated index ({{whole}} characters, split into {{segments}} indexes under /_llms/), and is {{size}} characters itself, over {{limit}}: some agents truncate it; move pages at the root of the site into folders, or write a custom llms.txt',
      splitFail:
        'the llms.txt the platform serves is the root index of its generated index ({{whole}} characters, split into {{segments}} indexes under /_llms/), and is {{size}} characters itself, over {{limit}}: most agents truncate it; move pages at the root of the site into folders, or write a custom llms.txt',
      generatedFail:
        'the llms.txt the platform generates from the navigation is {{size}} characters, over {{limit}}: most agents truncate it and miss the pages listed last; shorten page descriptions, hide pages agents do not need, or write a custom llms.txt that links to one index per section',
    },
  },
  async check(context) {
    if (!llmsTxtInScope(context.site, context.inScope)) return;
    const served = await servedLlmsTxt(context.site, (file) => context.frontmatterFacts(file));
    if (served.unreadable || (served.file && !context.inScope(served.file))) return;
    const warn = context.options?.warn ?? SIZE_LEVELS.defaults.warn;
    const fail = context.options?.fail ?? SIZE_LEVELS.defaults.fail;
    const chars = served.text.length;
    const level = sizeLevel(chars, warn, fail);
    if (level === 'pass') return;
    const kind = served.custom ? 'custom' : served.split ? 'split' : 'generated';
    const split = served.split && { whole: count(served.split.wholeLength), segments: served.split.segments };
    context.report({
      messageId: `${kind}${level === 'fail' ? 'Fail' : 'Warn'}`,
      data: { size: count(chars), limit: count(level === 'fail' ? fail : warn), ...split },
      at: llmsAt(served),
      problem: level === 'warn' ? 'warn' : undefined,
    });
  },
});
