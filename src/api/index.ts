/**
 * doclint's public API (`import { defineRule, RuleTester } from 'doclint'`): what a plugin's rules
 * are written and tested with. A rule is the same object the command line's `plugins` load
 * (src/config/doclintrc.ts): `meta` and `check(context)`. This module holds none of the command
 * line; the RuleTester loads the engine on its first case.
 */
export * from '../rule-kit/public.js';
export {
  DEFAULT_DOCS_JSON,
  PAGE_FILE,
  RuleTester,
  SITE_FRONT,
  type ExpectedError,
  type PageCase,
  type PageInvalidCase,
  type PageTests,
  type SiteCase,
  type SiteInvalidCase,
  type SiteTests,
} from './rule-tester.js';
