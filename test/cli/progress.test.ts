import { spawnSync } from 'node:child_process';
import { BIN } from '../helpers/cli.js';
import { commandMissing, testIf } from '../helpers/needs.js';
import { MINIMAL_CONFIG, MINIMAL_PAGE, tmpSite } from '../helpers/tmp-site.js';

function bigSite(): string {
  const files: Record<string, string> = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': MINIMAL_PAGE };
  for (let i = 0; i < 60; i++) files[`p${i}.mdx`] = MINIMAL_PAGE;
  return tmpSite(files);
}

describe('progress', () => {
  // script(1) makes the terminal; without it the test cannot.
  testIf(commandMissing('script', 'it is in util-linux (apt-get install -y util-linux)'))(
    'a terminal sees "files done / total" on stderr, erased at the end',
    () => {
      const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
      delete env.CI;
      // script(1) gives the command a pseudo-terminal; its stdout is discarded so only stderr shows.
      const result = spawnSync(
        'script',
        ['-qec', `${process.execPath} ${BIN} --rule site-orphan-page:off ${bigSite()} > /dev/null`, '/dev/null'],
        {
          encoding: 'utf8',
          env,
        },
      );
      expect(result.stdout).toContain('\rdoclint: 61/61 files');
      expect(result.stdout.endsWith('\r\u001b[K')).toBe(true);
    },
  );

  test('piped output never carries progress', () => {
    const result = spawnSync(process.execPath, [BIN, '--rule', 'site-orphan-page:off', bigSite()], {
      encoding: 'utf8',
      env: { ...process.env, CI: '' },
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
  });
});
