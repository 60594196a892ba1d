// The cache never answers for content it was not computed from: a property over sequences of
// edits (pages, docs.json, a spec), each run with the cache compared with a run without it.
import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { LintCache } from '../../src/cache/cache.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { page as pageArbitrary } from '../fuzz/arbitraries.mjs';
import { config, FRONT } from './helpers.js';

const IDENTITY = { doclint: 'test', root: '', settings: '{}' };

function strip(diagnostics: Diagnostic[]): string[] {
  return diagnostics
    .map(
      (d) =>
        `${path.basename(d.file)}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.severity} ${d.message}`,
    )
    .sort();
}

async function lintOnce(root: string, cacheFile?: string): Promise<string[]> {
  const session = await SiteSession.open(root, resolveSettings({}));
  let cache: LintCache | undefined;
  if (cacheFile) {
    cache = await LintCache.load(cacheFile, { ...IDENTITY, root });
    session.useCache(cache);
  }
  const { diagnostics } = await session.lint(() => true, { whole: true });
  await cache?.save(true);
  return strip(diagnostics);
}

const SPEC = (summary: string) =>
  `openapi: 3.1.0\ninfo: {title: API, version: "1"}\npaths:\n  /a:\n    get: {summary: ${summary}, description: Gets a., x-hidden: ${summary === 'AAAA' ? 'true' : 'false'}}\n`;

describe('cache', () => {
  test('a cached run always equals an uncached run, over random edit sequences', async () => {
    // Pages that link to each other's headings: the facts site-broken-link is keyed on.
    const linked = fc
      .record({
        heading: fc.constantFrom('Start', 'Guide', 'Set up', 'Install'),
        anchor: fc.constantFrom('start', 'guide', 'set-up', 'install', 'nope'),
        target: fc.constantFrom('index', 'guide', 'missing'),
        prose: fc.constantFrom('Some text.', 'Other words.', ''),
        blank: fc.boolean(),
      })
      .map(
        ({ heading, anchor, target, prose, blank }) =>
          `${FRONT}${blank ? '\n' : ''}## ${heading}\n\n${prose} See [there](/${target}#${anchor}).\n`,
      );
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('page' as const), name: fc.constantFrom('index', 'guide'), text: pageArbitrary }),
      fc.record({ kind: fc.constant('page' as const), name: fc.constantFrom('index', 'guide'), text: linked }),
      fc.record({ kind: fc.constant('docs' as const), pages: fc.subarray(['index', 'guide', 'missing']) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 4 }), async (edits) => {
        const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-cache-'));
        const cacheFile = path.join(root, '.doclintcache');
        writeFileSync(path.join(root, 'docs.json'), config(['index', 'guide']));
        writeFileSync(path.join(root, 'index.mdx'), `${FRONT}## Start\n`);
        writeFileSync(path.join(root, 'guide.mdx'), `${FRONT}## Guide\n`);
        await lintOnce(root, cacheFile);
        for (const e of edits) {
          if (e.kind === 'page') writeFileSync(path.join(root, `${e.name}.mdx`), e.text);
          else writeFileSync(path.join(root, 'docs.json'), config(e.pages));
          expect(await lintOnce(root, cacheFile)).toEqual(await lintOnce(root));
        }
      }),
      { seed: 20240611, numRuns: 20 },
    );
  }, 180_000);

  test('a prose edit does not run site-broken-link again; a link edit does', async () => {
    const { default: check } = await import('../../rules/site-broken-link.js');
    const run = check.check;
    let runs = 0;
    check.check = (context) => {
      runs++;
      return run.call(check, context);
    };
    try {
      const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-cache-'));
      const cacheFile = path.join(root, '.doclintcache');
      writeFileSync(path.join(root, 'docs.json'), config(['index', 'guide']));
      writeFileSync(
        path.join(root, 'index.mdx'),
        `${FRONT}## Start\n\nSee [the guide](/guide#guide) and [nothing](/guide#nope).\n`,
      );
      writeFileSync(path.join(root, 'guide.mdx'), `${FRONT}## Guide\n\nWords.\n`);
      await lintOnce(root, cacheFile);
      expect(runs).toBe(1);
      writeFileSync(path.join(root, 'guide.mdx'), `${FRONT}## Guide\n\nOther words, same headings and links.\n`);
      const afterProse = await lintOnce(root, cacheFile);
      expect(runs).toBe(1);
      expect(afterProse).toEqual(await lintOnce(root));
      expect(afterProse.filter((f) => f.includes('site-broken-link'))).toHaveLength(1);
      runs = 0;
      writeFileSync(path.join(root, 'guide.mdx'), `${FRONT}## Guide\n\n## Nope\n`);
      const afterHeading = await lintOnce(root, cacheFile);
      expect(runs).toBe(1);
      expect(afterHeading).toEqual(await lintOnce(root));
      expect(afterHeading.filter((f) => f.includes('site-broken-link'))).toEqual([]);
    } finally {
      check.check = run;
    }
  });

  // The site checks' cache key covers the files they read (specs, robots.txt) by content, not by
  // size and time: a checkout or archive that sets times, or a second edit within the file
  // system's clock tick, must not bring back the old findings.
  test('a spec replaced by one of the same size and time is not answered from the cache', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-cache-'));
    const cacheFile = path.join(root, '.doclintcache');
    const spec = path.join(root, 'api.yaml');
    writeFileSync(
      path.join(root, 'docs.json'),
      config(['index'], {
        navigation: {
          groups: [
            { group: 'Start', pages: ['index'] },
            { group: 'API', openapi: 'api.yaml', pages: ['GET /a'] },
          ],
        },
      }),
    );
    writeFileSync(path.join(root, 'index.mdx'), `${FRONT}## Start\n`);
    writeFileSync(spec, SPEC('BBBB'));
    const time = 1700000000; // whole seconds: what an archive or a coarse file system clock gives
    utimesSync(spec, time, time);
    expect(await lintOnce(root, cacheFile)).toEqual([]);
    writeFileSync(spec, SPEC('AAAA').replace('true', 'true ')); // same size: x-hidden now true
    expect(statSync(spec).size).toBe(SPEC('BBBB').length);
    utimesSync(spec, time, time);
    const fresh = await lintOnce(root);
    expect(fresh).toHaveLength(1);
    expect(await lintOnce(root, cacheFile)).toEqual(fresh);
  });
});
