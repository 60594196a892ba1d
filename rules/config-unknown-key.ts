import { defineRule, describeValue, type UnknownKey } from '../src/rule-kit/index.js';

/** What to tell about a key the platform ignores, by why it does not know it there. */
function messageOf(k: UnknownKey): string {
  const scope = k.owner === undefined ? '' : ` in ${k.owner}`;
  switch (k.reason) {
    case 'api-in-navigation':
      return `unknown key "${k.key}" in navigation; the platform ignores it here: set it on a group, tab or other entry, or in "api.${k.key}"`;
    case 'variations-without-willow':
      return `unknown key "variations" with theme ${describeValue(k.theme)}; only the willow theme supports variations, the platform ignores them`;
    case 'navigation-at-top-level':
      return `unknown key "${k.key}"; it belongs inside "navigation"`;
    case 'navigation-level':
      // An entry of another kind: say where it goes, do not rename it.
      return `unknown key "${k.key}"${scope}; ${/^[aeiou]/.test(k.key) ? 'an' : 'a'} ${k.key} belongs in a "${k.array}" array`;
    case 'unknown':
      return k.closest ? `unknown key "${k.key}"${scope}; did you mean "${k.closest}"?` : `unknown key "${k.key}"${scope}; the platform ignores it`;
  }
}

/** The unknown keys the one schema validation of docs.json (shared by the docs.json rules) found. */
export default defineRule({
  meta: {
    id: 'config-unknown-key',
    kind: 'config',
    description: 'Keys the platform does not know are ignored; they are usually misspellings.',
    severity: 'warning',
    hasSuggestions: true,
    fixNote:
      'Renaming a misspelt key to the platform key it is closest to is a guess: offered as a suggestion, never applied by `--fix` alone, and not offered when that key is already there or the closest key is another word.',
    readsConfigValidation: true,
  },
  async check(context) {
    for (const k of (await context.site.configValidation()).unknownKeys) {
      // Renaming onto a key that is already there would create a duplicate.
      const text = k.closest !== undefined && !k.closestPresent && k.nameRange ? JSON.stringify(k.closest) : undefined;
      context.report({
        message: messageOf(k),
        at: k.place,
        suggestions: text !== undefined && k.nameRange ? [{ desc: `Rename the key to ${text}`, fix: { range: k.nameRange, text } }] : undefined,
      });
    }
  },
});
