import type { Diagnostic } from '../core/diagnostic.js';
import { allRuleIds } from './registry.js';
import { SiteSession } from './session.js';
import { resolveSiteSettings, type RuleSetting } from './settings.js';

/**
 * The rules that report a place pointing at a path of the site: a navigation entry, a link or an
 * image, an import, a redirect, an OpenAPI file or an endpoint of one.
 */
export const REFERENCE_RULES = [
  'nav-page-missing',
  'nav-openapi-invalid',
  'nav-endpoint-unresolved',
  'site-broken-link',
  'site-import-missing',
  'site-redirect',
] as const;

const key = (d: Diagnostic) => `${d.file}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.ruleId}`;

/**
 * What points at a file the change removes (a staged deletion, or the old name of a rename):
 * the findings of the reference rules, anywhere in the site, that the site as it is has and the
 * site with the removed files still in place (`removed`: their last committed content) does not.
 * Findings that were there before the change are not its doing and are left out.
 */
export async function referencesToRemoved(
  root: string,
  removed: ReadonlyMap<string, Buffer>,
  options: { configFile?: string; overrides?: Record<string, RuleSetting> },
  /** Worker threads for the page pass (none: the calling thread). */
  threads?: number,
): Promise<Diagnostic[]> {
  const only = new Set<string>(REFERENCE_RULES);
  const overrides: Record<string, RuleSetting> = {};
  for (const id of allRuleIds()) if (!only.has(id)) overrides[id] = { severity: 'off' };
  // The command line's own settings of the reference rules still apply (`--rule site-broken-link:off`).
  for (const [id, setting] of Object.entries(options.overrides ?? {})) if (only.has(id)) overrides[id] = setting;
  const config = await resolveSiteSettings(root, { configFile: options.configFile, overrides });
  const inScope = (file: string) => !config.isIgnored(file);
  // One session for both states: pages are parsed once, and only the site checks run twice.
  const session = await SiteSession.open(root, config.settings, removed, { threads: threads ?? 0, overlayAllFiles: true });
  try {
    const keep = (d: Diagnostic) => only.has(d.ruleId);
    const before = new Set((await session.lint(inScope)).diagnostics.filter(keep).map(key));
    for (const file of removed.keys()) session.setOverlay(file, undefined);
    await session.reloadSite();
    return (await session.lint(inScope)).diagnostics.filter((d) => keep(d) && !before.has(key(d)));
  } finally {
    session.close();
  }
}
