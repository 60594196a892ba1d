import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generateLlmsFullTxt,
  generateLlmsTxt,
  markdownUrl,
  normaliseBaseUrl,
  summarise,
} from '../../src/llms/llms-txt.js';
import { tmpSite } from '../helpers/tmp-site.js';
import { loadSite } from '../../src/site/load.js';
import { factsReader, modelOf } from '../checks/helpers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLE = path.resolve(HERE, '../../fixtures/example');
const SITES = path.resolve(HERE, '../../fixtures/sites');

describe('generateLlmsTxt', () => {
  test('the example site', async () => {
    const site = await loadSite(EXAMPLE);
    expect(await generateLlmsTxt(modelOf(site), factsReader(site))).toBe(`# Acme Orbit

> Schedule satellite passes over a global ground station network with the Acme Orbit API.

## Get started

- [Acme Orbit documentation](/index.md): Learn how to schedule satellite passes over ground stations, follow their status and receive the results with the Acme Orbit API.
- [Quickstart: book your first satellite pass](/guides/quickstart.md): Install the Acme Orbit SDK, create an API key and schedule a pass over a ground station in a few minutes.
- [Authenticate requests with API keys](/guides/authentication.md): Create an Acme Orbit API key, send it as a bearer token and rotate it without downtime.

## Core concepts

- [Schedule satellite passes](/guides/scheduling-passes.md): Choose time windows, ground stations, bands and elevation limits when you request a pass, and follow it through its lifecycle.
- [Receive pass events with webhooks](/guides/webhooks.md): Register a webhook endpoint, verify event signatures and react when a pass is scheduled, completed or failed.
- [Errors and rate limits](/guides/errors-and-limits.md): Understand Acme Orbit error responses, retry failed requests safely and stay within the API rate limits.

## Resources

- [Acme Orbit API changelog](/changelog.md): New features, improvements and fixes in the Acme Orbit API and SDKs, newest first.

## Overview

- [Acme Orbit API reference](/api-reference/introduction.md): Base URLs, authentication, pagination and conventions shared by every endpoint of the Acme Orbit API.

## OpenAPI Specs

- [openapi](/api-reference/openapi.json)
`);
  });

  test('default language only, hidden groups and pages left out, unlisted pages only with seo.indexing "all"', async () => {
    const site = await loadSite(path.join(SITES, 'nav-basic'));
    const navigable = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(navigable).toBe(`# Nav basic

## Start

- [index](/index.md): Page index.
- [guides/quickstart](/guides/quickstart.md): Page guides/quickstart.
- [guides/install](/guides/install.md): Page guides/install.
`);
    (site.config.value as Record<string, unknown>).seo = { indexing: 'all' };
    const all = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(all).toBe(`# Nav basic

## Start

- [index](/index.md): Page index.
- [guides/quickstart](/guides/quickstart.md): Page guides/quickstart.
- [guides/install](/guides/install.md): Page guides/install.

## Other pages

- [guides/advanced](/guides/advanced.md): Page guides/advanced.
`);
  });

  test('endpoint pages with an href, external links in an Optional section', async () => {
    const site = await loadSite(path.join(SITES, 'site-orphans'));
    const text = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(text).toContain('## Guides\n\n- [guides/overview](/guides/overview.md): About guides/overview.\n');
    expect(text).toContain('## Optional\n\n- [Blog](https://example.com/blog)\n');
    const api = await loadSite(path.join(SITES, 'openapi-endpoints'));
    const apiText = await generateLlmsTxt(modelOf(api), factsReader(api));
    expect(apiText).toContain('## Users\n\n- [Get a user](/api/get-user.md)\n');
    expect(apiText).toContain('## OpenAPI Specs\n\n- [openapi](/openapi.json)\n- [v2](/specs/v2.yaml)\n');
  });

  test('descriptions: first paragraph, one line, cut at 300 characters', () => {
    expect(summarise('One.\nTwo.\n\nThree.')).toBe('One. Two.');
    expect(summarise('x'.repeat(400))).toHaveLength(300);
    expect(summarise(undefined)).toBeUndefined();
  });
});

describe('--base-url', () => {
  test('page links and local specs become absolute; external links stay', async () => {
    const site = await loadSite(EXAMPLE);
    const text = await generateLlmsTxt(modelOf(site), factsReader(site), { baseUrl: 'https://docs.acme.dev/orbit' });
    expect(text).toContain(
      '- [Quickstart: book your first satellite pass](https://docs.acme.dev/orbit/guides/quickstart.md): Install the Acme Orbit SDK, create an API key and schedule a pass over a ground station in a few minutes.\n',
    );
    expect(text).toContain('## OpenAPI Specs\n\n- [openapi](https://docs.acme.dev/orbit/api-reference/openapi.json)\n');
    expect(markdownUrl('/index', { baseUrl: 'https://d.io' })).toBe('https://d.io/index.md');
  });

  test('a base URL is http(s), without query, fragment or credentials; a trailing slash is dropped', () => {
    expect(normaliseBaseUrl('https://docs.acme.dev/')).toEqual({ ok: true, url: 'https://docs.acme.dev' });
    expect(normaliseBaseUrl('docs.acme.dev')).toEqual({
      ok: false,
      reason: '"docs.acme.dev" is not a URL; write it whole, such as https://docs.example.com',
    });
    expect(normaliseBaseUrl('ftp://docs.acme.dev')).toEqual({
      ok: false,
      reason: '"ftp://docs.acme.dev" is not an http or https URL',
    });
    expect(normaliseBaseUrl('https://docs.acme.dev/?a=1')).toEqual({
      ok: false,
      reason: '"https://docs.acme.dev/?a=1" has a query, a fragment or credentials; give the site\'s address only',
    });
  });
});

describe('llms-full.txt', () => {
  test('every navigated page in order: title, source, description, markdown with snippets expanded and code left alone', async () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        name: 'Full',
        navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'secret'] }] },
      }),
      'index.mdx':
        '---\ntitle: Home\ndescription: Where to begin.\n---\n\nimport Note from "/snippets/note.mdx";\nimport { version } from "/snippets/vars.mdx";\n\nHello.\n\n<Note />\n',
      'guide.md': '# Guide body\n\n```js\nimport x from "/snippets/note.mdx";\n<Note />\n```\n',
      'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nNot listed.\n',
      'snippets/note.mdx': '---\ntitle: ignored\n---\nimport Inner from "./inner.mdx";\n\n> A note. <Inner />\n',
      'snippets/inner.mdx': 'inner text',
      'snippets/vars.mdx': 'export const version = "1";\n',
    });
    const site = await loadSite(root);
    expect(await generateLlmsFullTxt(modelOf(site), factsReader(site), { baseUrl: 'https://full.dev' })).toBe(
      [
        '# Home',
        'Source: https://full.dev/index',
        '',
        'Where to begin.',
        '',
        'Hello.',
        '',
        '> A note. inner text',
        '',
        '',
        '# guide',
        'Source: https://full.dev/guide',
        '',
        '# Guide body',
        '',
        '```js',
        'import x from "/snippets/note.mdx";',
        '<Note />',
        '```',
        '',
      ].join('\n'),
    );
  });

  test('the whole file is bounded: past it, snippets are left as their elements, pages that do not fit are left out, and one line says so', async () => {
    const pages = ['a', 'b', 'c', 'd'];
    const page = (p: string) =>
      `---\ntitle: ${p.toUpperCase()}\n---\n\nimport Big from "/snippets/big.mdx";\n\n<Big />\n`;
    const root = tmpSite({
      'docs.json': JSON.stringify({ name: 'Full', navigation: { groups: [{ group: 'Start', pages }] } }),
      'a.mdx': page('a'),
      'b.mdx': page('b'),
      'c.mdx': `---\ntitle: C\n---\n\n${'Long words. '.repeat(60)}\n`,
      'd.mdx': page('d'),
      'snippets/big.mdx': 'x'.repeat(400),
    });
    const site = await loadSite(root);
    const warnings: string[] = [];
    const text = await generateLlmsFullTxt(modelOf(site), factsReader(site), {
      maxChars: 1000,
      warn: (w) => warnings.push(w),
    });
    const part = (p: string, body: string) => `# ${p.toUpperCase()}\nSource: /${p}\n\n${body}`;
    // Two pages with the snippet (416 characters each); the long page no longer fits; the last one with the element as written.
    expect(text).toBe(
      `${[part('a', 'x'.repeat(400)), part('b', 'x'.repeat(400)), part('d', '<Big />')].join('\n\n\n')}\n`,
    );
    expect(text.length).toBeLessThanOrEqual(1000);
    expect(warnings).toEqual([
      'llms-full.txt: the whole file reached 1,000 characters; the snippets of 1 page are left as their elements, and 1 page is left out (snippets shown many times make it this large)',
    ]);
  });
});
