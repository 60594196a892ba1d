import type { Diagnostic } from '../core/diagnostic.js';
import { defineMeta } from '../core/rule.js';
import { walkNavigation, type NavEntry } from '../site/navigation.js';
import type { SiteCheck } from './types.js';

const ID = 'nav-duplicate-page';

function scopeName(entry: NavEntry): string {
  const scope = [...entry.chain].reverse().find((e) => e.kind !== 'group');
  if (!scope) return 'the navigation';
  const kind = scope.kind === 'item' ? 'menu item' : scope.kind;
  return scope.title ? `${kind} "${scope.title}"` : kind === 'global' ? 'the global navigation' : `this ${kind}`;
}

/**
 * The same page (or endpoint) listed twice in one navigation scope. A scope is the innermost tab,
 * anchor, dropdown, menu item, version, language or product (or `global`, or the whole navigation
 * when it has none of those); groups are not scopes. Listing a page in two languages, versions or
 * tabs is fine.
 */
export const navDuplicatePage: SiteCheck = {
  meta: defineMeta({
    id: ID,
    kind: 'site',
    description: 'A page should be listed once per navigation scope (tab, anchor, dropdown, version, language or product).',
    severity: 'warning',
    fixable: false,
  }),
  reportsInConfigOnly: true,
  async run({ site }) {
    const out: Diagnostic[] = [];
    const seen = new Map<string, NavEntry>();
    for (const entry of walkNavigation(site.config)) {
      // Endpoints are the same when they name the same operation of the same spec.
      const ref = entry.reference;
      const spec = ref ? (ref.spec ?? JSON.stringify(entry.openapi?.value ?? null)) : '';
      const key = entry.kind === 'page' ? `page:${entry.route}` : `${entry.kind}:${spec}:${ref!.method ?? ''}:${ref!.path}`;
      const scoped = `${entry.scopePointer}\u0000${key}`;
      const first = seen.get(scoped);
      if (!first) {
        seen.set(scoped, entry);
        continue;
      }
      // A group's root page listed again in its own pages is a common, harmless pattern.
      if (first.isRoot || entry.isRoot) continue;
      const where = site.config.diagnosticAt(first.pointer, ID, 'warning', '');
      const place = where.file === site.config.diagnosticAt(entry.pointer, ID, 'warning', '').file ? `line ${where.line}` : `${where.file.slice(site.root.length + 1)}:${where.line}`;
      out.push(site.config.diagnosticAt(entry.pointer, ID, 'warning', `\`${entry.value}\` is listed twice in ${scopeName(entry)} (first at ${place}); list it once per tab, version, language or product`));
    }
    return out;
  },
};
