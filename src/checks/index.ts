import { navDuplicatePage } from './nav-duplicate-page.js';
import { navEndpointHidden } from './nav-endpoint-hidden.js';
import { navEndpointUnresolved } from './nav-endpoint-unresolved.js';
import { navOpenapiInvalid } from './nav-openapi-invalid.js';
import { navPageMissing } from './nav-page-missing.js';
import { openapiExtension } from './openapi-extension.js';
import { siteBrokenLink } from './site-broken-link.js';
import { siteOrphanPage } from './site-orphan-page.js';
import { siteRobotsBlocksAi } from './site-robots-blocks-ai.js';
import type { SiteCheck } from './types.js';

/**
 * Every whole-site check, one per rule. `nav-openapi-invalid` comes first among the OpenAPI
 * checks: the four share one analysis per run, and its options (schema validation) apply to it.
 */
export const siteChecks: SiteCheck[] = [
  navPageMissing,
  navDuplicatePage,
  navOpenapiInvalid,
  navEndpointUnresolved,
  navEndpointHidden,
  openapiExtension,
  siteOrphanPage,
  siteBrokenLink,
  siteRobotsBlocksAi,
];
