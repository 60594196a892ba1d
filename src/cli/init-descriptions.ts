/*
 * Where a site writes descriptions, folder by folder: what `doclint init` decides for
 * page-frontmatter-required's `description`. Many sites set one on every page of some sections (a
 * command reference, an API reference) and on none of others (guides, SDK pages): one decision for
 * the whole site then reports a house style on the sections that never set one, or lets missing
 * descriptions pass in the sections that always do. So the site is cut into folders, each
 * deciding as most of its hand-written pages do, with as few decisions as the counts allow: the
 * site's own (the rule's `rules` setting) and one `overrides` entry per folder that differs from
 * the folder it is in.
 */

/** Hand-written pages of a folder (directly in it, not in its subfolders), and how many of them set a description. */
export interface DescriptionCount {
  handWritten: number;
  described: number;
}

/** A decision: descriptions required there, or only the title. */
export interface DescriptionDecision {
  /** The folder (site-relative, forward slashes, no trailing slash); `''` for the site. */
  folder: string;
  required: boolean;
  /** The hand-written pages this decision governs: the folder's, less those of the folders decided apart below it. */
  handWritten: number;
  described: number;
  /** Whether folders below it are decided apart (their pages are not in the counts). */
  hasNested: boolean;
}

/** A folder with fewer hand-written pages than this (its subfolders' included) follows the folder it is in. */
export const MIN_FOLDER_PAGES = 4;

/**
 * What one decision of its own costs, in pages decided against their folder's practice: a folder
 * is decided apart when that puts at least MIN_FOLDER_PAGES more pages with their folder's
 * practice (a description required where pages set one, not where they do not).
 */
const ENTRY_COST = MIN_FOLDER_PAGES - 0.5;

/** At most this many folders decided apart: past it, each must set more pages right (see decideDescriptions). */
export const MAX_FOLDER_DECISIONS = 40;

interface Node {
  folder: string;
  direct: DescriptionCount;
  /** Hand-written pages here and below. */
  total: number;
  children: Node[];
  /** Pages decided against their practice when this folder's label is [required, not required], with the best choices below. */
  cost: [number, number];
}

/** The folder tree of the counts, children in name order. */
function buildTree(byFolder: ReadonlyMap<string, DescriptionCount>): Node {
  const nodes = new Map<string, Node>();
  const node = (folder: string): Node => {
    let n = nodes.get(folder);
    if (!n) {
      n = { folder, direct: { handWritten: 0, described: 0 }, total: 0, children: [], cost: [0, 0] };
      nodes.set(folder, n);
      if (folder !== '') node(parentOf(folder)).children.push(n);
    }
    return n;
  };
  const root = node('');
  for (const [folder, count] of byFolder) {
    if (count.handWritten === 0) continue;
    const n = node(folder);
    n.direct.handWritten += count.handWritten;
    n.direct.described += count.described;
    for (let up: Node | undefined = n; up; up = up.folder === '' ? undefined : nodes.get(parentOf(up.folder)))
      up.total += count.handWritten;
  }
  for (const n of nodes.values()) n.children.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  return root;
}

function parentOf(folder: string): string {
  const slash = folder.lastIndexOf('/');
  return slash === -1 ? '' : folder.slice(0, slash);
}

/** Index of a label in Node.cost: 0 required, 1 not. */
const at = (required: boolean) => (required ? 0 : 1);

/** Fills every node's cost, children first (no recursion: folders may nest deeply). */
function fillCosts(root: Node, entryCost: number): void {
  const order: Node[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    order.push(n);
    stack.push(...n.children);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const n = order[i]!;
    for (const required of [true, false]) {
      // Required: the pages without a description are reported; not: those with one go unasked.
      let cost = required ? n.direct.handWritten - n.direct.described : n.direct.described;
      for (const c of n.children) cost += childCost(c, required, entryCost);
      n.cost[at(required)] = cost;
    }
  }
}

/** A subfolder decided apart only when it is large enough and that is cheaper than following its parent. */
function apart(c: Node, parentRequired: boolean, entryCost: number): boolean {
  return c.total >= MIN_FOLDER_PAGES && c.cost[at(!parentRequired)] + entryCost < c.cost[at(parentRequired)];
}

function childCost(c: Node, parentRequired: boolean, entryCost: number): number {
  return apart(c, parentRequired, entryCost) ? c.cost[at(!parentRequired)] + entryCost : c.cost[at(parentRequired)];
}

/** The decisions, the site's first, then folders in the order of the tree (a folder before those decided apart inside it). */
function collect(root: Node, rootRequired: boolean, entryCost: number): DescriptionDecision[] {
  const out: DescriptionDecision[] = [];
  const visit = (head: Node, required: boolean) => {
    const decision: DescriptionDecision = {
      folder: head.folder,
      required,
      handWritten: 0,
      described: 0,
      hasNested: false,
    };
    out.push(decision);
    const apartBelow: Node[] = [];
    const stack = [head];
    while (stack.length) {
      const n = stack.pop()!;
      decision.handWritten += n.direct.handWritten;
      decision.described += n.direct.described;
      for (const c of [...n.children].reverse()) {
        if (apart(c, required, entryCost)) apartBelow.push(c);
        else stack.push(c);
      }
    }
    decision.hasNested = apartBelow.length > 0;
    apartBelow.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
    for (const c of apartBelow) visit(c, !required);
  };
  visit(root, rootRequired);
  return out;
}

/**
 * The decisions for these counts (by folder, `''` the site root): the site's, then one per folder
 * decided apart. A folder is decided apart from the folder it is in when it has
 * MIN_FOLDER_PAGES hand-written pages at least and deciding it apart puts at least that many more
 * pages with their folder's practice; the site's own decision is the one that needs fewer folders
 * decided apart (most of its pages' practice when even). Past MAX_FOLDER_DECISIONS folders, a
 * folder must set twice as many pages right, and so on.
 */
export function decideDescriptions(byFolder: ReadonlyMap<string, DescriptionCount>): DescriptionDecision[] {
  const root = buildTree(byFolder);
  if (root.total === 0) return [];
  let handWritten = 0;
  let described = 0;
  for (const c of byFolder.values()) {
    handWritten += c.handWritten;
    described += c.described;
  }
  for (let entryCost = ENTRY_COST; ; entryCost *= 2) {
    fillCosts(root, entryCost);
    const [ifRequired, ifNot] = root.cost;
    const required = ifRequired === ifNot ? described * 2 >= handWritten : ifRequired < ifNot;
    const decisions = collect(root, required, entryCost);
    if (decisions.length - 1 <= MAX_FOLDER_DECISIONS) return decisions;
  }
}

/** A glob (`overrides[].files`) matching every file under a folder: its name with the glob's special characters escaped. */
export function folderGlob(folder: string): string {
  return `${folder.replace(/[\\*?[\]{}!()@+]/g, (c) => `\\${c}`)}/**`;
}
