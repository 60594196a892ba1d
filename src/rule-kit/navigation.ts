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

/** The pointer of the innermost group that holds an entry. */
function innermostGroup(entry: NavEntry): string | undefined {
  return [...entry.chain].reverse().find((e) => e.kind === 'group')?.pointer;
}

/** A listed page whose title an earlier page of its scope has. */
export interface DuplicateTitle {
  entry: NavEntry;
  earlier: NavEntry;
  title: string;
  /** Pointer of the group both are in; undefined when they are in different groups of the scope. */
  group?: string;
}

/**
 * The listed pages whose title an earlier listed page of the same scope has (compared without
 * case and extra spaces), in navigation order. `pageOf` names an entry's page (undefined when the
 * entry names none), `titleOf` a page's title.
 */
export function duplicateTitles(
  entries: readonly NavEntry[],
  pageOf: (entry: NavEntry) => string | undefined,
  titleOf: (page: string) => string | undefined,
): DuplicateTitle[] {
  const first = new Map<string, NavEntry>();
  const seen = new Set<string>();
  const out: DuplicateTitle[] = [];
  for (const entry of entries) {
    const page = entry.kind === 'page' ? pageOf(entry) : undefined;
    if (page === undefined || seen.has(`${entry.scopePointer}\0${page}`)) continue;
    seen.add(`${entry.scopePointer}\0${page}`);
    const title = titleOf(page)?.trim();
    if (!title) continue;
    const key = `${entry.scopePointer}\0${title.toLowerCase().replace(/\s+/g, ' ')}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, entry);
      continue;
    }
    const group = innermostGroup(entry);
    out.push({
      entry,
      earlier,
      title,
      group: group !== undefined && group === innermostGroup(earlier) ? group : undefined,
    });
  }
  return out;
}
