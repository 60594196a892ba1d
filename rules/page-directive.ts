import { defineRule, didYouMean } from '../src/rule-kit/index.js';

const WORDS = ['doclint-disable', 'doclint-enable', 'doclint-disable-line', 'doclint-disable-next-line'];

/** How a directive's reason is quoted in a message about it (at most 80 characters). */
const quoted = (reason: string): string => (reason.length > 80 ? `${reason.slice(0, 77)}...` : reason);

/**
 * Directives that cannot work: an unknown directive word (it suppresses nothing), or a rule id
 * that no rule has; and a directive that suppressed nothing, which only message control can tell
 * once every finding is known (src/engine/message-control.ts): the rule hands over what to report
 * should it be so (`reportIfUnused`).
 */
export default defineRule({
  meta: {
    id: 'page-directive',
    kind: 'page',
    description: 'Inline `doclint-disable` comments are spelt right, name existing rules and suppress something.',
    severity: 'warning',
    notDisableable: true,
    messages: {
      unknownDirective: 'unknown directive `{{word}}`: it suppresses nothing; write {{words}}',
      unknownDirectiveClose: 'unknown directive `{{word}}`: it suppresses nothing; did you mean `{{close}}`?',
      unknownRule: 'unknown rule `{{id}}` in `doclint-{{kind}}`',
      unknownRuleClose: 'unknown rule `{{id}}` in `doclint-{{kind}}`: did you mean `{{suggestion}}`?',
      suppressedNothing: '`doclint-{{kind}}` suppressed nothing: remove it',
      suppressedNothingWhy: '`doclint-{{kind}}` suppressed nothing: remove it (its reason: "{{reason}}")',
      suppressedNoRule: '`doclint-{{kind}}` suppressed no `{{id}}` finding: remove `{{id}}` from it',
      suppressedNoRuleWhy:
        '`doclint-{{kind}}` suppressed no `{{id}}` finding: remove `{{id}}` from it (its reason: "{{reason}}")',
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
      if (directive.kind === 'enable') continue;
      // What to report should the directive (or a rule it names) suppress nothing.
      const reason = directive.reason ? { reason: quoted(directive.reason) } : undefined;
      if (directive.ruleIds.length === 0) {
        const messageId = reason ? 'suppressedNothingWhy' : 'suppressedNothing';
        context.reportIfUnused(directive, { messageId, data: { kind: directive.kind, ...reason }, at: directive });
        continue;
      }
      for (const id of directive.ruleIds) {
        if (!context.ruleIds.has(id)) continue;
        const messageId = reason ? 'suppressedNoRuleWhy' : 'suppressedNoRule';
        context.reportIfUnused(
          directive,
          { messageId, data: { kind: directive.kind, id, ...reason }, at: directive },
          id,
        );
      }
    }
  },
});
