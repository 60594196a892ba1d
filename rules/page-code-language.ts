import {
  classifyCodeContent,
  defineRule,
  toLineEnd,
  type Fix,
  type PageContext,
  type ReportSuggestion,
} from '../src/rule-kit/index.js';

interface Options {
  fixLanguage?: string;
  /** Whether blocks that hold no code are noted (name them `text`); false on a site that never labels output `text`. */
  reportText?: boolean;
}

/** An edit that writes `language` right after the opening fence's backticks or tildes. */
function languageEdit(context: PageContext<Options>, offset: number, language: string): Fix | undefined {
  const fence = /^(`{3,}|~{3,})/.exec(context.text.slice(offset, offset + 64));
  return fence ? { range: [offset + fence[1]!.length, offset + fence[1]!.length], text: language } : undefined;
}

export default defineRule<Options>({
  meta: {
    id: 'page-code-language',
    kind: 'page',
    description:
      'Every fenced code block of code declares its language, also inside CodeGroup, Steps, Tabs and examples.',
    severity: 'warning',
    houseStyle: 'fenceLanguages',
    fixable: true,
    hasSuggestions: true,
    fixNote:
      'The fix writes `text` after the fence of a block that holds no code (the platform renders a block without a language as `text`, so nothing changes on the page) and `json` after one whose content is JSON that parses; with `--fix-code-language LANG`, it writes LANG after the other code blocks. A language guessed from the content (`bash` for shell commands, `yaml`, `python`…) is a suggestion, applied only with `--fix-suggestions`. The code itself is untouched.',
    problems: {
      text: {
        severity: 'info',
        description:
          'a block that holds no code (program output, a prompt, a tree, a URL, prose): `text` says so and renders the same',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        fixLanguage: {
          type: 'string',
          pattern: '^[\\w+#.-]+$',
          description:
            'The language --fix writes after an opening fence of code that names none (set by --fix-code-language).',
        },
        reportText: {
          type: 'boolean',
          description:
            'Note the blocks without a language that hold no code (program output, a tree, prose) and ask for ```text (default true). doclint init sets false on a site that labels no block `text`: there, an unlabelled block of output is the house style.',
        },
      },
      additionalProperties: false,
    },
    messages: {
      noCode: 'code block has no language, and holds no code ({{what}}): name it ```text, which renders the same',
      maybeCode:
        'code block has no language: name its language after the opening fence if it is code, else ```text (it renders as text now)',
      certain: 'code block has no language: it is {{what}}, so name it after the opening fence (```{{language}})',
      likely: 'code block has no language: it looks like {{what}}; name it after the opening fence (```{{language}}?)',
      unknown: 'code block has no language: name it after the opening fence (```bash, ```json, ```python …)',
    },
  },
  check(context) {
    const chosen = context.options?.fixLanguage;
    const reportText = context.options?.reportText !== false;
    for (const { node } of context.index.code) {
      if (node.lang || !node.position) continue;
      const { line, column, offset } = node.position.start;
      const at = toLineEnd(context, line, column);
      const content = classifyCodeContent(node.value);
      if (content.kind !== 'code') {
        if (!reportText) continue;
        // The platform renders a block without a language as `text`: writing it changes nothing on the page.
        context.report({
          ...(content.kind === 'text'
            ? { messageId: 'noCode', data: { what: content.what } }
            : { messageId: 'maybeCode' }),
          at,
          problem: 'text',
          fix: offset === undefined ? undefined : languageEdit(context, offset, 'text'),
        });
        continue;
      }
      const { language, certain, what } = content;
      if (certain && language) {
        context.report({
          messageId: 'certain',
          data: { what: what ?? language, language },
          at,
          fix: offset === undefined ? undefined : languageEdit(context, offset, language),
        });
        continue;
      }
      const fix = chosen && offset !== undefined ? languageEdit(context, offset, chosen) : undefined;
      const guess = language && offset !== undefined ? languageEdit(context, offset, language) : undefined;
      const suggestions: ReportSuggestion[] | undefined =
        guess && language !== chosen ? [{ desc: `Name the language \`${language}\``, fix: guess }] : undefined;
      context.report({
        ...(language ? { messageId: 'likely', data: { what: what ?? language, language } } : { messageId: 'unknown' }),
        at,
        fix,
        suggestions,
      });
    }
  },
});
