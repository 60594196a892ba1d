import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brief, copySite, LspClient } from './client.js';

let client: LspClient;

beforeAll(async () => {
  client = await LspClient.start({ watchFiles: true });
});

afterAll(async () => {
  await client.stop();
});

const BROKEN = (target: string) => `link \`/${target}\` is broken: no page or file at \`${target}\` in the site`;

test("editor diagnostics respect the site's doclint-suppressions.json, as the command line does", async () => {
  const root = copySite('fixtures/sites/lsp-basic');
  const page = path.join(root, 'guides/intro.mdx');
  const text = readFileSync(page, 'utf8').replace('[start page](/index)', '[start page](/missing-one)');
  writeFileSync(page, text);
  writeFileSync(
    path.join(root, 'doclint-suppressions.json'),
    JSON.stringify({ 'guides/intro.mdx': { 'site-broken-link': { count: 1 } } }),
  );
  // The recorded broken link is left out; the warning stays (warnings are never suppressed).
  const opened = await client.open(page, text);
  expect(opened.diagnostics.map(brief)).toEqual([
    '8:25-8:48 page-link-text 2 link text "here" does not say where the link goes: use words that name the target',
  ]);
  // A second broken link: more than recorded, so both are shown.
  const edited = text + '\nSee [the FAQ](/faq).\n';
  const changed = await client.change(page, edited, text);
  expect(changed.diagnostics.map(brief)).toEqual([
    '8:25-8:48 page-link-text 2 link text "here" does not say where the link goes: use words that name the target',
    `13:15-13:41 site-broken-link 1 ${BROKEN('missing-one')}`,
    `15:4-15:19 site-broken-link 1 ${BROKEN('faq')}`,
  ]);
  // The suppressions file changes on disk: the open page is linted again.
  writeFileSync(
    path.join(root, 'doclint-suppressions.json'),
    JSON.stringify({ 'guides/intro.mdx': { 'site-broken-link': { count: 2 } } }),
  );
  const relinted = client.next(page);
  client.watched([{ file: path.join(root, 'doclint-suppressions.json'), type: 2 }]);
  expect((await relinted).diagnostics.map(brief)).toEqual([
    '8:25-8:48 page-link-text 2 link text "here" does not say where the link goes: use words that name the target',
  ]);
});
