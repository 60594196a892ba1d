import { append, type Finding } from '../core/diagnostic.js';
import type { SiteModel } from '../model/site-model.js';
import { runSiteRule, type SitePass } from './rule-runner.js';
import { isOnSomewhere, type EffectiveSettings } from '../config/settings.js';

/**
 * The findings of the rules that check external links (`meta.checksExternalLinks`), run with the
 * pass's checker: never from, nor into, the lint cache (their results age; the checker keeps its
 * own, dated). No time limit: the checker's requests are bounded by their own timeouts.
 */
export async function externalFindings(
  settings: EffectiveSettings,
  site: SiteModel,
  pass: SitePass & { external: NonNullable<SitePass['external']> },
  incomplete: (id: string) => (why: string) => void,
): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const rule of settings.registry.rules('site')) {
    if (!rule.meta.checksExternalLinks || !isOnSomewhere(settings, rule.meta.id)) continue;
    append(
      found,
      await runSiteRule(rule, site, settings.rules[rule.meta.id]?.options, pass, undefined, incomplete(rule.meta.id)),
    );
  }
  return found;
}
