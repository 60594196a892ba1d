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
    'a terminal sees "pages done / total" on stderr, erased at the end; the summary counts the same pages',
    () => {
      const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
      delete env.CI;
      // script(1) gives the command a pseudo-terminal: stderr (the progress), then stdout (the summary).
      const result = spawnSync(
        'script',
        ['-qec', `${process.execPath} ${BIN} --rule site-orphan-page:off ${bigSite()}`, '/dev/null'],
        {
          encoding: 'utf8',
          env,
        },
      );
      const out = result.stdout.replace(/\r\n/g, '\n');
      expect(out).toContain('\rdoclint: 61/61 pages');
      // One count of pages: the progress line's, and the summary's beside docs.json.
      expect(out.endsWith('\r\u001b[K✔ No problems found in 62 files (61 pages).\n')).toBe(true);
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
