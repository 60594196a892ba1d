import { siteRuleTester } from '../helpers/site-rule-tester.js';

const config = (extra: Record<string, unknown>, groups: unknown[]) =>
  JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      ...extra,
      navigation: { groups },
    },
    null,
    2,
  );

const group = (icon: unknown) => ({ group: 'Start', icon, pages: ['index'] });

siteRuleTester('config-icon-unknown', {
  valid: [
    {
      name: 'Free, Pro and aliased names',
      files: { 'docs.json': config({}, [group('gear'), group('book-open-cover'), group('cog')]) },
    },
    {
      name: 'images',
      files: { 'docs.json': config({}, [group('/images/a.svg'), group('https://example.com/a.png')]) },
    },
    {
      name: 'a Lucide site',
      files: {
        'docs.json': config({ icons: { library: 'lucide' } }, [
          group('settings'),
          group({ name: 'gear', library: 'fontawesome' }),
        ]),
      },
    },
    {
      name: 'fa- and unknown libraries are schema errors',
      files: { 'docs.json': config({ icons: { library: 'material' } }, [group('qwxz'), group('fa-gear')]) },
    },
  ],
  invalid: [
    {
      name: 'a Lucide name on a Font Awesome site, and a misspelling',
      files: {
        'docs.json': config({}, [group('settings'), group({ name: 'rocke', style: 'solid' }), group('Triangle')]),
      },
      errors: [
        {
          file: 'docs.json',
          line: 12,
          column: 17,
          message:
            '`settings` is a Lucide icon, but its icons come from Font Awesome, the platform’s default: the platform renders nothing for it; use a Font Awesome name',
        },
        {
          file: 'docs.json',
          line: 20,
          column: 19,
          message:
            '`rocke` is not a Font Awesome icon: the platform renders nothing for it (its icons come from Font Awesome, the platform’s default); did you mean `rocket`?',
        },
        {
          file: 'docs.json',
          line: 29,
          column: 17,
          messageId: 'caseOnly',
          message:
            '`Triangle` is not a Font Awesome icon: its names are lower case, and the platform looks a name up as written, so it renders nothing for it (its icons come from Font Awesome, the platform’s default); write `triangle`',
        },
      ],
    },
    {
      name: 'a Font Awesome name on a Lucide site, and the icon’s own library',
      files: {
        'docs.json': config({ icons: { library: 'lucide' } }, [
          group('gear'),
          group({ name: 'settings', library: 'fontawesome' }),
        ]),
      },
      errors: [
        {
          file: 'docs.json',
          line: 15,
          column: 17,
          messageId: 'otherLibrary',
          data: { name: 'gear', other: 'Font Awesome', library: 'Lucide', where: ', `icons.library`' },
        },
        {
          file: 'docs.json',
          line: 23,
          column: 19,
          messageId: 'otherLibrary',
          data: { name: 'settings', other: 'Lucide', library: 'Font Awesome', where: ', the icon’s `library`' },
        },
      ],
    },
    {
      name: 'a Pro name with the pro option',
      files: { 'docs.json': config({}, [group('book-open-cover')]) },
      options: { pro: true },
      errors: [
        {
          file: 'docs.json',
          line: 12,
          column: 17,
          severity: 'info',
          messageId: 'pro',
          data: { name: 'book-open-cover' },
        },
      ],
    },
  ],
});
