import type { NavEntry } from '../site/navigation.js';

/**
 * How a message names the navigation scope of an entry: the innermost tab, anchor, dropdown, menu
 * item, version, language or product (`tab "Guides"`), `the global navigation`, or `the navigation`.
 */
export function scopeName(entry: NavEntry): string {
  const scope = [...entry.chain].reverse().find((e) => e.kind !== 'group');
  if (!scope) return 'the navigation';
  const kind = scope.kind === 'item' ? 'menu item' : scope.kind;
  return scope.title ? `${kind} "${scope.title}"` : kind === 'global' ? 'the global navigation' : `this ${kind}`;
}
