import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO } from '../helpers/cli.js';

/*
 * Built-in rules import only src/rule-kit. What they import beyond its published part
 * (src/rule-kit/public.ts, which plugins get from `doclint`) is listed here by name, each with
 * the reason it is not published (the groups of docs/writing-rules.md, "What built-in rules use
 * beyond the API", and of the comment atop src/rule-kit/index.ts). A rule that starts using
 * another name fails this test until the name is published or listed here.
 */

const INTERNAL: Record<string, { reason: string; names: string[] }> = {
  platform: {
    reason:
      'platform data (components and attributes, icons, slugs and anchors, the files it publishes, redirects): it follows each platform version, so publishing it would make a platform update a breaking change',
    names: [
      'CALLOUT_COMPONENTS',
      'COMMON_ATTRIBUTES',
      'COMPONENT_ATTRIBUTES',
      'PARAM_LOCATIONS',
      'PLATFORM_COMPONENT_SET',
      'isBlockElement',
      'DEFAULT_ICON_LIBRARY',
      'FONT_AWESOME_STYLES',
      'ICON_LIBRARY_NAMES',
      'iconLibraryOf',
      'iconVerdict',
      'isIconImage',
      'siteIcons',
      'suggestIcon',
      'accordionIdClashes',
      'isCanvasMode',
      'isAgentInstructionFile',
      'isGeneratedFile',
      'SNIPPET_EXTENSIONS',
      'resolveImport',
      'isDefaultVariant',
      'isPattern',
      'pathPattern',
      'MAX_REDIRECT_HOPS',
      'PLATFORM_FRONTMATTER_KEYS',
      'REDIRECT_LIKE_KEY',
      'misspeltFrontmatterField',
      'anchorIn',
      'decodeFragment',
      'IdSet',
      'ownIds',
      'quickIds',
      'shownIds',
      'fieldAnchorVerdict',
      'isFieldAnchor',
      'pageOperationFields',
    ],
  },
  family: {
    reason:
      'shared by a family of built-in rules so that they agree (llms.txt, page and tab sizes, code fences, translations, the icon rules’ `pro` option): its shape follows those rules’ options and messages',
    names: [
      'HOSTS_OPTION',
      'SCOPED_LLMS',
      'duplicateTitles',
      'SIZE_LEVELS',
      'SizeOptions',
      'count',
      'customLlmsTxt',
      'llmsAt',
      'llmsSiteHosts',
      'llmsTxtInScope',
      'readLlmsTxt',
      'servedLlmsTxt',
      'siteHosts',
      'siteLinkPath',
      'sizeLevel',
      'sizeOptionsSchema',
      'outermostTabbed',
      'tabGroups',
      'fenceProblems',
      'markdownCodeBlocks',
      'counterpartRoute',
      'languageSets',
      'languagesMissingFromVersions',
      'missingLanguagePointer',
      'unpairedNote',
      'frontmatterFieldPlaces',
      'PRO_ICON_OPTIONS_SCHEMA',
      'PRO_ICON_PROBLEM',
      'ProIconOptions',
      'reportsProIcons',
    ],
  },
  heuristics: {
    reason:
      'heuristics built-in findings are tuned with (name suggestions for the platform’s vocabularies, what a code block holds, how a value or scope is described): they change whenever a message is improved',
    names: ['suggestName', 'classifyCodeContent', 'describeValue', 'scopeName'],
  },
  package: {
    reason: 'another package (`ignore`): a plugin depends on it itself, at the version it chooses',
    names: ['ignorePatterns'],
  },
};

const rel = (file: string) => path.relative(REPO, file).split(path.sep).join('/');
const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The names a module exports by `export { … } from` and `export type { … } from` (all public.ts holds). */
function publishedNames(file: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(file).statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const clause = statement.exportClause;
    if (!clause || !ts.isNamedExports(clause))
      throw new Error(`${rel(file)}: export * is not read by this test; name what is published`);
    for (const element of clause.elements) names.add(element.name.text);
  }
  return names;
}

/** The names each rule of rules/ imports from src/rule-kit (as the rule kit exports them). */
function ruleKitImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  const dir = path.join(REPO, 'rules');
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    for (const statement of parse(path.join(dir, name)).statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      if (!/\/src\/rule-kit\/index\.js$/.test(statement.moduleSpecifier.text)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        used.set(imported, [...(used.get(imported) ?? []), name.slice(0, -3)]);
      }
    }
  }
  return used;
}

describe('what built-in rules use of the rule kit beyond the published API', () => {
  const published = publishedNames(path.join(REPO, 'src/rule-kit/public.ts'));
  const used = ruleKitImports();
  const listed = new Map(Object.values(INTERNAL).flatMap((group) => group.names.map((n) => [n, group.reason])));

  test('every name a rule uses beyond src/rule-kit/public.ts is listed here with its reason', () => {
    const unlisted = [...used]
      .filter(([name]) => !published.has(name) && !listed.has(name))
      .map(
        ([name, rules]) =>
          `${name} (used by ${rules.join(', ')}): publish it in src/rule-kit/public.ts and docs/writing-rules.md, or list it in test/meta/rule-kit.test.ts with the reason plugins do not get it`,
      );
    expect(unlisted).toEqual([]);
  });

  test('the list holds no name that is published, or that no rule uses', () => {
    const stale = [...listed.keys()].flatMap((name) =>
      published.has(name)
        ? [`${name}: published; remove it from the list`]
        : used.has(name)
          ? []
          : [`${name}: no rule uses it; remove it from the list`],
    );
    expect(stale).toEqual([]);
  });

  test('the imports of the rules are read (so the checks above can fail)', () => {
    expect(used.get('defineRule')?.length).toBeGreaterThan(50);
    expect([...used.keys()].filter((n) => published.has(n)).length).toBeGreaterThan(10);
    expect(published.has('resolveSitePath') && published.has('RuleMeta')).toBe(true);
  });
});
