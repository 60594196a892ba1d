/*
 * Which spelling dictionary checks which language of `navigation.languages`: the npm package of
 * cspell's dictionary for it, and the locale cspell knows it by. English comes with the spelling
 * library; every other language needs its package installed beside doclint. Languages written
 * without spaces between words (Chinese, Japanese) have none: their pages are not checked.
 */

export interface LanguageDictionary {
  /** The locale cspell's settings name (`language`). */
  locale: string;
  /** The package of its dictionary; none for English (bundled with the library). */
  package?: string;
}

const BY_CODE: Record<string, LanguageDictionary> = {
  // British spellings are English too: a typo check is not a style guide.
  en: { locale: 'en,en-GB' },
  es: { locale: 'es', package: '@cspell/dict-es-es' },
  fr: { locale: 'fr', package: '@cspell/dict-fr-fr' },
  de: { locale: 'de', package: '@cspell/dict-de-de' },
  pt: { locale: 'pt', package: '@cspell/dict-pt-pt' },
  'pt-br': { locale: 'pt-BR', package: '@cspell/dict-pt-br' },
  it: { locale: 'it', package: '@cspell/dict-it-it' },
  ru: { locale: 'ru', package: '@cspell/dict-ru_ru' },
  ro: { locale: 'ro', package: '@cspell/dict-ro-ro' },
  cs: { locale: 'cs', package: '@cspell/dict-cs-cz' },
  id: { locale: 'id', package: '@cspell/dict-id-id' },
  ar: { locale: 'ar', package: '@cspell/dict-ar' },
  tr: { locale: 'tr', package: '@cspell/dict-tr-tr' },
  sv: { locale: 'sv', package: '@cspell/dict-sv' },
  no: { locale: 'nb', package: '@cspell/dict-nb-no' },
  da: { locale: 'da', package: '@cspell/dict-da-dk' },
  lv: { locale: 'lv', package: '@cspell/dict-lv' },
  nl: { locale: 'nl', package: '@cspell/dict-nl-nl' },
  uk: { locale: 'uk', package: '@cspell/dict-uk-ua' },
  vi: { locale: 'vi', package: '@cspell/dict-vi-vn' },
  pl: { locale: 'pl', package: '@cspell/dict-pl_pl' },
  he: { locale: 'he', package: '@cspell/dict-he' },
  ca: { locale: 'ca', package: '@cspell/dict-ca' },
  fi: { locale: 'fi', package: '@cspell/dict-fi-fi' },
  hu: { locale: 'hu', package: '@cspell/dict-hu-hu' },
};

/**
 * The dictionary of a language code of docs.json (`fr`, `fr-CA`, `pt-BR`), or undefined when the
 * language has none (Chinese, Japanese, Korean, Hindi, Uzbek).
 */
export function dictionaryFor(code: string): LanguageDictionary | undefined {
  const lower = code.toLowerCase();
  return BY_CODE[lower] ?? BY_CODE[lower.split('-')[0]!];
}

/**
 * cspell's dictionaries of technical words, checked with every language's: the words of software
 * documentation (product and company names, file types, the vocabulary of languages and tools).
 */
export const TECHNICAL_DICTIONARIES: readonly string[] = [
  'softwareTerms',
  'companies',
  'public-licenses',
  'filetypes',
  'fullstack',
  'html',
  'css',
  'node',
  'npm',
  'typescript',
  'python',
  'golang',
  'rust',
  'java',
  'php',
  'ruby',
  'dotnet',
  'k8s',
  'aws',
  'docker',
  'bash',
  'git',
  'sql',
  'data-science',
  'google',
  'cryptocurrencies',
  'software-tools',
  'web-services',
  'computing-acronyms',
  'networking-terms',
  'shellscript',
];
