import type { LlmsIndex } from '../../src/llms/llms-txt.js';
import { indexSegments, rootLlmsTxt, routeSegment, scopedLlmsTxt } from '../../src/llms/split.js';

const index: LlmsIndex = {
  name: 'Acme',
  description: 'How to use Acme.',
  sections: [
    {
      title: 'Start',
      lines: [
        { title: 'Home', url: '/index.md', description: 'Start here', route: 'index' },
        { title: 'Install', url: '/guides/install.md', description: 'Install Acme', route: 'guides/install' },
      ],
    },
    {
      title: 'Reference',
      lines: [
        { title: 'Users', url: '/api/users.md', route: 'api/users' },
        { title: 'Setup', url: '/guides/setup.md', route: 'guides/setup' },
        { title: 'Status', url: 'https://status.acme.dev' },
      ],
    },
  ],
  specLinks: [{ title: 'openapi', url: '/openapi.json' }],
  extra: [{ title: 'Old', url: '/guides/old.md', route: 'guides/old' }],
  optional: [{ title: 'Blog', url: 'https://acme.dev/blog' }],
};

describe('the scoped llms.txt indexes under /_llms/', () => {
  test('a route’s first folder; none for a page at the root', () => {
    expect([routeSegment('guides/install'), routeSegment('/api/v1/users'), routeSegment('index')]).toEqual([
      'guides',
      'api',
      undefined,
    ]);
    expect([...indexSegments(index)]).toEqual([
      ['guides', 3],
      ['api', 1],
    ]);
  });

  test('the root index links to one index per first folder and lists the root pages, the specs and external links', () => {
    expect(rootLlmsTxt(index, { baseUrl: 'https://docs.acme.dev' })).toBe(`# Acme

> How to use Acme.

## Sections

- [guides](https://docs.acme.dev/_llms/guides.md): 3 pages
- [api](https://docs.acme.dev/_llms/api.md): 1 page

## Start

- [Home](/index.md): Start here

## Reference

- [Status](https://status.acme.dev)

## OpenAPI Specs

- [openapi](/openapi.json)

## Optional

- [Blog](https://acme.dev/blog)
`);
  });

  test('a scoped index lists the pages under its folder, in their sections, pages outside the navigation last', () => {
    expect(scopedLlmsTxt(index, 'guides')).toBe(`# Acme: guides

> How to use Acme.

## Start

- [Install](/guides/install.md): Install Acme

## Reference

- [Setup](/guides/setup.md)

## Other pages

- [Old](/guides/old.md)
`);
  });
});
