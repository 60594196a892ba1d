import { defineRule, didYouMean } from '../src/rule-kit/index.js';

const WORDS = ['doclint-disable', 'doclint-enable', 'doclint-disable-line', 'doclint-disable-next-line'];

/**
 * Directives that cannot work: an unknown directive word (it suppresses nothing), or a rule id
 * that no rule has. A directive that suppressed nothing is reported under this rule's id by
 * message control, which applies the directives (src/engine/message-control.ts).
 */
export default defineRule({
  meta: {
    id: 'page-directive',
    kind: 'page',
    description: 'Inline `doclint-disable` comments are spelt right, name existing rules and suppress something.',
    severity: 'warning',
    reportsUnusedDirectives: true,
    notDisableable: true,
  },
  check(context) {
    for (const directive of context.directives) {
      if (directive.kind === 'unknown') {
        const close = didYouMean(directive.word!, WORDS);
        context.report({
          message: `unknown directive \`${directive.word}\`: it suppresses nothing; ${close ? `did you mean \`${close}\`?` : `write ${WORDS.map((w) => `\`${w}\``).join(', ')}`}`,
          at: directive,
        });
        continue;
      }
      for (const id of directive.ruleIds) {
        if (context.ruleIds.has(id)) continue;
        const suggestion = didYouMean(id, context.ruleIds);
        context.report({
          message: `unknown rule \`${id}\` in \`doclint-${directive.kind}\`${suggestion ? `: did you mean \`${suggestion}\`?` : ''}`,
          at: directive,
        });
      }
    }
  },
});
