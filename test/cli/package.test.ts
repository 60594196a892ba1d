import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspClient, uriOf } from '../lsp/client.js';
import { REPO, runCli } from '../helpers/cli.js';
import { packed as packedPackage } from '../helpers/packed.js';
import { MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * The published package, as a user gets it: `npm pack` of this build, installed from the tarball
 * into an empty project with no network (`--offline`, an empty npm cache). The package is the
 * bundle: it installs one package and nothing else, and everything the bundle loads at run time
 * (worker threads, the precompiled schema validator and ajv's compiler when it is missing, plugins
 * and remark plugins from the user's project, the language server, the MCP server) works from it.
 */

const work = mkdtempSync(path.join(os.tmpdir(), 'doclint-package-'));
const project = path.join(work, 'project');
const installed = path.join(project, 'node_modules/doclint');
const bin = path.join(project, 'node_modules/.bin/doclint');
let tarball = '';
let packed: { files: Array<{ path: string }>; unpackedSize: number } = { files: [], unpackedSize: 0 };

function npm(args: string[], cwd: string) {
  const result = spawnSync('npm', args, {
    cwd,
    encoding: 'utf8',
    timeout: 120000,
    env: {
      ...process.env,
      npm_config_cache: path.join(work, 'npm-cache'),
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    },
  });
  if (result.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed (${result.status}): ${result.error?.message ?? ''}${result.stderr}`);
  return result.stdout;
}

/** Runs the installed command line (its bin link, with this node). */
function installedCli(args: string[], cwd = project) {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Findings without the absolute paths, which differ between a site and its copy. */
interface Finding {
  file: string;
  ruleId: string;
  severity: number;
  line: number;
  message: string;
}
const findings = (stdout: string, root: string): Finding[] =>
  (JSON.parse(stdout) as Array<{ filePath: string; messages: Array<Record<string, unknown>> }>).flatMap((f) =>
    f.messages.map((m) => ({ ...(m as unknown as Finding), file: path.relative(root, f.filePath) })),
  );

beforeAll(() => {
  // The run's one `npm pack` of the build (test/helpers/packed.ts).
  const info = packedPackage();
  tarball = info.tarball;
  packed = info;
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'a-docs-site', private: true }));
  npm(['install', '--offline', '--no-package-lock', tarball], project);
}, 180000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed tarball', () => {
  test('holds the bundle, the schema, the rule pages and the licences; no compiled sources, no dependencies', () => {
    const files = packed.files.map((f) => f.path);
    for (const file of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/doclint.js',
      'bin/package.json',
      'bin/code-cache.cjs',
      'dist/bundle/replay.cjs',
      'dist/bundle/main.cjs',
      'dist/bundle/page-worker.cjs',
      'dist/bundle/page-worker-start.cjs',
      'dist/bundle/THIRD-PARTY-NOTICES.txt',
      'dist/remark/index.js',
      'dist/remark/THIRD-PARTY-NOTICES.txt',
      'schema/docs.schema.json',
      'schema/docs.validator.cjs',
      'schema/doclintrc.schema.json',
      'docs/rules/page-link-text.md',
    ]) {
      expect(files).toContain(file);
    }
    // The public API (package.json "exports"): its ES modules and their declarations; doclint/remark's bundle.
    for (const file of [
      'dist/api/index.js',
      'dist/types/src/api/index.d.ts',
      'dist/types/vendor/@types/mdast/index.d.ts',
    ])
      expect(files).toContain(file);
    expect(
      files.filter(
        (f) => !/^(LICENSE|README\.md|package\.json|bin\/|dist\/(bundle|api|remark|types)\/|schema\/|docs\/)/.test(f),
      ),
    ).toEqual([]);
    expect(files.filter((f) => f.startsWith('dist/') && !/^dist\/(bundle|api|remark|types)\//.test(f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(REPO, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  test("the README's list of bundled packages and their licences is the bundle's; each licence text ships beside it", () => {
    const check = spawnSync(process.execPath, [path.join(REPO, 'scripts/licenses.mjs'), '--check'], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    const notices = readFileSync(path.join(installed, 'dist/bundle/THIRD-PARTY-NOTICES.txt'), 'utf8');
    for (const name of ['unified', 'micromark', 'ajv', 'yaml', 'vscode-languageserver', '@scalar/openapi-parser'])
      expect(notices).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+.* \\((MIT|ISC)\\)$`, 'm'));
    expect(notices).toContain('Permission is hereby granted, free of charge');
  });

  test('installs one package, a few MB, from the tarball alone', () => {
    expect(readdirSync(path.join(project, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual([
      'doclint',
    ]);
    const size = (dir: string): number =>
      readdirSync(dir, { withFileTypes: true }).reduce(
        (sum, entry) =>
          sum + (entry.isDirectory() ? size(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
        0,
      );
    expect(size(installed)).toBe(packed.unpackedSize);
    // About 4.1 MB for the command line (with the MCP server's SDK and the icon sets' names), 2 MB for
    // the API (its ES modules hold a second copy of the engine the RuleTester runs rules through: the
    // command line's bundle is CommonJS) and its declarations, 0.8 MB for doclint/remark (ES modules
    // too, with the page rules); 7.5 MB in all.
    expect(packed.unpackedSize).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('a clone without its build', () => {
  test('says in one line what to run, exit 2, no stack trace', () => {
    const clone = tmpSite({
      'package.json': JSON.stringify({ name: 'doclint', type: 'module' }),
      'bin/doclint.js': readFileSync(path.join(REPO, 'bin/doclint.js'), 'utf8'),
      'bin/package.json': readFileSync(path.join(REPO, 'bin/package.json'), 'utf8'),
    });
    const result = spawnSync(process.execPath, [path.join(clone, 'bin/doclint.js'), '--version'], { encoding: 'utf8' });
    expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: the build is missing (dist/bundle/main.cjs): run `npm run build` in the doclint folder\n',
    });
  });
});

describe('the installed command line', () => {
  test('lints the example site clean, and prints its version', () => {
    expect(installedCli([path.join(REPO, 'fixtures/example')])).toEqual({ code: 0, stdout: '', stderr: '' });
    const version = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
    expect(installedCli(['--version']).stdout.trim()).toBe(version);
  });

  test("a plugin and a remark-lint rule resolved from the site's project give the findings the repository's build gives", () => {
    const site = path.join(REPO, 'fixtures/sites/plugins');
    const ours = installedCli(['-f', 'json', site]);
    const repo = runCli(['-f', 'json', site]);
    expect(ours.stderr).toBe('');
    expect(ours.code).toBe(1);
    expect(findings(ours.stdout, site).map((m) => m.ruleId)).toEqual([
      'acme/group-size',
      'acme/no-todo',
      'remark-lint/maximum-line-length',
    ]);
    expect(ours.stdout).toBe(repo.stdout);
  });

  test('runs pages on a worker thread of the bundle: a pathological page gets the pre-scan finding there', () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'T',
        colors: { primary: '#0A7A5E' },
        navigation: { pages: ['index', 'stars'] },
      }),
      'index.mdx': MINIMAL_PAGE,
      // A run of `*_` the parser would take tens of seconds over: found before parsing.
      'stars.mdx':
        '---\ntitle: Stars\ndescription: A page of the test site.\n---\n\nIntro.\n\n' + '*_'.repeat(40000) + '\n',
      '.doclintrc.json': JSON.stringify({ rules: { 'config-color-contrast': 'off' } }),
    });
    const result = installedCli(['-f', 'json', '--threads', '1', root]);
    expect(result.stderr).toBe('');
    expect(
      findings(result.stdout, root).map(({ file, ruleId, severity, line, message }) => ({
        file,
        ruleId,
        severity,
        line,
        message,
      })),
    ).toEqual([
      {
        file: 'stars.mdx',
        ruleId: 'page-mdx-syntax',
        severity: 2,
        line: 8,
        message: expect.stringMatching(/^this paragraph has 80,000 emphasis markers /),
      },
    ]);
  });

  test('without the precompiled validator, the bundled ajv compiles the schema and finds the same problems', () => {
    const root = tmpSite({
      'docs.json': JSON.stringify(
        {
          theme: 'minty',
          name: 'T',
          colors: { primary: 'green' },
          navigation: { pages: ['index'] },
          integrations: { ga4: { measurementId: 'UA-1' } },
        },
        null,
        2,
      ),
      'index.mdx': MINIMAL_PAGE,
    });
    const before = installedCli(['-f', 'json', root]);
    expect(before.code).toBe(1);
    expect(findings(before.stdout, root).filter((m) => m.ruleId === 'config-schema').length).toBeGreaterThanOrEqual(3);
    rmSync(path.join(installed, 'schema/docs.validator.cjs'));
    const after = installedCli(['-f', 'json', root]);
    expect(after.stderr).toBe('');
    expect(after.stdout).toBe(before.stdout);
  });

  test('`lsp --stdio` starts and publishes diagnostics for an opened page', async () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'T',
        colors: { primary: '#0A7A5E' },
        navigation: { pages: ['index'] },
      }),
      'index.mdx': MINIMAL_PAGE + '\nRead more [here](/index).\n',
    });
    const client = await LspClient.start({ command: [bin, 'lsp', '--stdio'] });
    try {
      const page = path.join(root, 'index.mdx');
      const published = await client.open(page);
      expect(published.uri).toBe(uriOf(page));
      expect(
        published.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)}`),
      ).toEqual(['9:10 page-link-text']);
    } finally {
      await client.stop();
    }
  });
});

describe('the installed MCP server', () => {
  test('`mcp` starts from the bundle (the SDK inside it) and answers a lint call with the same findings', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const root = tmpSite({
      'docs.json': JSON.stringify({
        theme: 'mint',
        name: 'T',
        colors: { primary: '#0A7A5E' },
        navigation: { pages: ['index'] },
      }),
      'index.mdx': MINIMAL_PAGE + '\nRead more [here](/index).\n',
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(
      // The environment in full (the SDK passes only HOME, PATH and a few more): the run's temporary
      // XDG folders, so that the server's cache is not in the home folder.
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'mcp'],
        cwd: root,
        env: process.env as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    try {
      const result = (await client.callTool({ name: 'lint', arguments: { paths: ['.'] } })) as {
        structuredContent?: { findings: Array<Record<string, unknown>> };
      };
      expect(
        result.structuredContent?.findings.map(
          (f) => `${String(f.file)}:${String(f.line)}:${String(f.column)} ${String(f.ruleId)}`,
        ),
      ).toEqual(['index.mdx:10:11 page-link-text']);
    } finally {
      await client.close();
    }
  });
});

describe('the installed doclint/remark', () => {
  test('imports from the package alone (exports "./remark") and runs as a unified preset', () => {
    // The host's packages (unified, remark-parse, remark-mdx, remark-stringify) from the repository; the preset from the installed tarball.
    const host = (pkg: string) => JSON.stringify(pathToFileURL(path.join(REPO, 'node_modules', pkg, 'index.js')).href);
    const script = path.join(project, 'remark-check.mjs');
    writeFileSync(
      script,
      `import { unified } from ${host('unified')};\nimport remarkParse from ${host('remark-parse')};\nimport remarkMdx from ${host('remark-mdx')};\nimport remarkStringify from ${host('remark-stringify')};\n` +
        "import preset, { pageTodoMarker } from 'doclint/remark';\n" +
        "const file = await unified().use(remarkParse).use(remarkMdx).use(preset).use(pageTodoMarker, ['error']).use(remarkStringify).process('---\\ntitle: A\\ndescription: B\\n---\\n\\n## Start {#go}\\n\\nTODO: more.\\n');\n" +
        'console.log(JSON.stringify(file.messages.map((m) => [m.line, m.column, m.source, m.ruleId, m.fatal, m.url])));\n',
    );
    const result = spawnSync(process.execPath, [script], { cwd: project, encoding: 'utf8', timeout: 60000 });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([
      [
        8,
        1,
        'doclint',
        'page-todo-marker',
        true,
        'https://github.com/doclint/doclint/blob/main/docs/rules/page-todo-marker.md',
      ],
    ]);
  });
});
