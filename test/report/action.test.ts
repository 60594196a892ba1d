import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

interface Step {
  if?: string;
  uses?: string;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(path.join(REPO, 'action.yml'), 'utf8')) as Action;
const lintStep = action.runs.steps.at(-1)!;

/** Runs the action's lint step as the runner would (bash -e -o pipefail), with `source` = this checkout. */
function runStep(inputs: { path?: string; args?: string; version?: string }, cwd: string) {
  const env = {
    ...process.env,
    NO_COLOR: '1',
    DOCLINT_PATH: inputs.path ?? action.inputs.path!.default!,
    DOCLINT_ARGS: inputs.args ?? action.inputs.args!.default!,
    DOCLINT_VERSION: inputs.version ?? 'source',
    DOCLINT_SOURCE: REPO,
  };
  return spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', lintStep.run!], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60000,
  });
}

describe('action.yml', () => {
  test('a composite action with path, args, version and node-version inputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'node-version', 'path', 'version']);
    expect(action.inputs.path!.default).toBe('.');
    // Defaults that work before doclint is on the npm registry, on a maintained Node.js LTS line.
    expect(action.inputs.version!.default).toBe('source');
    expect(action.inputs['node-version']!.default).toBe('24');
    expect(action.runs.steps[0]).toMatchObject({
      uses: 'actions/setup-node@v4',
      with: { 'node-version': '${{ inputs.node-version }}' },
    });
    // Nothing is installed or built: `source` runs the committed build (hook/, scripts/bundle-hook.mjs).
    expect(action.runs.steps.map((step) => step.uses ?? 'run')).toEqual(['actions/setup-node@v4', 'run']);
    expect(lintStep.run).not.toMatch(/npm (ci|install)|npm run/);
    expect(lintStep.run).toContain('source) doclint=(node "$DOCLINT_SOURCE/hook/doclint.cjs") ;;');
    // Inputs go through the environment; the script never interpolates them.
    expect(lintStep.run).not.toContain('${{');
    expect(lintStep.env).toEqual({
      DOCLINT_PATH: '${{ inputs.path }}',
      DOCLINT_ARGS: '${{ inputs.args }}',
      DOCLINT_VERSION: '${{ inputs.version }}',
      DOCLINT_SOURCE: '${{ github.action_path }}',
    });
  });

  test('the lint step prints annotations and fails the step on errors', () => {
    const root = tmpSite({
      'docs.json': MINIMAL_CONFIG,
      'index.mdx': `${MINIMAL_PAGE}\n[here](/index)\n\n[missing](/nowhere)\n`,
    });
    const result = runStep({}, root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    expect(
      result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(0, line.indexOf(' '))),
    ).toEqual(['::warning', '::error']);
    expect(result.stdout).toContain('file=index.mdx,line=');
  });

  test('args are split into arguments, never run as shell code; a --format in args wins', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE });
    const marker = path.join(root, 'injected');
    const injected = runStep({ args: `--max-warnings 0 $(touch ${marker}) ; touch ${marker}` }, root);
    expect(existsSync(marker)).toBe(false);
    expect(injected.status).toBe(2);
    const clean = runStep({ args: '--format json', path: 'index.mdx docs.json' }, root);
    expect(clean.status).toBe(0);
    expect(
      (JSON.parse(clean.stdout) as Array<{ filePath: string }>).map((f) => path.basename(f.filePath)).sort(),
    ).toEqual(['docs.json', 'index.mdx']);
  });
});
