import { defineRule } from '../src/rule-kit/index.js';

/** Findings of the one schema validation of docs.json (shared by the docs.json rules) that are this rule's. */
export default defineRule({
  meta: {
    id: 'config-unknown-key',
    kind: 'config',
    description: 'Keys the platform does not know are ignored; they are usually misspellings.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'Renaming a misspelt key to the platform key it is closest to is a guess: offered as a suggestion, never applied by `--fix` alone, and not offered when that key is already there or the closest key is another word.',
  },
  async check(context) {
    for (const f of await context.site.configValidation()) {
      if (f.ruleId === context.ruleId) context.report({ message: f.message, at: f, suggestions: f.suggestions });
    }
  },
});
