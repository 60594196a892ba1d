import { rmSync } from 'node:fs';
import path from 'node:path';
import { lint } from '../../src/commands/lint.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * A rule with `meta.notDisableable` (page-mdx-syntax): no inline directive silences its findings,
 * so a page that was not read right cannot pass a run behind a `doclint-disable`.
 */

const FRONT = (title: string) => `---\ntitle: ${title}\ndescription: A page of the test site.\n---\n\n`;
const CONFIG = JSON.stringify({
  theme: 'mint',
  name: 'Directives',
  colors: { primary: '#0A7A5E' },
  navigation: { groups: [{ group: 'Start', pages: ['all', 'named'] }] },
});
const LATIN1 = (title: string, before: string) =>
  Buffer.concat([Buffer.from(`${FRONT(title)}${before}Caf`), Buffer.from([0xe9]), Buffer.from(' au lait.\n')]);

test('doclint-disable, for every rule or naming page-mdx-syntax, leaves its finding in place', async () => {
  const root = tmpSite({
    'docs.json': CONFIG,
    'all.mdx': LATIN1('All rules', '{/* doclint-disable */}\n\n'),
    'named.mdx': LATIN1('One rule', '{/* doclint-disable-next-line page-mdx-syntax */}\n'),
  });
  try {
    const run = await lint({ paths: [root], cwd: root });
    const shown = run.diagnostics.map((d) => ({
      file: path.basename(d.file),
      at: [d.line, d.column, d.endLine, d.endColumn],
      ruleId: d.ruleId,
      severity: d.severity,
      message: d.message,
    }));
    const invalid = 'the file is not valid UTF-8 here: the bytes read as U+FFFD (�); save the page as UTF-8';
    expect(shown).toEqual([
      { file: 'all.mdx', at: [8, 4, 8, 5], ruleId: 'page-mdx-syntax', severity: 'error', message: invalid },
      { file: 'named.mdx', at: [7, 4, 7, 5], ruleId: 'page-mdx-syntax', severity: 'error', message: invalid },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
