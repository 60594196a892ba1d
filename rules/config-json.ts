import { defineRule } from '../src/rule-kit/index.js';

/** The syntax and `$ref` problems the loader found in docs.json and the files it pulls in. */
export default defineRule({
  meta: {
    id: 'config-json',
    kind: 'config',
    description: 'docs.json (and every file it pulls in with "$ref") must be well-formed JSON.',
    severity: 'error',
    // The one docs.json rule with something to say about a docs.json that does not parse.
    independentOfConfig: true,
    // The loader's own words (the parser's error, where a `$ref` leads).
    messages: { syntax: '{{message}}' },
  },
  check(context) {
    for (const problem of context.config.diagnostics)
      context.report({ messageId: 'syntax', data: { message: problem.message }, at: problem });
  },
});
