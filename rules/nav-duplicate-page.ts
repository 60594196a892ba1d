import { defineRule, scopeName, type NavEntry } from '../src/rule-kit/index.js';

/**
 * The same page (or endpoint) listed twice in one navigation scope. A scope is the innermost tab,
 * anchor, dropdown, menu item, version, language or product (or `global`, or the whole navigation
 * when it has none of those); groups are not scopes. Listing a page in two languages, versions or
 * tabs is fine. The first listing is a related location of the finding.
 */
export default defineRule({
  meta: {
    id: 'nav-duplicate-page',
    kind: 'site',
    description:
      'A page should be listed once per navigation scope (tab, anchor, dropdown, version, language or product).',
    severity: 'warning',
    reportsInConfigOnly: true,
    messages: {
      duplicate: '`{{entry}}` is listed twice in {{scope}}; list it once per tab, version, language or product',
    },
  },
  check(context) {
    const seen = new Map<string, NavEntry>();
    for (const entry of context.site.navigation.entries) {
      // Endpoints are the same when they name the same operation of the same spec.
      const ref = entry.reference;
      const spec = ref ? (ref.spec ?? JSON.stringify(entry.openapi?.value ?? null)) : '';
      const key =
        entry.kind === 'page' ? `page:${entry.route}` : `${entry.kind}:${spec}:${ref!.method ?? ''}:${ref!.path}`;
      const scoped = `${entry.scopePointer}\u0000${key}`;
      const first = seen.get(scoped);
      if (!first) {
        seen.set(scoped, entry);
        continue;
      }
      // A group's root page listed again in its own pages is a common, harmless pattern.
      if (first.isRoot || entry.isRoot) continue;
      context.report({
        messageId: 'duplicate',
        data: { entry: entry.value, scope: scopeName(entry) },
        at: { pointer: entry.pointer },
        related: [{ message: `first listed here`, at: { pointer: first.pointer } }],
      });
    }
  },
});
