import type { PageFacts } from '../pages/facts.js';
import { resolveImport } from '../platform/files.js';
import { cleanHeadingId } from '../platform/slug.js';
import type { PageEntry } from '../site/site.js';
import type { SiteContext } from './rule.js';

/*
 * The anchors a page shows, as the link checks read them: the ids of its own headings and
 * elements, those of the snippets it imports, and a fragment matched against them as the browser
 * and the platform match it. Built once per page and run of a rule.
 */

/** A fragment percent-decoded (as written when it does not decode). */
export function decodeFragment(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

/** Most snippets followed from one page (imports of imports included). */
const MAX_SNIPPETS = 200;

/**
 * The ids a page shows: its own headings and ids, and those of the snippets it imports (and
 * that they import). The platform puts a snippet's text into the page before it gives headings
 * their ids, so `## Setup` written in an imported snippet is `#setup` on the page.
 */
export async function shownIds(context: SiteContext, page: PageEntry, facts: PageFacts): Promise<IdSet> {
  const memo = memoOf(context).shown;
  let found = memo.get(page.relative);
  if (!found) memo.set(page.relative, (found = collectShownIds(context, page, facts)));
  return found;
}

async function collectShownIds(context: SiteContext, page: PageEntry, facts: PageFacts): Promise<IdSet> {
  const ids = [...ownIds(context, facts).list];
  const seen = new Set<string>([page.relative]);
  const queue: { relative: string; facts: PageFacts }[] = [{ relative: page.relative, facts }];
  while (queue.length > 0 && seen.size <= MAX_SNIPPETS) {
    const { relative, facts: from } = queue.shift()!;
    for (const imp of from.imports) {
      const part = resolveImport(imp.source, relative);
      const key = part?.replace(/^\/+/, '');
      const entry = key === undefined ? undefined : context.site.pages.get(key);
      if (!entry || seen.has(entry.relative)) continue;
      seen.add(entry.relative);
      const partFacts = await context.facts(entry.file);
      if (!partFacts) continue;
      // One at a time: a snippet of 140,000 headings spread into one call overflows the stack.
      for (const id of ownIds(context, partFacts).list) ids.push(id);
      queue.push({ relative: entry.relative, facts: partFacts });
    }
  }
  return new IdSet(ids);
}

/**
 * A page's ids in order (for "did you mean", whose work budget is kept per list) and as a set
 * (an anchor is looked up, not searched for): built once per page and run, so that checking L
 * links to a page of H headings costs L + H, not L × H.
 */
export class IdSet extends Set<string> {
  constructor(readonly list: string[]) {
    super(list);
  }
}

interface IdMemo {
  own: WeakMap<PageFacts, IdSet>;
  shown: Map<string, Promise<IdSet>>;
  quick: Map<string, Promise<IdSet | undefined>>;
}

/** Per run of the rule (a site context): pages and snippets may change between runs. */
const idMemos = new WeakMap<SiteContext, IdMemo>();

function memoOf(context: SiteContext): IdMemo {
  let memo = idMemos.get(context);
  if (!memo) idMemos.set(context, (memo = { own: new WeakMap(), shown: new Map(), quick: new Map() }));
  return memo;
}

/** The ids of a page's own headings and elements. */
export function ownIds(context: SiteContext, facts: PageFacts): IdSet {
  const memo = memoOf(context).own;
  let found = memo.get(facts);
  if (!found) {
    const list: string[] = [];
    for (const h of facts.headings) if (h.id !== '') list.push(h.id);
    for (const id of facts.ids) list.push(id);
    memo.set(facts, (found = new IdSet(list)));
  }
  return found;
}

/** The anchors a page's heading lines show (a page this run does not lint), read once per run. */
export function quickIds(context: SiteContext, file: string): Promise<IdSet | undefined> {
  const memo = memoOf(context).quick;
  let found = memo.get(file);
  if (!found) memo.set(file, (found = context.anchors(file).then((list) => list && new IdSet(list))));
  return found;
}

/**
 * Whether a fragment names one of the page's ids: as written, as the browser serialises it
 * (`#新-agent` is `%E6%96%B0-agent`), percent-decoded
 * (`#what%E2%80%99s-new` is `what’s-new`), or cleaned of the punctuation the platform removes
 * from ids (`#edit,-delete` is `edit-delete`: the platform's own checker accepts it too). Case and
 * every other character count: the browser otherwise lands at the top of the page.
 */
export function anchorIn(ids: ReadonlySet<string>, anchor: string): boolean {
  if (ids.has(anchor)) return true;
  const decoded = decodeFragment(anchor);
  return ids.has(decoded) || ids.has(cleanHeadingId(decoded)) || ids.has(serialisedFragment(anchor));
}

/**
 * A fragment as the browser puts it in the URL (non-ASCII characters, spaces and `"<>\``
 * percent-encoded as UTF-8): the form it first looks for among the page's ids, before the decoded
 * one. Tabs titled in Chinese or Japanese keep such ids (`<Tab title="新 Agent">` is
 * `#%E6%96%B0-agent`), which `#新-agent` therefore reaches.
 */
function serialisedFragment(fragment: string): string {
  return fragment.replace(/[^\x21-\x7e]|["<>`]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return c;
    }
  });
}
