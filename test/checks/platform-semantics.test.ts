import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lint } from '../../src/commands/lint.js';
import { applyFixes } from '../../src/engine/fix.js';
import { SiteSession } from '../../src/engine/session.js';
import { resolveSettings } from '../../src/config/settings.js';
import { fixture } from './helpers.js';

/*
 * fixtures/sites/platform-semantics: one site whose findings depend on how the platform builds
 * pages — heading anchors made by its own slug function, component ids, generated endpoint pages,
 * redirects, snippet imports, files it does not publish as pages, page modes. Every finding of
 * the whole run is listed: one too many is a false positive, one too few a missed break.
 */

const root = fixture('platform-semantics');

describe('platform semantics, whole site', () => {
  test('exactly these findings', async () => {
    const run = await lint({ paths: [root], cwd: root });
    expect(
      run.diagnostics.map(
        (d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`,
      ),
    ).toEqual([
      "_snippets/legal.mdx:1:1 info site-unused-snippet snippet `/_snippets/legal.mdx` is not imported or included by any page or snippet, so it is never shown: import it where it belongs (`import X from '/_snippets/legal.mdx'`) or delete it",
      'docs.json:15:42 warning site-redirect redirect `/chain` → `/moved` is a chain: `/moved` is redirected again, to `/guides/anchors`; point this redirect at `/guides/anchors`',
      'docs.json:16:43 error site-redirect redirect `/loop-a` → `/loop-b` loops: `/loop-b` → `/loop-a` → `/loop-b` never lands on a page',
      'docs.json:17:43 error site-redirect redirect `/loop-b` → `/loop-a` loops: `/loop-a` → `/loop-b` → `/loop-a` never lands on a page',
      'docs.json:18:41 error site-redirect redirect `/gone` → `/guides/anchor` leads nowhere: no page or file at `guides/anchor` in the site; did you mean `/guides/anchors`?',
      'docs.json:20:50 error site-redirect redirect `/legacy/:slug*` → `/archive/:slug*`: no page or file of the site matches `/archive/:slug*`',
      'docs.json:21:56 warning site-redirect redirect `/older-guides/:slug*` → `/old/:slug*` is a chain: `/old/:slug*` is redirected again, by `/old/:slug*` → `/guides/:slug*`; point this redirect at `/guides/:slug*`',
      // A missing file is reported at the import, once; `<Missing />` below it is not reported again.
      "guides/links.mdx:7:21 error site-import-missing `import … from '/snippets/missing.mdx'` names no file of the site",
      "guides/links.mdx:8:20 error site-import-missing `import … from '/snippets/notice'` names no file: write the extension, `/snippets/notice.mdx`",
      // `### Dify.ai` is `#dify-ai` (github-slugger says `#difyai`), `### /newtask` is `#/newtask`,
      // `### BYOK (cloud + local)` is `#byok-cloud-+-local`, `## What's new` is `#what’s-new`.
      'guides/links.mdx:16:34 warning site-broken-link anchor `#difyai` in `/guides/anchors` matches no heading or id of `guides/anchors`; did you mean `#dify-ai`?',
      'guides/links.mdx:16:110 warning site-broken-link anchor `#newtask` in `/guides/anchors` matches no heading or id of `guides/anchors`; did you mean `#/newtask`?',
      'guides/links.mdx:18:45 warning site-broken-link anchor `#byok-cloud--local` in `/guides/anchors` matches no heading or id of `guides/anchors`; did you mean `#byok-cloud-+-local`?',
      'guides/links.mdx:18:130 warning site-broken-link anchor `#whats-new` in `/guides/anchors` matches no heading or id of `guides/anchors`; did you mean `#what’s-new`?',
      // Generated endpoint pages: `Get task's document payload` in tag `Task Management`, and
      // `GET /users/{userId}/tasks` without a summary (`get-users-tasks`).
      'guides/links.mdx:22:117 error site-broken-link link `/api-reference/get-users-userid-tasks` is broken: no page or file at `api-reference/get-users-userid-tasks` in the site',
      'guides/links.mdx:24:1 info site-broken-link link `/old-task` reaches its page through the redirect of `/old-task` to `/api-reference/task-management/get-tasks-document-payload`; link to `/api-reference/task-management/get-tasks-document-payload` directly',
      'guides/links.mdx:24:24 info site-broken-link link `/moved#integrations` reaches its page through the redirect of `/moved` to `/guides/anchors`; link to `/guides/anchors#integrations` directly',
      'guides/links.mdx:24:54 info site-broken-link link `/old/links` reaches its page through the redirect of `/old/links` to `/guides/links`; link to `/guides/links` directly',
      // A snippet's `#anchor` is checked on the pages that import it: `guides/links` has `## Anchors`.
      'guides/part.mdx:3:64 warning site-broken-link anchor `#nowhere` matches no heading or id of the page that imports this snippet (`guides/links`)',
      // One missing file linked three times from a page: one finding, at the first link.
      'index.mdx:10:5 error site-broken-link link `/files/guide.pdf` is broken: no file `files/guide.pdf` in the site (and 2 more links to it on this page)',
      // The spec is kept minimal for the slugs above; the OpenAPI quality rules say what it lacks.
      'openapi.yaml:7:5 info openapi-operation-description GET /tasks/{taskId}/document has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does',
      'openapi.yaml:7:5 warning openapi-path-parameter `{taskId}` in the path of GET /tasks/{taskId}/document is not declared: its page shows no field for it and the playground sends it empty; add a parameter with `name: taskId`, `in: path` and `required: true`',
      'openapi.yaml:14:5 info openapi-operation-description GET /users/{userId}/tasks has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does',
      "openapi.yaml:14:5 warning openapi-operation-summary GET /users/{userId}/tasks has no `summary`: its generated page is titled after its URL (`get-users-tasks`); add a `summary` of a few words (it becomes the page's title and URL)",
      'openapi.yaml:14:5 warning openapi-path-parameter `{userId}` in the path of GET /users/{userId}/tasks is not declared: its page shows no field for it and the playground sends it empty; add a parameter with `name: userId`, `in: path` and `required: true`',
    ]);
  });

  test("a redirected link's suggestion links to the page directly, the anchor kept", async () => {
    const run = await lint({ paths: [root], cwd: root });
    const file = path.join(root, 'guides/links.mdx');
    const notes = run.diagnostics.filter((d) => d.file === file && d.severity === 'info');
    expect(notes.map((d) => d.suggestions?.map((s) => s.desc))).toEqual([
      ['Link to `/api-reference/task-management/get-tasks-document-payload` directly'],
      ['Link to `/guides/anchors#integrations` directly'],
      ['Link to `/guides/links` directly'],
    ]);
    const text = readFileSync(file, 'utf8');
    const fixed = applyFixes(text, notes, { suggestions: true }).output;
    expect(fixed.split('\n')[23]).toBe(
      '[Old task](/api-reference/task-management/get-tasks-document-payload), [moved](/guides/anchors#integrations), [old page](/guides/links).',
    );
  });

  test('pages and snippets as the platform tells them apart', async () => {
    const session = await SiteSession.open(root, resolveSettings({}));
    const entries = [...session.site.pages.values()]
      .map((p) => `${p.relative}${p.isSnippet ? ' (snippet)' : ''}`)
      .sort();
    // `sub/README.md` is not published; `_snippets/` and a page another page imports are snippets.
    expect(entries).toEqual([
      '_snippets/legal.mdx (snippet)',
      'guides/anchors.mdx',
      'guides/links.mdx',
      'guides/part.mdx (snippet)',
      'home.mdx',
      'index.mdx',
      'snippets/notice.mdx (snippet)',
    ]);
  });
});
