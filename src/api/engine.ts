import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../core/diagnostic.js';
import { isStrictlyInside } from '../core/paths.js';
import { applyFixes } from '../engine/fix.js';
import { toDiagnostics } from '../engine/message-control.js';
import { builtinRegistry } from '../config/registry.js';
import { publishedPages } from '../commands/removed.js';
import { SiteSession } from '../engine/session.js';
import { pagePlan, resolveSettings, type EffectiveSettings, type RuleSetting } from '../config/settings.js';
import { lintPage } from '../engine/lint-page.js';
import { checksWords, type ExternalLinkChecker, type ExternalLinkResult, type Rule } from '../rule-kit/rule.js';

/*
 * The part of the engine the RuleTester runs a rule through (src/api/rule-tester.ts imports this
 * module on first use, so a plugin that imports `defineRule` loads none of it): the page pass for
 * a page rule, a whole site session for a site or docs.json rule, each with only that rule on.
 */

export { applyFixes };

/** Settings with only `rule` on (at its default severity, also when it is off by default), with these options. */
function onlyRule(rule: Rule, options: unknown): EffectiveSettings {
  const registry = builtinRegistry().with([rule]);
  const rules: Record<string, RuleSetting> = {};
  for (const id of registry.ids()) rules[id] = { severity: 'off' };
  rules[rule.meta.id] = { options, ...(rule.meta.defaultOff && { severity: rule.meta.severity }) };
  return resolveSettings(rules, registry);
}

/**
 * A page rule's findings on one page, as message control gives them (severity, URL). A spelling
 * rule's page is linted as the one page of a small site (docs.json names it), since the engine
 * gives a spelling rule its dictionaries in a site run; positions are the same.
 */
export async function lintPageWith(
  rule: Rule,
  file: string,
  text: string,
  options: unknown,
  isSnippet: boolean,
): Promise<Diagnostic[]> {
  if (checksWords(rule) && !isSnippet) {
    const name = path.basename(file);
    const docsJson = {
      theme: 'mint',
      name: 'Test',
      colors: { primary: '#0A7A5E' },
      navigation: { pages: [name.replace(/\.mdx?$/, '')] },
    };
    const root = writeSite({ 'docs.json': JSON.stringify(docsJson), [name]: text });
    try {
      return (await lintSiteWith(rule, root, options)).map((d) => ({ ...d, file }));
    } finally {
      removeSite(root);
    }
  }
  const settings = onlyRule(rule, options);
  // A page case is a page at the site's root.
  return toDiagnostics(
    lintPage({ file, relative: path.basename(file), text, isSnippet }, pagePlan(settings)).findings,
    settings.registry,
    settings,
  );
}

/** Writes a site (site-relative path → text) into a new temporary folder; returns its real path. */
export function writeSite(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'doclint-rule-tester-')));
  try {
    for (const [name, text] of Object.entries(files)) {
      const file = path.resolve(root, name);
      if (!isStrictlyInside(root, file))
        throw new Error(`RuleTester: the file "${name}" of a case is not inside the site`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  } catch (error) {
    removeSite(root);
    throw error;
  }
  return root;
}

export function removeSite(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export function readSiteFile(file: string): string {
  return readFileSync(file, 'utf8');
}

export function writeSiteFile(file: string, text: string): void {
  writeFileSync(file, text);
}

/** What a case's external URLs answer (a URL it does not list: `ok`, `HTTP 200 (OK)`); no network is reached. */
function answering(external: Readonly<Record<string, ExternalLinkResult>> | undefined): ExternalLinkChecker {
  return {
    check: (urls) =>
      Promise.resolve(
        new Map(urls.map((url) => [url, external?.[url] ?? { status: 'ok', detail: 'HTTP 200 (OK)' }] as const)),
      ),
  };
}

/**
 * A site or docs.json rule's findings on the site at `root`: a lint of the whole site with only
 * that rule on. A rule that asks for the network check (`context.external`) is given one that
 * answers from `external`.
 */
export async function lintSiteWith(
  rule: Rule,
  root: string,
  options: unknown,
  external?: Readonly<Record<string, ExternalLinkResult>>,
): Promise<Diagnostic[]> {
  const session = await SiteSession.open(root, onlyRule(rule, options), undefined, { external: answering(external) });
  try {
    const { diagnostics } = await session.lint(() => true, { whole: true });
    return diagnostics.filter((d) => d.ruleId === rule.meta.id);
  } finally {
    session.close();
  }
}

/** A change a site case is linted as (`--staged`): the files it removes, and docs.json as it was before it. */
export interface CaseChange {
  /** Site-relative path → the text the file had before the change removed it. */
  removed: Record<string, string>;
  /** docs.json before the change (default: as it is). */
  docsJsonBefore?: string;
}

/**
 * A rule's findings that a change brings to the site at `root` (as `--staged` reports them): the
 * site is linted with the removed files in place, then without them and with the change known to
 * the rules (`context.change`); the findings of the second lint that the first did not have.
 */
export async function lintChangeWith(
  rule: Rule,
  root: string,
  options: unknown,
  change: CaseChange,
): Promise<Diagnostic[]> {
  const removed = new Map<string, Buffer>();
  for (const [name, text] of Object.entries(change.removed)) {
    const file = path.resolve(root, name);
    if (!isStrictlyInside(root, file))
      throw new Error(`RuleTester: the removed file "${name}" of a case is not inside the site`);
    removed.set(file, Buffer.from(text));
  }
  const session = await SiteSession.open(root, onlyRule(rule, options), removed, { overlayAllFiles: true });
  const key = (d: Diagnostic) => `${d.file}\u0000${d.line}:${d.column}-${d.endLine}:${d.endColumn}\u0000${d.message}`;
  const own = (d: Diagnostic) => d.ruleId === rule.meta.id;
  try {
    const before = change.docsJsonBefore === undefined ? undefined : Buffer.from(change.docsJsonBefore);
    const removedPages = await publishedPages(session, removed, before);
    const already = new Set((await session.lint(() => true, { whole: true })).diagnostics.filter(own).map(key));
    for (const file of removed.keys()) session.setOverlay(file, undefined);
    await session.reloadSite();
    session.setChange({ removedPages });
    const { diagnostics } = await session.lint(() => true, { whole: true });
    return diagnostics.filter((d) => own(d) && !already.has(key(d)));
  } finally {
    session.close();
  }
}
