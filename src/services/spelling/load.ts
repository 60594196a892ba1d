import path from 'node:path';
import { UserError } from '../../core/errors.js';
import { importNamespace } from '../../config/doclintrc-modules.js';
import type { SpellingDictionary } from '../../rule-kit/rule.js';
import type { SpellingResources } from '../page-services.js';
import type { SpellingLanguage, SpellingSetup } from './setup.js';

/*
 * Loads the dictionaries of a spelling setup with cspell's library, once per setup, on the main
 * thread (the page pass's threads only read the words, see `deferredSpelling`):
 * each language's own dictionary (never another language's) with the technical ones, and hands
 * a page the dictionary of its language. cspell reads only the settings given here: no
 * configuration file is looked for, in the site or in the user's folders.
 */

export type { SpellingResources } from '../page-services.js';

type CSpell = typeof import('cspell-lib');
type Collection = Awaited<ReturnType<CSpell['getDictionary']>>;

const loaded = new Map<string, Promise<SpellingResources>>();

/** The resources of a setup (loaded on first request in this thread, then kept). */
export function loadSpelling(setup: SpellingSetup): Promise<SpellingResources> {
  let pending = loaded.get(setup.key);
  if (!pending) {
    pending = load(setup).catch((error: unknown) => {
      throw new UserError(
        `the spelling dictionaries could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    });
    loaded.set(setup.key, pending);
  }
  return pending;
}

/** Whether the dictionaries of a setup are loaded (or loading) in this thread. */
export function spellingLoaded(setup: SpellingSetup): boolean {
  return loaded.has(setup.key);
}

/** Words looked up, kept per dictionary (prose repeats its words); past this many, no more are kept. */
const MAX_REMEMBERED = 200_000;

/** A dictionary as a rule sees it: lookups, remembered (prose repeats its words). */
function dictionaryOf(collection: Collection): SpellingDictionary {
  const lookup = (options: { ignoreCase: boolean }) => {
    const remembered = new Map<string, boolean>();
    return (word: string): boolean => {
      let known = remembered.get(word);
      if (known === undefined) {
        known = collection.has(word, options) && !collection.isForbidden(word);
        if (remembered.size < MAX_REMEMBERED) remembered.set(word, known);
      }
      return known;
    };
  };
  return { has: lookup({ ignoreCase: true }), hasExactly: lookup({ ignoreCase: false }) };
}

async function load(setup: SpellingSetup): Promise<SpellingResources> {
  if (!setup.library) return { forPage: () => undefined };
  const cspell = (await importNamespace(setup.library)) as CSpell;
  const defaults = await cspell.getDefaultBundledSettingsAsync();
  const dictionaries = new Map<SpellingLanguage, SpellingDictionary | undefined>();
  for (const language of setup.languages) {
    if (language.settingsFile === undefined || !language.locale) {
      dictionaries.set(language, undefined);
      continue;
    }
    const own = language.settingsFile ? await cspell.readSettings(language.settingsFile) : {};
    const merged = cspell.mergeSettings(defaults, own, { language: language.locale, dictionaries: setup.dictionaries });
    const final = cspell.finalizeSettings(cspell.combineTextAndLanguageSettings(merged, '', ['markdown']));
    const collection = await cspell.getDictionary(final);
    // cspell keeps a dictionary it could not read as an empty one: that would pass every word.
    const failed = collection.getErrors?.()[0];
    if (failed) throw failed;
    dictionaries.set(language, dictionaryOf(collection));
  }
  const siteWords: ReadonlySet<string> = new Set(setup.siteWords);
  const fileWords: ReadonlySet<string> = new Set(setup.fileWords);
  const languageOf = pageLanguage(setup);
  return {
    forPage(file) {
      const language = languageOf(file);
      if (!language) return undefined;
      const dictionary = dictionaries.get(language);
      return { language: language.code, ...(dictionary ? { dictionary } : {}), siteWords, fileWords };
    },
  };
}

/**
 * The spelling of the page pass when the words are checked afterwards, for the whole site at once
 * (src/engine/spelling-check.ts): no dictionary is loaded; a page whose language has a dictionary
 * installed gets its language and the site's words, and its rule defers its words.
 */
export function deferredSpelling(setup: SpellingSetup): SpellingResources {
  if (!setup.library) return { forPage: () => undefined };
  const siteWords: ReadonlySet<string> = new Set(setup.siteWords);
  const fileWords: ReadonlySet<string> = new Set(setup.fileWords);
  const languageOf = pageLanguage(setup);
  return {
    defers: true,
    forPage(file) {
      const language = languageOf(file);
      // A language without a dictionary installed is not checked (the run says so once).
      if (!language || language.settingsFile === undefined || !language.locale) return undefined;
      return { language: language.code, siteWords, fileWords };
    },
  };
}

/** The language of a page: by its language folder, else the default language. */
export function pageLanguage(setup: SpellingSetup): (file: string) => SpellingLanguage | undefined {
  // Language folders, longest first (the default language's, '', last).
  const byFolder = [...setup.languages].sort(
    (a, b) => b.folder.length - a.folder.length || (a.folder < b.folder ? -1 : 1),
  );
  return (file) => {
    const relative = path.relative(setup.root, file).split(path.sep).join('/');
    // A language folder at the start of the path, else anywhere in it (`snippets/fr/note.mdx`).
    const folders = relative.split('/').slice(0, -1);
    return (
      byFolder.find((l) => l.folder !== '' && relative.startsWith(`${l.folder}/`)) ??
      byFolder.find((l) => l.folder !== '' && !l.folder.includes('/') && folders.includes(l.folder)) ??
      byFolder.find((l) => l.folder === '')
    );
  };
}
