import {
  compiledOnce,
  defineRule,
  ignorePatterns,
  isAgentInstructionFile,
  isGeneratedFile,
} from '../src/rule-kit/index.js';

export interface Options {
  /** The fields every page must have (default: `title` and `description`). */
  required?: string[];
  /** gitignore-style patterns of pages a script writes, besides those it recognises (a `generated` folder, a marker comment). */
  generated?: string[];
}

const DEFAULT_REQUIRED = ['title', 'description'];
/** Pages generated from a spec take their title and description from it. */
const FROM_SPEC = ['openapi', 'asyncapi'];
const FROM_SPEC_FIELDS = new Set(['title', 'description']);

const requiredOf = compiledOnce<Options, string[]>((options) =>
  Array.isArray(options?.required)
    ? options.required.filter((k): k is string => typeof k === 'string' && k !== '')
    : DEFAULT_REQUIRED,
);

const generatedOf = compiledOnce<Options, ReturnType<typeof ignorePatterns>>((options) =>
  ignorePatterns().add(
    Array.isArray(options?.generated) ? options.generated.filter((p): p is string => typeof p === 'string') : [],
  ),
);

/**
 * Fields a page should have: by default a `title` (else the platform makes one from the file name)
 * and a `description` (the summary search engines, link previews and llms.txt show). Pages a
 * script writes (in a `generated` folder, marked by a comment at their top, or matched by the
 * `generated` option) are left alone: a field added by hand lasts until the next run.
 */
export default defineRule<Options>({
  meta: {
    id: 'page-frontmatter-required',
    kind: 'page',
    description:
      'Every page sets the front-matter fields the site requires (by default a non-empty `title` and `description`).',
    severity: 'warning',
    houseStyle: 'descriptions',
    runOnSyntaxError: true,
    optionsSchema: {
      type: 'object',
      properties: {
        required: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          uniqueItems: true,
          description: 'The fields every page must set, not empty (default: ["title", "description"]).',
        },
        generated: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description:
            'gitignore-style patterns of pages a script writes (`sdk/reference/**`): left alone, as are pages in a `generated` folder or marked by a comment at their top; the script is the place to add the fields.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      noFrontmatter: 'page has no front matter: start it with a `---` block that sets {{fields}}',
      missing: 'front matter has no `{{key}}`: add `{{key}}: …`',
      empty: "front matter `{{key}}` is empty: write the page's {{key}}",
    },
  },
  check(context) {
    // An instruction file for coding agents is no page to complete: site-orphan-page says to keep it out of the site.
    if (context.unreadable || context.isSnippet || isAgentInstructionFile(context.file)) return;
    // An Agent Skills file (`SKILL.md`) has the front matter of its own format (`name`, `description`).
    if (/(?:^|[\\/])skill\.md$/i.test(context.file)) return;
    const fm = context.frontmatter;
    // Front matter that does not parse is page-frontmatter's finding.
    if (fm.error) return;
    const required = requiredOf(context.options);
    if (required.length === 0) return;
    // A generated page is rewritten by its script: the fields belong there, not in the page.
    const relative = context.relative;
    if (
      relative !== undefined
        ? generatedOf(context.options).ignores(relative) || isGeneratedFile(relative, context.text)
        : isGeneratedFile('page.mdx', context.text)
    )
      return;
    if (!fm.present) {
      context.report({
        messageId: 'noFrontmatter',
        data: { fields: required.map((k) => `\`${k}\``).join(' and ') },
        at: { line: 1, column: 1, endLine: 1, endColumn: 1 },
      });
      return;
    }
    // Only an endpoint written as text names a page made from a spec: a number or a list there is
    // page-frontmatter's error, and the page still needs its own title and description.
    const fromSpec = FROM_SPEC.some((key) => typeof fm.fields.get(key)?.value === 'string');
    // A page whose `url` sends its navigation entry to another address is a link: only its title shows.
    const link = (() => {
      const url = fm.fields.get('url')?.value;
      return typeof url === 'string' && url.trim() !== '';
    })();
    for (const key of required) {
      if (fromSpec && FROM_SPEC_FIELDS.has(key)) continue;
      if (link && key === 'description') continue;
      const field = fm.fields.get(key);
      if (!field) {
        context.report({ messageId: 'missing', data: { key }, at: fm.opening });
        continue;
      }
      const value = field.value;
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
        context.report({ messageId: 'empty', data: { key }, at: field.key });
      }
    }
  },
});
