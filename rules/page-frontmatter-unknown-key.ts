import {
  compiledOnce,
  defineRule,
  misspeltFrontmatterField,
  PLATFORM_FRONTMATTER_KEYS,
  REDIRECT_LIKE_KEY,
} from '../src/rule-kit/index.js';

export interface Options {
  /** Front-matter keys of the team's own (read by its tooling, not by the platform): never reported. */
  allow?: string[];
}

/** A key as a message quotes it: shortened past 60 characters. */
const shown = (key: string): string => (key.length > 60 ? `${key.slice(0, 59)}…` : key);

/** Findings per page before the rest are summed up in one note. */
const MAX_REPORTS = 10;

const allowOf = compiledOnce<Options, Set<string>>(
  (options) => new Set(Array.isArray(options?.allow) ? options.allow.map(String) : []),
);

export default defineRule<Options>({
  meta: {
    id: 'page-frontmatter-unknown-key',
    kind: 'page',
    description:
      'Front-matter keys are fields the platform reads (or meta tags, or listed as the team’s own in `allow`).',
    severity: 'info',
    houseStyle: 'frontmatterKeys',
    hasSuggestions: true,
    fixNote:
      'Renaming a key to the platform field it is closest to (`sidebar_title` → `sidebarTitle`) is a guess: offered as a suggestion, never applied by `--fix` alone, and not offered when that field is already there or the key is another name (`versionFrom` is not `version`).',
    problems: {
      misspelt: {
        severity: 'warning',
        description: 'a key that is a misspelling of a platform field (`Title`, `sidebar_title`): the field is not set',
      },
      redirect: {
        severity: 'warning',
        description: 'a `redirect`-like key: front matter does not redirect a page; docs.json `redirects` does',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        allow: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Front-matter keys of the team’s own metadata (read by its tooling), never reported.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      redirect:
        'front matter `{{key}}` does not redirect the page: the platform ignores it; add `{ "source": "/<this page>", "destination": "/<new page>" }` to `redirects` in docs.json instead',
      misspelt:
        'front matter `{{key}}` is not a field of the platform, so it does nothing: did you mean `{{suggestion}}`?',
      unknown:
        "front matter `{{key}}` is not one of the platform's fields (`title`, `description`, `sidebarTitle`, …) nor a meta tag (`og:image`); if it is the team's own metadata, list it in this rule's `allow` option",
      more: "front matter has {{count}} more keys that are not platform fields ({{names}}); if they are the team's own metadata, list them in this rule's `allow` option",
    },
  },
  check(context) {
    const fm = context.frontmatter;
    if (!fm.present || fm.error) return;
    // An Agent Skills file (`SKILL.md`) has the front matter of its own format (`name`, `license`…).
    if (/(?:^|[\\/])skill\.md$/i.test(context.file)) return;
    const allow = allowOf(context.options);
    const unknown = [...fm.fields].filter(
      ([key]) => !PLATFORM_FRONTMATTER_KEYS.has(key) && !allow.has(key) && !key.includes(':'),
    );
    unknown.slice(0, MAX_REPORTS).forEach(([key, field]) => {
      if (REDIRECT_LIKE_KEY.test(key)) {
        context.report({
          messageId: 'redirect',
          data: { key: shown(key) },
          problem: 'redirect',
          at: field.key,
        });
        return;
      }
      // A guess only when the key is the field's name misspelt, word for word: `versionFrom` is a name of its own, not `version`.
      const suggestion = misspeltFrontmatterField(key);
      if (suggestion) {
        const start = context.lines.offset(field.key.line, field.key.column);
        const renamable = !fm.fields.has(suggestion) && context.text.slice(start, start + key.length) === key;
        context.report({
          messageId: 'misspelt',
          data: { key: shown(key), suggestion },
          problem: 'misspelt',
          at: field.key,
          suggestions: renamable
            ? [
                {
                  desc: `Rename the key to \`${suggestion}\``,
                  fix: { range: [start, start + key.length], text: suggestion },
                },
              ]
            : undefined,
        });
        return;
      }
      context.report({
        messageId: 'unknown',
        data: { key: shown(key) },
        at: field.key,
      });
    });
    // A page with many keys of its own gets one note for the rest, not one per key.
    if (unknown.length > MAX_REPORTS) {
      const rest = unknown.slice(MAX_REPORTS);
      const names = rest
        .slice(0, 3)
        .map(([key]) => `\`${shown(key)}\``)
        .join(', ');
      context.report({
        messageId: 'more',
        data: { count: rest.length.toLocaleString('en-US'), names: `${names}${rest.length > 3 ? ', …' : ''}` },
        at: rest[0]![1].key,
      });
    }
  },
});
