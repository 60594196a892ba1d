// agent-llms-txt-size: the levels of its agent-readiness check, pass (no finding), warn (a note: problem `warn`) and
// fail (a warning), each with its exact finding.
import { config, LLMS, page } from '../helpers/agent-site.js';
import { siteRuleTester } from '../helpers/site-rule-tester.js';

/** A site whose generated llms.txt is past 100,000 characters: 200 pages under guides/, 150 under api/, each with a long description. */
const bigSite = (): Record<string, string> => {
  const files: Record<string, string> = {};
  const routes: string[] = ['index'];
  files['index.mdx'] = page('Home');
  for (const [folder, n] of [
    ['guides', 200],
    ['api', 150],
  ] as const)
    for (let i = 0; i < n; i++) {
      routes.push(`${folder}/p${i}`);
      files[`${folder}/p${i}.mdx`] = `---\ntitle: Page ${i}\ndescription: ${'word '.repeat(58)}end\n---\n\nText.\n`;
    }
  files['docs.json'] = config({}, routes);
  return files;
};

siteRuleTester('agent-llms-txt-size', {
  valid: [
    {
      name: 'pass: under the warn threshold',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Q](/index.md)\n` },
      options: { warn: 100, fail: 200 },
    },
    {
      name: 'pass: a generated index past 100,000 characters is served as a root index of /_llms/ indexes, which is short',
      files: bigSite(),
    },
  ],
  invalid: [
    {
      name: 'warn: between the thresholds',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): ${'x'.repeat(80)}\n` },
      options: { warn: 100, fail: 200 },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'info',
          message:
            'llms.txt is 146 characters, over 100: some agents truncate it; split it into a root index under 50,000 characters that links to one llms.txt per section',
        },
      ],
    },
    {
      name: 'fail: a custom llms.txt past 100,000 characters is served whole',
      files: { 'docs.json': config(), 'llms.txt': `${LLMS}- [Quickstart](/index.md): ${'x'.repeat(100_000)}\n` },
      errors: [
        {
          file: 'llms.txt',
          line: 1,
          column: 1,
          severity: 'warning',
          messageId: 'customFail',
          data: { size: '100,066', limit: '100,000' },
        },
      ],
    },
    {
      name: 'warn: the root index of a split generated index, measured itself',
      files: bigSite(),
      options: { warn: 100, fail: 100_000 },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 138,
          severity: 'info',
          messageId: 'splitWarn',
          message:
            'the llms.txt the platform serves is the root index of its generated index (112,931 characters, split into 2 indexes under /_llms/), and is 159 characters itself, over 100: some agents truncate it; move pages at the root of the site into folders, or write a custom llms.txt',
        },
      ],
    },
    {
      name: 'fail: generated, over the fail threshold',
      files: { 'docs.json': config() },
      options: { warn: 10, fail: 20 },
      errors: [
        {
          file: 'docs.json',
          line: 1,
          column: 138,
          severity: 'warning',
          messageId: 'generatedFail',
          data: { size: '84', limit: '20' },
        },
      ],
    },
  ],
});
