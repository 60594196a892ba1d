import { compiledOnce, defineRule, normalisePhrase, spanOf, textOf, type Span } from '../src/rule-kit/index.js';

export interface Options {
  /** Link texts to report (compared lowercased, without punctuation). Replaces the defaults. */
  phrases?: string[];
}

export const DEFAULT_PHRASES = ['here', 'click here', 'this', 'link', 'this link', 'read more', 'more', 'this page'];

/**
 * The same phrases in the languages a site is translated into, by language code (every language
 * the platform's `navigation.languages` accepts): a page in a language folder (`es/…`, `pt-BR/…`,
 * `v2/ar/…`, as `navigation.languages` lays them out, under a version or not) is checked for its
 * language's phrases as well as the English ones.
 */
export const LANGUAGE_PHRASES: Readonly<Record<string, readonly string[]>> = {
  es: ['aquí', 'aqui', 'haga clic aquí', 'haz clic aquí', 'clic aquí', 'este enlace', 'más', 'leer más', 'esta página'],
  pt: ['aqui', 'clique aqui', 'este link', 'este link aqui', 'leia mais', 'mais', 'esta página'],
  fr: ['ici', 'cliquez ici', 'ce lien', 'lire la suite', 'plus', 'cette page'],
  de: ['hier', 'hier klicken', 'klicken sie hier', 'diesen link', 'dieser link', 'mehr', 'weiterlesen', 'diese seite'],
  it: ['qui', 'clicca qui', 'questo link', 'leggi di più', 'di più', 'questa pagina'],
  nl: ['hier', 'klik hier', 'deze link', 'lees meer', 'meer', 'deze pagina'],
  ko: ['여기', '여기를 클릭', '여기를 클릭하세요', '이곳', '이 링크', '더 보기', '더보기', '이 페이지'],
  ja: ['ここ', 'こちら', 'ここをクリック', 'こちらをクリック', 'このリンク', 'もっと見る', 'このページ'],
  zh: [
    '这里',
    '此处',
    '点击这里',
    '点击此处',
    '这个链接',
    '更多',
    '阅读更多',
    '此页面',
    '這裡',
    '此處',
    '點擊這裡',
    '閱讀更多',
  ],
  ru: ['здесь', 'тут', 'нажмите здесь', 'эта ссылка', 'подробнее', 'эта страница'],
  pl: ['tutaj', 'kliknij tutaj', 'ten link', 'więcej', 'ta strona'],
  tr: ['burada', 'buraya', 'buraya tıklayın', 'bu bağlantı', 'daha fazla', 'bu sayfa'],
  id: ['di sini', 'klik di sini', 'tautan ini', 'selengkapnya', 'halaman ini'],
  vi: ['ở đây', 'tại đây', 'nhấp vào đây', 'liên kết này', 'xem thêm', 'trang này'],
  ar: ['هنا', 'اضغط هنا', 'انقر هنا', 'هذا الرابط', 'اقرأ المزيد', 'المزيد', 'هذه الصفحة'],
  he: ['כאן', 'לחץ כאן', 'לחצו כאן', 'קישור זה', 'הקישור הזה', 'קרא עוד', 'קראו עוד', 'עוד', 'דף זה'],
  hi: ['यहाँ', 'यहां', 'यहाँ क्लिक करें', 'यहां क्लिक करें', 'यह लिंक', 'और पढ़ें', 'यह पृष्ठ'],
  uk: ['тут', 'натисніть тут', 'це посилання', 'докладніше', 'читати далі', 'ця сторінка'],
  ro: [
    'aici',
    'click aici',
    'faceți clic aici',
    'apăsați aici',
    'acest link',
    'citește mai mult',
    'mai mult',
    'această pagină',
  ],
  cs: ['zde', 'tady', 'klikněte zde', 'klikněte sem', 'tento odkaz', 'více', 'číst dále', 'tato stránka'],
  sv: ['här', 'klicka här', 'den här länken', 'läs mer', 'mer', 'den här sidan'],
  no: ['her', 'klikk her', 'denne lenken', 'les mer', 'mer', 'denne siden'],
  da: ['her', 'klik her', 'dette link', 'læs mere', 'mere', 'denne side'],
  lv: ['šeit', 'noklikšķiniet šeit', 'šī saite', 'lasīt vairāk', 'vairāk', 'šī lapa'],
  uz: ['bu yerda', 'shu yerda', 'bu yerni bosing', 'ushbu havola', 'batafsil', 'bu sahifa'],
  ca: ['aquí', 'feu clic aquí', 'fes clic aquí', 'aquest enllaç', 'més', 'llegiu-ne més', 'aquesta pàgina'],
  fi: ['tässä', 'täällä', 'tästä', 'napsauta tästä', 'klikkaa tästä', 'tämä linkki', 'lue lisää', 'lisää', 'tämä sivu'],
  hu: [
    'itt',
    'ide',
    'kattintson ide',
    'kattints ide',
    'ez a link',
    'ez a hivatkozás',
    'tovább',
    'bővebben',
    'ez az oldal',
  ],
};

/** Language folder names the platform uses that are another name for a code above. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  jp: 'ja',
  'ja-jp': 'ja',
  'fr-ca': 'fr',
  cn: 'zh',
  'pt-br': 'pt',
  'zh-hans': 'zh',
  'zh-hant': 'zh',
  'zh-cn': 'zh',
  'zh-tw': 'zh',
};

/** The language of a page, from the language folder it is in (the nearest one to the file). */
export function pageLanguage(file: string): string | undefined {
  const folders = file.split(/[\\/]/).slice(0, -1);
  for (let i = folders.length - 1; i >= 0; i--) {
    const folder = folders[i]!.toLowerCase();
    const code = LANGUAGE_ALIASES[folder] ?? folder;
    if (Object.hasOwn(LANGUAGE_PHRASES, code)) return code;
  }
  return undefined;
}

const normaliseAll = (list: readonly unknown[]): Set<string> =>
  new Set(list.map((p) => normalisePhrase(String(p))).filter((p) => p !== ''));

/** The configured phrases (for every page), or the defaults and, by language, the defaults plus that language's. */
const phrasesOf = compiledOnce<Options, (language: string | undefined) => Set<string>>((options) => {
  if (Array.isArray(options?.phrases)) {
    const configured = normaliseAll(options.phrases);
    return () => configured;
  }
  const english = normaliseAll(DEFAULT_PHRASES);
  const byLanguage = new Map<string, Set<string>>();
  return (language) => {
    if (language === undefined) return english;
    let set = byLanguage.get(language);
    if (!set)
      byLanguage.set(language, (set = new Set([...english, ...normaliseAll(LANGUAGE_PHRASES[language] ?? [])])));
    return set;
  };
});

export default defineRule<Options>({
  meta: {
    id: 'page-link-text',
    kind: 'page',
    description: 'Link text says where the link goes, not "click here" or "read more".',
    severity: 'warning',
    fixable: false,
    optionsSchema: {
      type: 'object',
      properties: {
        phrases: {
          type: 'array',
          items: { type: 'string', minLength: 1 },
          description: 'Link texts to report, replacing the default list (and the lists of other languages).',
          default: DEFAULT_PHRASES,
        },
      },
      additionalProperties: false,
    },
    messages: { vague: 'link text "{{text}}" does not say where the link goes: use words that name the target' },
  },

  check(context) {
    const phrases = phrasesOf(context.options)(pageLanguage(context.file));
    const check = (text: string, span: Span | undefined, url: unknown): void => {
      const phrase = normalisePhrase(text);
      if (phrase !== '' && phrases.has(phrase) && !namesTarget(phrase, url)) {
        context.report({ messageId: 'vague', data: { text: text.trim() }, at: span });
      }
    };
    for (const { node } of context.index.links) check(textOf(node), spanOf(node), node.url);
    for (const { node } of context.index.jsx) {
      if (node.name === 'a')
        check(
          textOf(node),
          spanOf(node),
          node.attributes.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'href')?.value,
        );
    }
  },
});

/**
 * Whether the words are the name of what the link points at: the last segment of its path
 * (`[Link](https://stripe.com/payments/link)` names Stripe's product called Link).
 */
function namesTarget(phrase: string, url: unknown): boolean {
  if (typeof url !== 'string') return false;
  const path = url.split(/[?#]/)[0]!.replace(/\/+$/, '');
  let last = path.slice(path.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  try {
    last = decodeURIComponent(last);
  } catch {
    // kept as written
  }
  return last !== '' && normalisePhrase(last.replace(/[-_]+/g, ' ')) === phrase;
}
