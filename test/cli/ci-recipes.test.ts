import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO } from '../helpers/cli.js';
import { git } from '../helpers/git-repo.js';
import { packed } from '../helpers/packed.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

/*
 * Every CI recipe of docs/ci.md, run as its CI would run it on a docs repository that installs
 * doclint the way the page says (the packed tarball in vendor/, in devDependencies): each `run:`
 * step and GitLab `script:` line in bash, doclint's own action by its lint step, checkouts as
 * clones of the repository, and the files the upload steps name must exist afterwards. Nothing
 * reaches the network: `npm ci` is offline with an empty cache, so a recipe that fetches doclint
 * from the registry (`npx --yes doclint`, `npx doclint` without an install) fails here.
 */

const CI_MD = readFileSync(path.join(REPO, 'docs/ci.md'), 'utf8');
const work = tmpSite({});
const version = (JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const TARBALL = `doclint-${version}.tgz`;
const ENV = {
  ...process.env,
  NO_COLOR: '1',
  CI: 'true',
  HOME: path.join(work, 'home'),
  XDG_CACHE_HOME: path.join(work, 'home/.cache'),
  npm_config_cache: path.join(work, 'npm-cache'),
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

interface Block {
  section: string;
  language: string;
  text: string;
}

/** The fenced code blocks of docs/ci.md, each with the heading it is under. */
function blocks(): Block[] {
  const out: Block[] = [];
  let section = '';
  const lines = CI_MD.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,3} (.*)$/.exec(lines[i]!);
    if (heading) section = heading[1]!;
    const fence = /^```(\w*)$/.exec(lines[i]!);
    if (!fence) continue;
    const body: string[] = [];
    while (++i < lines.length && lines[i] !== '```') body.push(lines[i]!);
    out.push({ section, language: fence[1]!, text: body.join('\n') });
  }
  return out;
}

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | number>;
}

/** What a recipe does, in order: shell commands, the action, checkouts into a folder, uploads. */
type Action =
  | { kind: 'run'; command: string }
  | { kind: 'action'; with: Record<string, string> }
  | { kind: 'checkout'; path: string }
  | { kind: 'upload'; file: string };

function stepActions(steps: Step[]): Action[] {
  const out: Action[] = [];
  for (const step of steps) {
    const uses = step.uses?.split('@')[0];
    if (step.run !== undefined) out.push({ kind: 'run', command: step.run });
    else if (uses === 'doclint/doclint')
      out.push({
        kind: 'action',
        with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)])),
      });
    else if (uses === 'actions/checkout' && step.with?.path !== undefined)
      out.push({ kind: 'checkout', path: String(step.with.path) });
    else if (uses === 'actions/upload-artifact') out.push({ kind: 'upload', file: String(step.with!.path) });
    else if (uses === 'github/codeql-action/upload-sarif')
      out.push({ kind: 'upload', file: String(step.with!.sarif_file) });
    else if (!['actions/checkout', 'actions/setup-node', 'actions/cache'].includes(uses ?? ''))
      throw new Error(`a step this test does not know: ${JSON.stringify(step)}`);
  }
  return out;
}

/** A code block as the steps its CI would take (none for a block that is not a recipe). */
function recipe(block: Block): Action[] {
  if (block.language === 'sh') return block.text.split('\n').map((command) => ({ kind: 'run' as const, command }));
  const value = parse(block.text) as unknown;
  if (Array.isArray(value)) return stepActions(value as Step[]);
  const github = value as { jobs?: Record<string, { steps: Step[] }> };
  if (github.jobs) return Object.values(github.jobs).flatMap((job) => stepActions(job.steps));
  // GitLab: jobs with a script, and the reports they keep.
  const gitlab = value as Record<string, { script?: string[]; artifacts?: { reports?: Record<string, string> } }>;
  return Object.values(gitlab).flatMap((job) => [
    ...(job.script ?? []).map((command) => ({ kind: 'run' as const, command })),
    ...Object.values(job.artifacts?.reports ?? {}).map((file) => ({ kind: 'upload' as const, file })),
  ]);
}

const RECIPES = blocks().filter(
  (b) => (b.language === 'yaml' || b.language === 'sh') && b.section !== 'Installing doclint for CI',
);

/** GitHub's expressions in the recipes, as a pull request into main would have them. */
function expand(text: string): string {
  const out = text.replace(/\$\{\{ github\.base_ref \}\}/g, 'main');
  if (out.includes('${{')) throw new Error(`an expression this test does not know: ${out}`);
  return out;
}

/** The docs repository: a clean site under docs/, doclint in devDependencies from vendor/, a pull request's branch. */
function docsRepository(): string {
  // The run's one `npm pack` of the build (test/helpers/packed.ts).
  const { tarball } = packed();
  const origin = path.join(work, 'origin');
  mkdirSync(path.join(origin, 'docs'), { recursive: true });
  mkdirSync(path.join(origin, 'vendor'));
  copyFileSync(tarball, path.join(origin, 'vendor', TARBALL));
  writeFileSync(path.join(origin, 'package.json'), JSON.stringify({ name: 'a-docs-site', private: true }, null, 2));
  writeFileSync(path.join(origin, '.gitignore'), 'node_modules/\n');
  writeFileSync(path.join(origin, 'docs/docs.json'), MINIMAL_CONFIG);
  writeFileSync(path.join(origin, 'docs/index.mdx'), MINIMAL_PAGE);
  const install = spawnSync('npm', ['install', '--save-dev', `./vendor/${TARBALL}`], {
    cwd: origin,
    env: ENV,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm install failed: ${install.stderr}`);
  git(origin, 'init', '-q', '-b', 'main');
  git(origin, 'config', 'user.email', 'writer@example.com');
  git(origin, 'config', 'user.name', 'Writer');
  git(origin, 'add', '-A');
  git(origin, 'commit', '-qm', 'docs');
  git(origin, 'checkout', '-qb', 'feature');
  writeFileSync(path.join(origin, 'docs/index.mdx'), `${MINIMAL_PAGE}\nMore text.\n`);
  git(origin, 'commit', '-qam', 'a change');
  return origin;
}

describe('docs/ci.md', () => {
  test('every npx of a recipe runs the installed doclint (never fetches one)', () => {
    const npx = RECIPES.flatMap((block) =>
      recipe(block).flatMap((a) => (a.kind === 'run' ? [...a.command.matchAll(/\bnpx .*/g)].map((m) => m[0]) : [])),
    );
    expect(npx.length).toBe(6);
    for (const command of npx) expect(command).toMatch(/^npx --no-install doclint /);
  });

  test('each recipe runs on a docs repository as its CI would, offline', () => {
    expect(RECIPES.map((b) => b.section)).toEqual([
      'The action',
      'SARIF and code scanning',
      'An HTML report as an artifact',
      'Pull requests: lint what the branch changed',
      'A nightly check of external links',
      'Pull requests from forks: the configuration is code',
      'GitLab CI',
      'GitLab CI',
      'Other CI systems',
    ]);
    const origin = docsRepository();
    const lintStep = (
      parse(readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as { runs: { steps: Step[] } }
    ).runs.steps.at(-1)!.run!;
    const ran: string[] = [];
    RECIPES.forEach((block, n) => {
      const workspace = path.join(work, `run-${n}`);
      expect(git(work, 'clone', '-q', '--branch', 'feature', origin, workspace).status).toBe(0);
      for (const action of recipe(block)) {
        let result;
        if (action.kind === 'checkout') {
          expect(git(workspace, 'clone', '-q', '--branch', 'feature', origin, action.path).status).toBe(0);
          continue;
        } else if (action.kind === 'upload') {
          expect([block.section, action.file, existsSync(path.join(workspace, action.file))]).toEqual([
            block.section,
            action.file,
            true,
          ]);
          continue;
        } else if (action.kind === 'action') {
          const env = {
            ...ENV,
            DOCLINT_PATH: action.with.path ?? '.',
            DOCLINT_ARGS: expand(action.with.args ?? ''),
            DOCLINT_VERSION: action.with.version ?? 'source',
            DOCLINT_SOURCE: REPO,
          };
          result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', lintStep], {
            cwd: workspace,
            env,
            encoding: 'utf8',
            timeout: 120000,
          });
          ran.push(`${block.section}: doclint/doclint ${action.with.args ?? ''}`.trim());
        } else {
          const command = expand(action.command);
          result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], {
            cwd: workspace,
            env: ENV,
            encoding: 'utf8',
            timeout: 180000,
          });
          ran.push(`${block.section}: ${command}`);
        }
        // The site is clean: every step passes.
        expect({ step: ran.at(-1), status: result.status, stderr: result.status === 0 ? '' : result.stderr }).toEqual({
          step: ran.at(-1),
          status: 0,
          stderr: '',
        });
      }
    });
    expect(ran.filter((r) => /\bdoclint\b/.test(r)).length).toBe(9);
  }, 900000);
});
