import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveSiteSettings } from '../../src/config/site-settings.js';
import { REPO } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

/*
 * What settings are made from outside the site (`ResolvedSettings.inputs`): what a run's record
 * (src/cache/run-record.ts) must watch to know the same run would give the same outcome.
 */

const NAMES = ['.doclintrc.json', '.doclintrc.yaml', '.doclintrc.yml', 'doclint.config.json'];

/** Every folder from `dir` up to the file system's root. */
function upwards(dir: string): string[] {
  const out = [dir];
  while (path.dirname(out[out.length - 1]!) !== out[out.length - 1]) out.push(path.dirname(out[out.length - 1]!));
  return out;
}

describe('the inputs of the settings', () => {
  test('outside a repository: `.git` looked for in every folder up, configuration names in the site root only', async () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG });
    const { inputs } = await resolveSiteSettings(root);
    expect(inputs).toEqual({
      probes: [
        ...upwards(root).map((dir) => ({ file: path.join(dir, '.git'), what: 'existence' })),
        ...NAMES.map((name) => ({ file: path.join(root, name), what: 'content' })),
      ],
      modules: false,
    });
    rmSync(root, { recursive: true, force: true });
  });

  test('in a repository: configuration names from the site root up to the repository root; the file found and the files it extends', async () => {
    const repo = tmpSite({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'shared.json': JSON.stringify({ rules: { 'page-link-text': 'off' } }),
      '.doclintrc.yaml': 'extends: ./shared.json\n',
      'docs/docs.json': MINIMAL_CONFIG,
    });
    const root = path.join(repo, 'docs');
    const { inputs } = await resolveSiteSettings(root);
    expect(inputs).toEqual({
      probes: [
        { file: path.join(root, '.git'), what: 'existence' },
        { file: path.join(repo, '.git'), what: 'existence' },
        ...NAMES.map((name) => ({ file: path.join(root, name), what: 'content' })),
        { file: path.join(repo, '.doclintrc.json'), what: 'content' },
        { file: path.join(repo, '.doclintrc.yaml'), what: 'content' },
        { file: path.join(repo, 'shared.json'), what: 'content' },
        { file: path.join(repo, '.doclintrc.yaml'), what: 'content' },
      ],
      modules: false,
    });
    rmSync(repo, { recursive: true, force: true });
  });

  test('a configuration that loads plugins says so (their files are not tracked)', async () => {
    const { inputs } = await resolveSiteSettings(path.join(REPO, 'fixtures/sites/plugins'));
    expect(inputs.modules).toBe(true);
  });

  test('--config: the file named and nothing looked for', async () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'lint.json': '{}' });
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'sub/.doclintrc.json'), '{}');
    const { inputs } = await resolveSiteSettings(root, { configFile: path.join(root, 'lint.json') });
    expect(inputs).toEqual({ probes: [{ file: path.join(root, 'lint.json'), what: 'content' }], modules: false });
    rmSync(root, { recursive: true, force: true });
  });
});
