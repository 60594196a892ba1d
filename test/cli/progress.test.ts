import { spawnSync } from 'node:child_process';
import { BIN } from '../helpers/cli.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

function bigSite(): string {
  const files: Record<string, string> = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE };
  for (let i = 0; i < 60; i++) files[`p${i}.mdx`] = MINIMAL_PAGE;
  return tmpSite(files);
}

describe('progress', () => {
  test('a terminal sees "files done / total" on stderr, erased at the end', () => {
    const available = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
    if (!available) {
      console.log('`script` (util-linux) is not installed: the terminal progress test cannot make a terminal');
      return;
    }
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
    delete env.CI;
    // script(1) gives the command a pseudo-terminal; its stdout is discarded so only stderr shows.
    const result = spawnSync('script', ['-qec', `${process.execPath} ${BIN} --rule site-orphan-page:off ${bigSite()} > /dev/null`, '/dev/null'], {
      encoding: 'utf8',
      env,
    });
    expect(result.stdout).toContain('\rdoclint: 61/61 files');
    expect(result.stdout.endsWith('\r\u001b[K')).toBe(true);
  });

  test('piped output never carries progress', () => {
    const result = spawnSync(process.execPath, [BIN, '--rule', 'site-orphan-page:off', bigSite()], { encoding: 'utf8', env: { ...process.env, CI: '' } });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
  });
});
