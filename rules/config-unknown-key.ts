import { defineRule, describeValue, type MessageData, type UnknownKey } from '../src/rule-kit/index.js';

const MESSAGES = {
  apiInNavigation:
    'unknown key "{{key}}" in navigation; the platform ignores it here: set it on a group, tab or other entry, or in "api.{{key}}"',
  variationsWithoutWillow:
    'unknown key "variations" with theme {{theme}}; only the willow theme supports variations, the platform ignores them',
  navigationAtTopLevel: 'unknown key "{{key}}"; it belongs inside "navigation"',
  // An entry of another kind: say where it goes, do not rename it (`{{article}}`: a or an).
  navigationLevel: 'unknown key "{{key}}"; {{article}} {{key}} belongs in a "{{array}}" array',
  navigationLevelIn: 'unknown key "{{key}}" in {{owner}}; {{article}} {{key}} belongs in a "{{array}}" array',
  unknownClose: 'unknown key "{{key}}"; did you mean "{{closest}}"?',
  unknownCloseIn: 'unknown key "{{key}}" in {{owner}}; did you mean "{{closest}}"?',
  unknown: 'unknown key "{{key}}"; the platform ignores it',
  unknownIn: 'unknown key "{{key}}" in {{owner}}; the platform ignores it',
};

/** What to tell about a key the platform ignores, by why it does not know it there. */
function messageOf(k: UnknownKey): { messageId: keyof typeof MESSAGES; data: MessageData } {
  const key = k.key;
  const owner: MessageData = k.owner === undefined ? {} : { owner: k.owner };
  const inOwner = k.owner === undefined ? '' : 'In';
  switch (k.reason) {
    case 'api-in-navigation':
      return { messageId: 'apiInNavigation', data: { key } };
    case 'variations-without-willow':
      return { messageId: 'variationsWithoutWillow', data: { theme: describeValue(k.theme) } };
    case 'navigation-at-top-level':
      return { messageId: 'navigationAtTopLevel', data: { key } };
    case 'navigation-level':
      return {
        messageId: `navigationLevel${inOwner}`,
        data: { key, ...owner, article: /^[aeiou]/.test(key) ? 'an' : 'a', array: String(k.array) },
      };
    case 'unknown':
      return k.closest
        ? { messageId: `unknownClose${inOwner}`, data: { key, ...owner, closest: k.closest } }
        : { messageId: `unknown${inOwner}`, data: { key, ...owner } };
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
    messages: MESSAGES,
  },
  async check(context) {
    for (const k of (await context.site.configValidation()).unknownKeys) {
      // Renaming onto a key that is already there would create a duplicate.
      const text = k.closest !== undefined && !k.closestPresent && k.nameRange ? JSON.stringify(k.closest) : undefined;
      context.report({
        ...messageOf(k),
        at: k.place,
        suggestions:
          text !== undefined && k.nameRange
            ? [{ desc: `Rename the key to ${text}`, fix: { range: k.nameRange, text } }]
            : undefined,
      });
    }
  },
});
