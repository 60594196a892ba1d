/*
 * Drift test: which files doclint takes for pages, snippets and the rest (src/platform/files.ts,
 * src/site/inventory.ts) against the platform's own code, the pinned @mintlify/common and
 * @mintlify/prebuild:
 * - `DEFAULT_IGNORES` against `DEFAULT_MINT_IGNORES`, and the ignore rules in use (with a
 *   `.mintignore`) against `isMintIgnored`;
 * - `categorize` against `getFileCategory`, on generated paths, with and without imported files;
 * - `resolveImport` against `resolveImportPath`;
 * - whole sites written to disk: doclint's inventory (`loadInventory`: the file list, `importLines`,
 *   `resolveImport`, `categorize`) against the platform's build step that lists and sorts the
 *   files (`getFileList`, `categorizeFilePaths`, which also collects the imports: its own
 *   line scan of `import` statements is not exported, so it is compared through this).
 * The platform's categories map onto doclint's: `page`; `snippet` and `snippet-v2` → snippet;
 * `docsConfig`, `mintConfig`, `mintIgnore` → config; `generatedStaticFile` → generated; anything
 * else (static files, specs, skill files, files it drops) → other.
 */
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import ignore from 'ignore';
import {
  categorize,
  DEFAULT_IGNORES,
  GENERATED_FILES,
  resolveImport,
  SNIPPET_EXTENSIONS,
  type FileCategory,
} from '../../src/platform/files.js';
import { loadIgnores, loadInventory } from '../../src/site/inventory.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { sample } from './generators.js';
import { common, platformMissingReason, platformModule } from './platform.js';
import { testIf } from '../helpers/needs.js';

const reason = platformMissingReason();
const maybe = testIf(reason);

const SEED = 20250615;

interface IgnoreModule {
  DEFAULT_MINT_IGNORES: string[];
  isMintIgnored(path: string, globs?: string[], isDirectory?: boolean): boolean;
  processMintIgnoreString(content: string): string[];
}
type PlatformCategory = string | null;
interface CategoryModule {
  getFileCategory(path: string, options?: { importedFiles?: Set<string> }): PlatformCategory;
}
interface ResolveModule {
  resolveImportPath(source: string, importer: string): string | null;
}
interface Categorized {
  contentFilenames: string[];
  snippets: string[];
  snippetsV2: string[];
}
interface PrebuildModules {
  categorizeFilePaths(root: string, mintIgnore: string[]): Promise<Categorized>;
  getFileList(root: string, og: string, mintIgnore: string[]): AsyncGenerator<string>;
  getMintIgnore(root: string): Promise<string[]>;
}

let ignores: IgnoreModule;
let categories: CategoryModule;
let resolver: ResolveModule;
let prebuild: PrebuildModules;

beforeAll(async () => {
  if (reason) return;
  ignores = await common<IgnoreModule>('mintIgnore.js');
  categories = await common<CategoryModule>('getFileCategory.js');
  resolver = await common<ResolveModule>('mdx/snippets/resolveImportPath.js');
  const categorize = await platformModule<Pick<PrebuildModules, 'categorizeFilePaths'>>(
    '@mintlify/prebuild',
    'dist/prebuild/categorizeFilePaths.js',
  );
  const fs = await platformModule<Pick<PrebuildModules, 'getFileList'>>('@mintlify/prebuild', 'dist/fs/index.js');
  const utils = await platformModule<Pick<PrebuildModules, 'getMintIgnore'>>('@mintlify/prebuild', 'dist/utils.js');
  prebuild = {
    categorizeFilePaths: categorize.categorizeFilePaths,
    getFileList: fs.getFileList,
    getMintIgnore: utils.getMintIgnore,
  };
}, 180_000);

/** The platform's category in doclint's terms. */
function mapped(category: PlatformCategory): FileCategory {
  switch (category) {
    case 'page':
      return 'page';
    case 'snippet':
    case 'snippet-v2':
      return 'snippet';
    case 'docsConfig':
    case 'mintConfig':
    case 'mintIgnore':
      return 'config';
    case 'generatedStaticFile':
      return 'generated';
    default:
      return 'other';
  }
}

// ---------------------------------------------------------------------------------------------
// Paths

const FOLDERS = [
  '',
  '',
  'docs/',
  'Docs/Guides/',
  'snippets/',
  'Snippets/',
  'snippets/deep/',
  '_snippets/',
  'guides/snippets/',
  'x/_snippets/',
  '.mintlify/',
  '.mintlify/skills/',
  '.mintlify/skills/tool/',
  '.github/',
  '.git/',
  '.vscode/',
  '.cursor/',
  '.claude/',
  '.agents/',
  '.idea/',
  '.hidden/',
  '_private/',
  'node_modules/pkg/',
  'a/node_modules/',
  'api/',
  'images/',
];
const NAMES = [
  'index',
  'page',
  'Intro',
  'readme',
  'README',
  'license',
  'LICENSE',
  'contributing',
  'CONTRIBUTING',
  'contribute',
  'changelog',
  'CHANGELOG',
  'skill',
  'SKILL',
  'docs',
  'mint',
  'llms',
  'robots',
  'sitemap',
  'llms-full',
  'favicon',
  'openapi',
  'style',
  'a.b',
  '.hidden',
];
const EXTENSIONS = [
  '.mdx',
  '.mdx',
  '.md',
  '.MDX',
  '.Md',
  '.jsx',
  '.tsx',
  '.js',
  '.ts',
  '.json',
  '.yaml',
  '.yml',
  '.css',
  '.png',
  '.svg',
  '.txt',
  '.xml',
  '.pdf',
  '.mp4',
  '.woff2',
  '.zip',
  '.html',
  '.csv',
  '',
];
const EXACT = [
  'docs.json',
  'mint.json',
  '.mintignore',
  'a/docs.json',
  'llms.txt',
  'robots.txt',
  'sitemap.xml',
  'llms-full.txt',
  'skill.md',
  'SKILL.md',
];

const pathArbitrary = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...NAMES), fc.constantFrom(...EXTENSIONS))
      .map(([d, n, e]) => `${d}${n}${e}`),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...FOLDERS), fc.constantFrom(...EXACT)).map(([d, n]) => `${d}${n}`),
  },
);

/** (source, importer) pairs that doclint and the platform resolve differently. */
function resolveDifferences(cases: ReadonlyArray<readonly [string, string]>) {
  return cases.flatMap(([source, importer]) => {
    const expected = resolver.resolveImportPath(source, importer) ?? undefined;
    const actual = resolveImport(source, importer);
    return actual === expected ? [] : [{ source, importer, platform: expected, doclint: actual }];
  });
}

/**
 * A site written to disk, listed and sorted by the platform's build step and by doclint's
 * inventory: what only one of them has, by kind (undefined when they agree).
 */
async function compareSite(
  files: Record<string, string>,
): Promise<Record<string, { platformOnly: string[]; doclintOnly: string[] }> | undefined> {
  const root = tmpSite(files);
  try {
    const mintIgnore = await prebuild.getMintIgnore(root);
    const listed: string[] = [];
    for await (const file of prebuild.getFileList(root, root, mintIgnore)) listed.push(file.replace(/^\//, ''));
    const sorted = await prebuild.categorizeFilePaths(root, mintIgnore);
    const platform = {
      files: listed,
      pages: sorted.contentFilenames.map((f) => f.replace(/^\//, '')),
      snippets: [...sorted.snippets, ...sorted.snippetsV2]
        .map((f) => f.replace(/^\//, ''))
        .filter((f) => /\.mdx?$/i.test(f)),
    };
    const inventory = await loadInventory(root);
    const entries = [...inventory.pages.values()];
    const doclint = {
      files: [...inventory.files],
      pages: entries.filter((e) => !e.isSnippet).map((e) => e.relative),
      snippets: entries.filter((e) => e.isSnippet).map((e) => e.relative),
    };
    const difference = Object.fromEntries(
      (['files', 'pages', 'snippets'] as const).flatMap((key) => {
        const platformOnly = platform[key].filter((f) => !doclint[key].includes(f)).sort();
        const doclintOnly = doclint[key].filter((f) => !platform[key].includes(f)).sort();
        return platformOnly.length || doclintOnly.length ? [[key, { platformOnly, doclintOnly }]] : [];
      }),
    );
    return Object.keys(difference).length ? difference : undefined;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Small sites, each on one rule of how the platform tells snippets from pages. */
const CURATED_SITES: ReadonlyArray<readonly [string, Record<string, string>]> = [
  [
    'a page imported by another is a snippet',
    { 'index.mdx': "import Part from '/docs/part.mdx';\n\n# Home\n", 'docs/part.mdx': 'Part.\n' },
  ],
  [
    'relative import, other case',
    { 'docs/index.mdx': "import Part from '../Guides/Part.MDX';\n\n# Home\n", 'guides/part.mdx': 'Part.\n' },
  ],
  [
    'root snippets folders, jsx anywhere',
    {
      'snippets/a.mdx': 'A.\n',
      '_snippets/b.mdx': 'B.\n',
      'components/c.jsx': 'export const C = () => null;\n',
      'index.mdx': '# Home\n',
    },
  ],
  [
    'an import in fenced code is no import',
    { 'index.mdx': "```mdx\nimport Part from '/docs/part.mdx'\n```\n\n# Home\n", 'docs/part.mdx': 'Part.\n' },
  ],
  [
    'an import statement over several lines',
    { 'index.mdx': "import {\n  A,\n} from '/docs/part.mdx';\n\n# Home\n", 'docs/part.mdx': 'export const A = 1;\n' },
  ],
  [
    'a prose line that reads like an import, in a file with a line starting "import" that is not one',
    {
      'index.mdx': "import statements go first.\n\nimport the page from '/docs/part.mdx' when needed.\n",
      'docs/part.mdx': 'Part.\n',
    },
  ],
  [
    'readme, license and contributing files are not pages',
    {
      'README.md': '# R\n',
      'docs/readme.md': '# R\n',
      'contribute.md': '# C\n',
      'LICENSE.md': '# L\n',
      'changelog.mdx': '# C\n',
    },
  ],
  [
    'ignored folders and a .mintignore',
    {
      '.mintignore': 'drafts/\n/internal\n',
      'drafts/a.mdx': '# A\n',
      'internal/b.mdx': '# B\n',
      'x/internal/c.mdx': '# C\n',
      '.github/d.md': '# D\n',
      'node_modules/e.mdx': '# E\n',
    },
  ],
];

// ---------------------------------------------------------------------------------------------
// Sites

/** The files a generated site may hold (markdown and code files get generated imports). */
const SITE_FILES = [
  'index.mdx',
  'quickstart.md',
  'docs/intro.mdx',
  'docs/Guide.mdx',
  'docs/part.mdx',
  'docs/nested/deep.md',
  'guides/snippets/shared.mdx',
  'snippets/note.mdx',
  'snippets/Card.jsx',
  'Snippets/upper.mdx',
  '_snippets/legacy.mdx',
  'components/Widget.tsx',
  'components/widget.jsx',
  'README.md',
  'docs/readme.md',
  'CHANGELOG.md',
  'changelog.mdx',
  'LICENSE.md',
  'contribute.md',
  'skill.md',
  '.mintlify/skills/tool/SKILL.md',
  '.mintlify/notes.mdx',
  '.mintlify/settings.json',
  '.hidden/page.mdx',
  '_private/page.mdx',
  'node_modules/pkg/readme.mdx',
  '.github/workflow.md',
  'drafts/wip.mdx',
  'internal/secret.mdx',
  'x/internal/kept.mdx',
  'a.draft.mdx',
  'keep.draft.mdx',
  'images/logo.png',
  'llms.txt',
  'style.css',
  'favicon.svg',
  'docs.json',
];

/** How a file imports another (source written as `{}`), or text that looks like an import. */
const IMPORT_FORMS = [
  "import Part from '{}';",
  'import Part from "{}"',
  "import { A, B } from '{}'",
  "import * as All from '{}'",
  "import '{}';",
  "import Part from '{}'; import Other from '/snippets/note.mdx';",
  "import {\n  A,\n  B,\n} from '{}';",
  "import Part\n  from '{}';",
  "```mdx\nimport Part from '{}'\n```",
  "~~~\nimport Part from '{}'\n~~~",
  "  import Part from '{}'",
  "import the page from '{}' when needed.",
  'import statements go first.',
  "<Note>\nimport Part from '{}'\n</Note>",
];

/** What a file writes to name another: root-relative, relative, other case, no extension. */
function sourceFor(target: string, importer: string): fc.Arbitrary<string> {
  const dir = importer.includes('/') ? importer.slice(0, importer.lastIndexOf('/')) : '';
  const depth = dir === '' ? 0 : dir.split('/').length;
  const relative = `${depth === 0 ? './' : '../'.repeat(depth)}${target}`;
  return fc.constantFrom(
    `/${target}`,
    `/${target}`,
    relative,
    `/${target.toUpperCase()}`,
    `/${target.replace(/\.\w+$/, '')}`,
    `./${target}`,
    'react',
  );
}

function siteArbitrary(): fc.Arbitrary<Record<string, string>> {
  return fc.tuple(fc.subarray(SITE_FILES, { minLength: 4 }), fc.boolean()).chain(([files, withMintignore]) => {
    const importers = files.filter((f) => /\.(mdx|md|jsx|tsx)$/i.test(f));
    const imports = importers.map((importer) =>
      fc
        .array(
          fc
            .tuple(fc.constantFrom(...IMPORT_FORMS), fc.constantFrom(...files))
            .chain(([form, target]) => sourceFor(target, importer).map((src) => form.replace('{}', src))),
          { maxLength: 3 },
        )
        .map((lines) => [importer, lines] as const),
    );
    return fc.tuple(...imports).map((entries) => {
      const site: Record<string, string> = {};
      for (const f of files) site[f] = f.endsWith('.json') ? '{}' : f.endsWith('.png') ? 'png' : 'content\n';
      for (const [importer, lines] of entries) {
        const code = /\.(jsx|tsx)$/.test(importer);
        site[importer] =
          `${lines.join('\n\n')}\n\n${code ? 'export const Component = () => <div>Hi</div>;' : '# Title\n\nText.'}\n`;
      }
      if (withMintignore) site['.mintignore'] = 'drafts/\n*.draft.mdx\n!keep.draft.mdx\n/internal\n';
      return site;
    });
  });
}

describe('files: doclint against the platform', () => {
  maybe("DEFAULT_IGNORES is the platform's DEFAULT_MINT_IGNORES, in order", () => {
    expect([...DEFAULT_IGNORES]).toEqual(ignores.DEFAULT_MINT_IGNORES);
  });

  maybe(
    "GENERATED_FILES and SNIPPET_EXTENSIONS are the platform's generatedStaticFiles and SNIPPET_EXTENSIONS",
    async () => {
      const generated = (await common<{ generatedStaticFiles: string[] }>('getFileCategory.js')).generatedStaticFiles;
      const extensions = (await common<{ SNIPPET_EXTENSIONS: string[] }>('mdx/snippets/constants.js'))
        .SNIPPET_EXTENSIONS;
      expect([...GENERATED_FILES].sort()).toEqual([...generated].sort());
      expect([...SNIPPET_EXTENSIONS].sort()).toEqual([...extensions].sort());
    },
  );

  maybe(
    'the ignore rules in use (defaults and a .mintignore) ignore what the platform ignores (3,000 generated paths)',
    async () => {
      const mintignore =
        '# drafts\ndrafts/\n*.draft.mdx\n!keep.draft.mdx\n/internal\n  spaced.mdx  \nDocs/Secret.mdx\n';
      const root = tmpSite({ '.mintignore': mintignore });
      try {
        const ours = await loadIgnores(root);
        const globs = ignores.processMintIgnoreString(mintignore);
        const extra = fc.tuple(
          fc.constantFrom('', 'x/', 'drafts/', 'internal/', 'x/internal/', 'docs/'),
          fc.constantFrom('a.draft.mdx', 'keep.draft.mdx', 'spaced.mdx', 'Secret.mdx', 'a.mdx'),
        );
        const paths = sample(
          fc.oneof(
            pathArbitrary,
            extra.map(([d, n]) => `${d}${n}`),
          ),
          3000,
          SEED,
        );
        const differing = paths.flatMap((p) => {
          const expected = ignores.isMintIgnored(p, globs);
          const actual = ours.ignores(p);
          return actual === expected ? [] : [{ path: p, platform: expected, doclint: actual }];
        });
        expect(differing).toEqual([]);
        // The defaults alone, as doclint builds them for a site without a .mintignore.
        const defaults = ignore().add([...DEFAULT_IGNORES]);
        expect(paths.filter((p) => defaults.ignores(p) !== ignores.isMintIgnored(p))).toEqual([]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  maybe("categorize is the platform's getFileCategory, nothing imported (3,000 generated paths)", () => {
    const paths = [...EXACT, ...sample(pathArbitrary, 3000, SEED + 1)];
    const differing = paths.flatMap((p) => {
      const expected = mapped(categories.getFileCategory(p, { importedFiles: new Set() }));
      const actual = categorize(p, new Set());
      return actual === expected ? [] : [{ path: p, platform: expected, doclint: actual }];
    });
    expect(differing).toEqual([]);
  });

  maybe(
    "categorize is the platform's getFileCategory, with imported files (3,000 generated paths, with and without a leading slash)",
    () => {
      const cases = sample(
        fc
          .tuple(pathArbitrary, fc.array(pathArbitrary, { maxLength: 4 }), fc.boolean(), fc.boolean())
          .map(([p, others, importSelf, slash]) => {
            const imported = new Set([...others, ...(importSelf ? [p] : [])].map((o) => `/${o.toLowerCase()}`));
            return { path: slash ? `/${p}` : p, imported };
          }),
        3000,
        SEED + 2,
      );
      const differing = cases.flatMap(({ path, imported }) => {
        const expected = mapped(categories.getFileCategory(path, { importedFiles: imported }));
        const actual = categorize(path, imported);
        return actual === expected ? [] : [{ path, imported: [...imported], platform: expected, doclint: actual }];
      });
      expect(differing).toEqual([]);
    },
  );

  maybe("resolveImport is the platform's resolveImportPath (curated sources and importers)", () => {
    const cases: Array<[string, string]> = [
      ['/snippets/a.mdx', 'docs/page.mdx'],
      ['/snippets/a.mdx', '/docs/page.mdx'],
      ['./a.mdx', 'docs/page.mdx'],
      ['../a.mdx', 'docs/page.mdx'],
      ['../../../a.mdx', 'docs/page.mdx'],
      ['./A/../b/./c.mdx', 'Docs/page.mdx'],
      ['/snippets//a.mdx', 'page.mdx'],
      ['./a/', 'docs/page.mdx'],
      ['./', 'docs/page.mdx'],
      ['lodash', 'page.mdx'],
      ['react', 'page.mdx'],
      ['@scope/pkg', 'page.mdx'],
      ['.', 'page.mdx'],
      ['..', 'page.mdx'],
    ];
    expect(resolveDifferences(cases)).toEqual([]);
  });

  maybe("resolveImport is the platform's resolveImportPath (3,000 generated sources and importers)", () => {
    const segment = fc.constantFrom('a', 'B', 'snippets', '..', '.', '', 'x.mdx', 'Part.MDX', 'c.jsx');
    const source = fc
      .tuple(fc.constantFrom('/', './', '../', '../../', '', 'pkg/', '@scope/'), fc.array(segment, { maxLength: 4 }))
      .map(([p, s]) => p + s.join('/'));
    const importer = fc
      .tuple(fc.constantFrom('', '/'), fc.array(fc.constantFrom('docs', 'a', 'B', '_snippets'), { maxLength: 3 }))
      .map(([p, s]) => `${p}${[...s, 'page.mdx'].join('/')}`);
    const differing = resolveDifferences(sample(fc.tuple(source, importer), 3000, SEED + 3));
    expect({ count: differing.length, first: differing.slice(0, 5) }).toEqual({ count: 0, first: [] });
  });

  maybe(
    `whole sites: the files, pages and snippets are the platform's (${CURATED_SITES.length} curated sites)`,
    async () => {
      const differing: unknown[] = [];
      for (const [name, site] of CURATED_SITES) {
        const difference = await compareSite(site);
        if (difference) differing.push({ name, difference, site });
      }
      expect(differing).toEqual([]);
    },
  );

  maybe(
    "whole sites: the files, pages and snippets are the platform's (40 generated sites)",
    async () => {
      const differing: unknown[] = [];
      for (const site of sample(siteArbitrary(), 40, SEED + 4)) {
        const difference = await compareSite(site);
        if (difference) differing.push({ difference, site });
      }
      expect({ count: differing.length, first: differing.slice(0, 2) }).toEqual({ count: 0, first: [] });
    },
    60_000,
  );
});
