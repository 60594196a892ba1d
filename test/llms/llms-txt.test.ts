import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLlmsTxt, summarise } from '../../src/llms/llms-txt.js';
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

- [Acme Orbit documentation](/index): Learn how to schedule satellite passes over ground stations, follow their status and receive the results with the Acme Orbit API.
- [Quickstart: book your first satellite pass](/guides/quickstart): Install the Acme Orbit SDK, create an API key and schedule a pass over a ground station in a few minutes.
- [Authenticate requests with API keys](/guides/authentication): Create an Acme Orbit API key, send it as a bearer token and rotate it without downtime.

## Core concepts

- [Schedule satellite passes](/guides/scheduling-passes): Choose time windows, ground stations, bands and elevation limits when you request a pass, and follow it through its lifecycle.
- [Receive pass events with webhooks](/guides/webhooks): Register a webhook endpoint, verify event signatures and react when a pass is scheduled, completed or failed.
- [Errors and rate limits](/guides/errors-and-limits): Understand Acme Orbit error responses, retry failed requests safely and stay within the API rate limits.

## Resources

- [Acme Orbit API changelog](/changelog): New features, improvements and fixes in the Acme Orbit API and SDKs, newest first.

## Overview

- [Acme Orbit API reference](/api-reference/introduction): Base URLs, authentication, pagination and conventions shared by every endpoint of the Acme Orbit API.

## OpenAPI Specs

- [openapi](/api-reference/openapi.json)
`);
  });

  test('default language only, hidden groups and pages left out, unlisted pages only with seo.indexing "all"', async () => {
    const site = await loadSite(path.join(SITES, 'nav-basic'));
    const navigable = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(navigable).toBe(`# Nav basic

## Start

- [index](/index): Page index.
- [guides/quickstart](/guides/quickstart): Page guides/quickstart.
- [guides/install](/guides/install): Page guides/install.
`);
    (site.config.value as Record<string, unknown>).seo = { indexing: 'all' };
    const all = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(all).toBe(`# Nav basic

## Start

- [index](/index): Page index.
- [guides/quickstart](/guides/quickstart): Page guides/quickstart.
- [guides/install](/guides/install): Page guides/install.

## Other pages

- [guides/advanced](/guides/advanced): Page guides/advanced.
`);
  });

  test('endpoint pages with an href, external links in an Optional section', async () => {
    const site = await loadSite(path.join(SITES, 'site-orphans'));
    const text = await generateLlmsTxt(modelOf(site), factsReader(site));
    expect(text).toContain('## Guides\n\n- [guides/overview](/guides/overview): About guides/overview.\n');
    expect(text).toContain('## Optional\n\n- [Blog](https://example.com/blog)\n');
    const api = await loadSite(path.join(SITES, 'openapi-endpoints'));
    const apiText = await generateLlmsTxt(modelOf(api), factsReader(api));
    expect(apiText).toContain('## Users\n\n- [Get a user](/api/get-user)\n');
    expect(apiText).toContain('## OpenAPI Specs\n\n- [openapi](/openapi.json)\n- [v2](/specs/v2.yaml)\n');
  });

  test('descriptions: first paragraph, one line, cut at 300 characters', () => {
    expect(summarise('One.\nTwo.\n\nThree.')).toBe('One. Two.');
    expect(summarise('x'.repeat(400))).toHaveLength(300);
    expect(summarise(undefined)).toBeUndefined();
  });
});
