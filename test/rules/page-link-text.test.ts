import { builtinRegistry } from '../../src/config/registry.js';
import { toDiagnostics } from '../../src/engine/message-control.js';
import { pagePlan, resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { lintPage } from '../../src/engine/lint-page.js';
import { ruleTester } from '../helpers/rule-tester.js';

/** page-link-text alone on a page at `file`. */
function lintWithDefaultsOf(file: string, text: string, options?: unknown) {
  const registry = builtinRegistry();
  const rules: Record<string, RuleSetting> = {};
  for (const r of registry.rules('page')) rules[r.meta.id] = { severity: 'off' };
  rules['page-link-text'] = { options };
  const settings = resolveSettings(rules);
  return toDiagnostics(lintPage({ file, text, isSnippet: false }, pagePlan(settings)).findings, registry, settings);
}

const msg = (text: string): string =>
  `link text "${text}" does not say where the link goes: use words that name the target`;

ruleTester('page-link-text', {
  valid: [
    'See [the quickstart](/quickstart).\n',
    'Read [more about API keys](/keys).\n',
    '<a href="/x">Billing settings</a>\n',
    { name: 'a custom list replaces the defaults', code: '[here](/a)\n', options: { phrases: ['learn more'] } },
    { name: 'not a link', code: 'Click here to continue.\n' },
    {
      name: 'the words are the name of the target (Stripe’s product called Link)',
      code: 'Enable the [Link](https://stripe.com/payments/link) feature.\n',
    },
    {
      name: 'the same in an <a>, a name of two words',
      code: 'See <a href="/guides/read-more/">Read more</a>, the reading list.\n',
    },
  ],
  invalid: [
    {
      name: 'a generic word whose target is named otherwise',
      code: 'Enable [Link](https://stripe.com/payments/wallet) and see [here](/here-and-there).\n',
      errors: [
        {
          line: 1,
          column: 8,
          endLine: 1,
          endColumn: 50,
          messageId: 'vague',
          message: 'link text "Link" does not say where the link goes: use words that name the target',
        },
        { line: 1, column: 59, endLine: 1, endColumn: 82, messageId: 'vague', data: { text: 'here' } },
      ],
    },
    {
      name: 'default phrases, any case and punctuation',
      code: '[here](/a) and [Click here!](/b) and [Read more…](/c) and [this page](/d)\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 11, messageId: 'vague', data: { text: 'here' } },
        { line: 1, column: 16, endLine: 1, endColumn: 33, messageId: 'vague', data: { text: 'Click here!' } },
        { line: 1, column: 38, endLine: 1, endColumn: 54, messageId: 'vague', data: { text: 'Read more…' } },
        { line: 1, column: 59, endLine: 1, endColumn: 74, messageId: 'vague', data: { text: 'this page' } },
      ],
    },
    {
      name: 'emphasis inside the link',
      code: 'See [**this**](/a) and [`link`](/b).\n',
      errors: [
        { line: 1, column: 5, messageId: 'vague', data: { text: 'this' } },
        { line: 1, column: 24, messageId: 'vague', data: { text: 'link' } },
      ],
    },
    {
      name: 'JSX anchor',
      code: '<a href="/x">here</a>\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 22, messageId: 'vague', data: { text: 'here' } }],
    },
    {
      name: 'custom phrases',
      code: '[Learn more](/a) [here](/b)\n',
      options: { phrases: ['Learn more'] },
      errors: [{ line: 1, column: 1, messageId: 'vague', data: { text: 'Learn more' } }],
    },
    {
      name: 'link inside a callout',
      code: '<Note>\n  Details are [here](/d).\n</Note>\n',
      errors: [{ line: 2, column: 15, messageId: 'vague', data: { text: 'here' } }],
    },
  ],
});

describe('page-link-text: the page’s language, from its language folder', () => {
  const found = (file: string, text: string, options?: unknown) =>
    lintWithDefaultsOf(file, text, options).map(
      (d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`,
    );

  test('language folders: es, fr, de, ko, ja, zh, pt-BR (the English phrases too)', () => {
    expect(found('/site/es/guia.mdx', 'Lee [aquí](/es/a) o [Haga clic aquí](/es/b) o [here](/c).\n')).toEqual([
      `1:5-1:18 ${msg('aquí')}`,
      `1:21-1:44 ${msg('Haga clic aquí')}`,
      `1:47-1:57 ${msg('here')}`,
    ]);
    expect(found('/site/fr/guide.mdx', 'Voir [ici](/fr/a).\n')).toEqual([`1:6-1:18 ${msg('ici')}`]);
    expect(found('/site/de/anleitung.mdx', 'Siehe [hier](/de/a).\n')).toEqual([`1:7-1:20 ${msg('hier')}`]);
    expect(found('/site/ko/guide.mdx', '자세한 내용은 [여기](/ko/a)를 참조하세요.\n')).toEqual([
      `1:9-1:20 ${msg('여기')}`,
    ]);
    expect(found('/site/ja/guide.mdx', '詳しくは[こちら](/ja/a)。\n')).toEqual([`1:5-1:17 ${msg('こちら')}`]);
    expect(found('/site/zh/guide.mdx', '请看[此处](/zh/a)。\n')).toEqual([`1:3-1:14 ${msg('此处')}`]);
    expect(found('/site/pt-BR/guia/intro.mdx', 'Veja [aqui](/pt-BR/a).\n')).toEqual([`1:6-1:22 ${msg('aqui')}`]);
  });

  test('every language the platform accepts: Arabic `هنا` under a version folder, Hebrew, Hindi with its vowel signs, Swedish, fr-CA', () => {
    expect(found('/site/v2/ar/guide.mdx', 'للمزيد من التفاصيل انظر [هنا](/v2/ar/a).\n')).toEqual([
      `1:25-1:40 ${msg('هنا')}`,
    ]);
    expect(found('/site/he/guide.mdx', 'ראו [כאן](/he/a).\n')).toEqual([`1:5-1:17 ${msg('כאן')}`]);
    expect(found('/site/hi/guide.mdx', '[यहाँ क्लिक करें](/hi/a) और [यह](/hi/b)।\n')).toEqual([
      `1:1-1:25 ${msg('यहाँ क्लिक करें')}`,
    ]);
    expect(found('/site/sv/guide.mdx', 'Se [läs mer](/sv/a).\n')).toEqual([`1:4-1:20 ${msg('läs mer')}`]);
    expect(found('/site/fr-CA/guide.mdx', 'Voir [cliquez ici](/fr-CA/a).\n')).toEqual([
      `1:6-1:29 ${msg('cliquez ici')}`,
    ]);
  });

  test('another language’s words are not reported, nor a configured list’s others', () => {
    expect(found('/site/guide.mdx', 'See [hier](/a), [ici](/b), [aquí](/c).\n')).toEqual([]);
    expect(found('/site/fr/guide.mdx', 'Voir [aquí](/a).\n')).toEqual([]);
    expect(found('/site/es/guia.mdx', 'Lee [aquí](/a) o [learn more](/b).\n', { phrases: ['learn more'] })).toEqual([
      `1:18-1:34 ${msg('learn more')}`,
    ]);
  });
});
