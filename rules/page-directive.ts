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
    messages: {
      unknownDirective: 'unknown directive `{{word}}`: it suppresses nothing; write {{words}}',
      unknownDirectiveClose: 'unknown directive `{{word}}`: it suppresses nothing; did you mean `{{close}}`?',
      unknownRule: 'unknown rule `{{id}}` in `doclint-{{kind}}`',
      unknownRuleClose: 'unknown rule `{{id}}` in `doclint-{{kind}}`: did you mean `{{suggestion}}`?',
    },
  },
  check(context) {
    for (const directive of context.directives) {
      if (directive.kind === 'unknown') {
        const close = didYouMean(directive.word!, WORDS);
        if (close)
          context.report({ messageId: 'unknownDirectiveClose', data: { word: directive.word!, close }, at: directive });
        else
          context.report({
            messageId: 'unknownDirective',
            data: { word: directive.word!, words: WORDS.map((w) => `\`${w}\``).join(', ') },
            at: directive,
          });
        continue;
      }
      for (const id of directive.ruleIds) {
        if (context.ruleIds.has(id)) continue;
        const suggestion = didYouMean(id, context.ruleIds);
        const data = { id, kind: directive.kind };
        if (suggestion) context.report({ messageId: 'unknownRuleClose', data: { ...data, suggestion }, at: directive });
        else context.report({ messageId: 'unknownRule', data, at: directive });
      }
    }
  },
});
