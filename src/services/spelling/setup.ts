import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { realRoot, readTextSafe } from '../../core/safe-read.js';
import { UserError } from '../../core/errors.js';
import { isInside } from '../../core/paths.js';
import type { SiteModel } from '../../model/site-model.js';
import { PLATFORM_COMPONENT_SET } from '../../platform/components.js';
import { languageSets } from '../../site/languages.js';
import { isOnSomewhere, type EffectiveSettings } from '../../config/settings.js';
import { checksWords } from '../../rule-kit/rule.js';
import { dictionaryFor, TECHNICAL_DICTIONARIES } from './languages.js';

/*
 * What the spelling check of a run needs, worked out once on the main thread from the site and the
 * spelling rule's options: the site's languages and their folders, the words the site and its
 * words file make known, and which dictionaries are installed. A worker thread of the page pass is
 * handed the same setup and loads the same dictionaries.
 */

/** The library's package: looked for beside doclint, never in the site (a pull request cannot bring one). */
export const SPELLING_LIBRARY = 'cspell-lib';

/** Largest words file read. */
const MAX_WORDS_FILE_BYTES = 1024 * 1024;

/** The options of a spelling rule that configure its dictionaries (the rule reads its others itself). */
export interface SpellingOptions {
  /** The language of pages outside any language folder (default: the default language of `navigation.languages`, else `en`). */
  language?: string;
  /** More of cspell's dictionaries to check with (`latex`, `fonts`, ...). */
  dictionaries?: string[];
  /** A site-relative file of words, one per line (`#` starts a comment). */
  wordsFile?: string;
}

export interface SpellingLanguage {
  code: string;
  /** The folder its pages are in (`fr`), or '' for pages outside every language folder. */
  folder: string;
  /** cspell's locale for it, when it has a dictionary. */
  locale?: string;
  /** Where its dictionary's cspell settings are (`…/cspell-ext.json`), when one is installed; '' for English's (bundled). */
  settingsFile?: string;
  /** Its dictionary's package, when it has one and that is not installed. */
  missingPackage?: string;
}

/** Plain data (a worker thread is handed it). */
export interface SpellingSetup {
  /** The spelling rule that is on (what the run's notices name). */
  ruleId: string;
  /** Site root (absolute). */
  root: string;
  /** The languages, the default one (`folder: ''`) last. */
  languages: SpellingLanguage[];
  dictionaries: string[];
  siteWords: string[];
  fileWords: string[];
  /** Where the library is; absent when it is not installed. */
  library?: string;
  /** Everything above and the versions of the packages: the page findings' cache key. */
  key: string;
}

const here = createRequire(import.meta.url);

/** The folder of an installed package, found as Node finds a package from doclint's own folder. */
function packageDir(name: string): string | undefined {
  for (const base of here.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name) return dir;
    } catch {
      // not here
    }
  }
  return undefined;
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '?';
}

/** The ES module entry of an installed package (`exports["."].import`, else `main`). */
function entryOf(dir: string): string | undefined {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: unknown; main?: string };
  const root = (pkg.exports as Record<string, unknown> | undefined)?.['.'];
  const entry = typeof root === 'string' ? root : ((root as { import?: unknown } | undefined)?.import ?? pkg.main);
  return typeof entry === 'string' ? path.join(dir, entry) : undefined;
}

/** Words of a name or title: runs of letters (`Acme Cloud` → Acme, Cloud). */
function wordsOf(text: string): string[] {
  return text.match(/\p{L}[\p{L}\p{M}'’]*/gu) ?? [];
}

/**
 * Keys of docs.json whose text names the site's things: its `name`, and the labels of its
 * navigation (tabs, anchors, groups, dropdowns, products, versions, menus) and of its navbar's and
 * footer's links.
 */
const NAME_KEYS = new Set(['name', 'tab', 'anchor', 'group', 'dropdown', 'product', 'version', 'item', 'label']);

/** Most values read of docs.json for names (a generated navigation may be very large). */
const MAX_NAME_VALUES = 20_000;

/** The names docs.json gives (see NAME_KEYS), in the order met. */
function configNames(config: unknown): string[] {
  const names: string[] = [];
  const stack: unknown[] = [config];
  let seen = 0;
  while (stack.length && seen++ < MAX_NAME_VALUES) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) {
        if (typeof inner === 'string') {
          if (NAME_KEYS.has(key)) names.push(inner);
        } else stack.push(inner);
      }
  }
  return names;
}

/** The spelling rule that is on, if any (the first, when plugins add more). */
export function spellingRuleOn(settings: EffectiveSettings): string | undefined {
  return settings.registry.rules('page').find((rule) => checksWords(rule) && isOnSomewhere(settings, rule.meta.id))
    ?.meta.id;
}

/**
 * The spelling setup of a run, or undefined when no spelling rule is on. Throws a `UserError` when
 * the words file cannot be read.
 */
export function spellingSetup(settings: EffectiveSettings, site: SiteModel): SpellingSetup | undefined {
  const ruleId = spellingRuleOn(settings);
  if (!ruleId) return undefined;
  const options = (settings.rules[ruleId]?.options ?? {}) as SpellingOptions;
  const libraryDir = packageDir(SPELLING_LIBRARY);
  const library = libraryDir && entryOf(libraryDir);
  const versions: string[] = libraryDir ? [`${SPELLING_LIBRARY}@${versionOf(libraryDir)}`] : [];

  const languages: SpellingLanguage[] = [];
  const add = (code: string, folder: string) => {
    const found = dictionaryFor(code);
    const language: SpellingLanguage = { code, folder };
    if (found) {
      language.locale = found.locale;
      if (!found.package) language.settingsFile = '';
      else {
        const dir = packageDir(found.package);
        if (dir) {
          language.settingsFile = path.join(dir, 'cspell-ext.json');
          versions.push(`${found.package}@${versionOf(dir)}`);
        } else language.missingPackage = found.package;
      }
    }
    languages.push(language);
  };
  const sets = languageSets(site.navigation.entries);
  const seen = new Set<string>();
  for (const { main, others } of sets) {
    for (const language of [main, ...others]) {
      if (!language.folder || seen.has(language.folder)) continue;
      seen.add(language.folder);
      add(language.code, language.folder);
    }
  }
  add(options.language ?? (sets[0]?.main.code || 'en'), '');

  const siteWords = new Set<string>(PLATFORM_COMPONENT_SET);
  // As written, and in lowercase (`Acme` in a label, `acme` in a sentence).
  for (const name of configNames(site.config.value))
    for (const word of wordsOf(name)) siteWords.add(word).add(word.toLowerCase());

  const fileWords: string[] = [];
  if (options.wordsFile !== undefined) {
    const file = path.resolve(site.root, options.wordsFile);
    // Outside the site by its path alone: refused before the file system is asked (whether such a path exists is no business of a configuration).
    if (!isInside(site.root, file))
      throw new UserError(
        `${ruleId}: its words file "${options.wordsFile}" is outside the site; name a file inside the site, relative to its root`,
      );
    const read = readTextSafe(file, { root: realRoot(site.root), maxBytes: MAX_WORDS_FILE_BYTES });
    if (!read.ok)
      throw new UserError(`${ruleId}: its words file "${options.wordsFile}" cannot be read: ${read.message}`);
    for (const line of read.text.split(/\r?\n/)) {
      const word = line.replace(/#.*/, '').trim();
      if (word) fileWords.push(word);
    }
  }

  const setup: Omit<SpellingSetup, 'key'> = {
    ruleId,
    root: site.root,
    languages,
    dictionaries: [...TECHNICAL_DICTIONARIES, ...(options.dictionaries ?? [])],
    siteWords: [...siteWords].sort(),
    fileWords,
    ...(library ? { library } : {}),
  };
  const key = createHash('sha1')
    .update(JSON.stringify([setup, versions]))
    .digest('hex')
    .slice(0, 16);
  return { ...setup, key };
}

/** What `doclint init` says of a spelling rule, which it leaves off: how to turn it on. */
export function spellingOffer(ruleId: string): string {
  return packageDir(SPELLING_LIBRARY)
    ? `${ruleId}: off — ${SPELLING_LIBRARY} is installed: set it to "warn" to check the spelling of the pages' prose`
    : `${ruleId}: off — to check the spelling of the pages' prose, install cspell's library (npm install --save-dev ${SPELLING_LIBRARY}) and set it to "warn"`;
}

/** What a lint pass tells of its spelling check: whether one ran, and its notices when pages were linted. */
export function spellingOutcome(
  setup: SpellingSetup | undefined,
  pages: boolean,
): { spelling?: true; notices?: string[] } {
  if (!setup) return {};
  const notices = pages ? spellingNotices(setup) : [];
  return notices.length ? { spelling: true, notices } : { spelling: true };
}

/** What a run says about its spelling check: why it did not run, or which languages it left out. */
export function spellingNotices(setup: SpellingSetup): string[] {
  const { ruleId } = setup;
  if (!setup.library)
    return [
      `${ruleId} did not run: the spelling library is not installed beside doclint (npm install --save-dev ${SPELLING_LIBRARY})`,
    ];
  const missing = setup.languages.filter((l) => l.missingPackage);
  return missing.map(
    (l) =>
      `${ruleId}: pages in ${l.code} were not checked: no dictionary for ${l.code} is installed (npm install --save-dev ${l.missingPackage})`,
  );
}
