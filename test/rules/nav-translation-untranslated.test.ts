import { siteRuleTester } from '../helpers/site-rule-tester.js';

const page = (title: string, description?: string) =>
  `---\ntitle: ${title}\n${description === undefined ? '' : `description: ${description}\n`}---\n\n## Body\n`;
const nav = (...languages: Array<[string, string[]]>) =>
  JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: {
        languages: languages.map(([language, pages]) => ({ language, groups: [{ group: language, pages }] })),
      },
    },
    null,
    2,
  );
const NEXT =
  "translate it, or list the page or the phrase in this rule's `ignore` option if it stays in English on purpose";

siteRuleTester('nav-translation-untranslated', {
  valid: [
    {
      name: 'a Chinese title and description',
      files: {
        'docs.json': nav(['en', ['index', 'setup']], ['zh', ['zh/index', 'zh/setup']]),
        'setup.mdx': page('Set up the CLI', 'Install the CLI and sign in to your account.'),
        'zh/index.mdx': page('首页', '文档概览。'),
        'zh/setup.mdx': page('安装 CLI', '安装 CLI 并登录你的账户。'),
      },
    },
    {
      name: 'names kept in English: one word, or no English function word',
      files: {
        'docs.json': nav(
          ['en', ['index', 'quickstart', 'mcp']],
          ['es', ['es/index', 'es/quickstart', 'es/mcp']],
          ['ja', ['ja/index', 'ja/quickstart', 'ja/mcp']],
        ),
        'quickstart.mdx': page('Quickstart', 'Firecrawl'),
        'mcp.mdx': page('MCP Server', 'Deep Research API'),
        'es/index.mdx': page('Inicio', 'Resumen.'),
        'es/quickstart.mdx': page('Quickstart', 'Firecrawl'),
        'es/mcp.mdx': page('MCP Server', 'Deep Research API'),
        'ja/index.mdx': page('ホーム', '概要。'),
        'ja/quickstart.mdx': page('Quickstart', 'Firecrawl'),
        'ja/mcp.mdx': page('MCP Server', 'Deep Research API'),
      },
    },
    {
      name: 'a Latin-script translation that changed the English words is not compared further',
      files: {
        'docs.json': nav(['en', ['index', 'setup']], ['fr', ['fr/index', 'fr/setup']]),
        'setup.mdx': page('Set up the CLI'),
        'fr/index.mdx': page('Accueil'),
        'fr/setup.mdx': page('Installer la CLI'),
      },
    },
    {
      name: 'a page without a translation, and a language whose script is not known',
      files: {
        'docs.json': nav(
          ['en', ['index', 'setup', 'deploy']],
          ['es', ['es/index', 'es/setup']],
          ['xx', ['xx/index', 'xx/setup']],
        ),
        'setup.mdx': page('Set up the CLI'),
        'deploy.mdx': page('Deploy to production'),
        'es/index.mdx': page('Inicio'),
        'es/setup.mdx': page('Configurar la CLI'),
        'xx/index.mdx': page('Index'),
        'xx/setup.mdx': page('Set up the CLI'),
      },
    },
    {
      name: 'the ignore option: a translated page by its path, or a phrase kept in English',
      options: { ignore: ['zh/setup.mdx', 'sign in with github'] },
      files: {
        'docs.json': nav(
          ['en', ['index', 'setup', 'login']],
          ['zh', ['zh/index', 'zh/setup', 'zh/login']],
          ['de', ['de/index', 'de/login']],
        ),
        'setup.mdx': page('Set up the CLI'),
        'login.mdx': page('Sign in with GitHub'),
        'zh/index.mdx': page('首页'),
        'zh/setup.mdx': page('Set up the CLI'),
        'zh/login.mdx': page('Sign in with GitHub.'),
        'de/index.mdx': page('Start'),
        'de/login.mdx': page('Sign in with GitHub'),
      },
    },
  ],
  invalid: [
    {
      name: 'language codes named like built-in properties (`constructor`, `__proto__`) are unknown languages: the real findings stay',
      files: {
        'docs.json': nav(
          ['en', ['index', 'setup']],
          ['constructor', ['constructor/index', 'constructor/setup']],
          ['__proto__', ['__proto__/index', '__proto__/setup']],
          ['zh', ['zh/index', 'zh/setup']],
        ),
        'setup.mdx': page('Set up the CLI'),
        'constructor/index.mdx': page('Index'),
        'constructor/setup.mdx': page('Set up the CLI'),
        '__proto__/index.mdx': page('Index'),
        '__proto__/setup.mdx': page('Set up the CLI'),
        'zh/index.mdx': page('首页', '文档概览。'),
        'zh/setup.mdx': page('Set up the CLI', '安装 CLI。'),
      },
      errors: [
        {
          file: 'zh/setup.mdx',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 22,
          severity: 'warning',
          messageId: 'english',
          data: {
            field: 'title',
            language: 'zh',
            text: 'Set up the CLI',
            source: 'setup.mdx',
            script: 'Chinese characters',
          },
          message: `the title of this \`zh\` page has no Chinese characters and reads as English: "Set up the CLI" (source \`setup.mdx\`); ${NEXT}`,
        },
      ],
    },
    {
      name: 'a Chinese page whose title is English prose, on its `title` line',
      files: {
        'docs.json': nav(['en', ['index', 'setup']], ['zh', ['zh/index', 'zh/setup']]),
        'setup.mdx': page('Set up the CLI'),
        'zh/index.mdx': page('首页', '文档概览。'),
        'zh/setup.mdx': page('Set up the CLI', '安装 CLI。'),
      },
      errors: [
        {
          file: 'zh/setup.mdx',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 22,
          severity: 'warning',
          messageId: 'english',
          data: {
            field: 'title',
            language: 'zh',
            text: 'Set up the CLI',
            source: 'setup.mdx',
            script: 'Chinese characters',
          },
          message: `the title of this \`zh\` page has no Chinese characters and reads as English: "Set up the CLI" (source \`setup.mdx\`); ${NEXT}`,
        },
      ],
    },
    {
      name: 'the ignore option silences only the pages and phrases it lists',
      options: { ignore: ['ru/login.mdx', 'Sign in with GitHub'] },
      files: {
        'docs.json': nav(['en', ['index', 'setup', 'login']], ['ru', ['ru/index', 'ru/setup', 'ru/login']]),
        'setup.mdx': page('Set up the CLI'),
        'login.mdx': page('Log in to your account'),
        'ru/index.mdx': page('Главная'),
        'ru/setup.mdx': page('Set up the CLI'),
        'ru/login.mdx': page('Log in to your account'),
      },
      errors: [
        {
          file: 'ru/setup.mdx',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 22,
          message: `the title of this \`ru\` page has no Cyrillic letters and reads as English: "Set up the CLI" (source \`setup.mdx\`); ${NEXT}`,
        },
      ],
    },
    {
      name: 'a Spanish page whose title is its English source word for word (case and punctuation aside)',
      files: {
        'docs.json': nav(['en', ['index', 'setup']], ['es', ['es/index', 'es/setup']]),
        'setup.mdx': page('Set up the CLI'),
        'es/index.mdx': page('Inicio', 'Resumen.'),
        'es/setup.mdx': page('"Set up the CLI."', 'Instalar la CLI.'),
      },
      errors: [
        {
          file: 'es/setup.mdx',
          line: 2,
          column: 1,
          endLine: 2,
          endColumn: 25,
          messageId: 'sameAsSource',
          message: `the title of this \`es\` page is left in English as in its source \`setup.mdx\`: "Set up the CLI."; ${NEXT}`,
        },
      ],
    },
    {
      name: 'a description left in English, written over two lines; the default language in a folder of its own',
      files: {
        'docs.json': nav(
          ['en', ['en/index', 'en/setup']],
          ['ja', ['ja/index', 'ja/setup']],
          ['pt-BR', ['pt-BR/index', 'pt-BR/setup']],
        ),
        'en/index.mdx': page('Home'),
        'en/setup.mdx': page('Set up', 'Install the CLI and sign in to your account.'),
        'ja/index.mdx': page('ホーム', '概要。'),
        'ja/setup.mdx':
          '---\ntitle: セットアップ\ndescription: >-\n  Install the CLI and sign in\n  to your account.\n---\n\n## 本文\n',
        'pt-BR/index.mdx': page('Início', 'Resumo.'),
        'pt-BR/setup.mdx': page('Configuração', 'Install the CLI and sign in to your account.'),
      },
      errors: [
        {
          file: 'ja/setup.mdx',
          line: 3,
          column: 1,
          endLine: 5,
          endColumn: 19,
          message: `the description of this \`ja\` page has no Japanese characters and reads as English: "Install the CLI and sign in to your account." (source \`en/setup.mdx\`); ${NEXT}`,
        },
        {
          file: 'pt-BR/setup.mdx',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 58,
          message: `the description of this \`pt-BR\` page is left in English as in its source \`en/setup.mdx\`: "Install the CLI and sign in to your account."; ${NEXT}`,
        },
      ],
    },
  ],
});
