import { siteRuleTester } from '../helpers/site-rule-tester.js';

const config = (fields: Record<string, unknown>) =>
  JSON.stringify(
    { theme: 'mint', name: 'Acme', navigation: { groups: [{ group: 'Start', pages: ['index'] }] }, ...fields },
    null,
    2,
  );

siteRuleTester('config-color-contrast', {
  valid: [
    {
      name: 'dark primary, light accent for dark mode',
      files: { 'docs.json': config({ colors: { primary: '#15803D', light: '#4ADE80', dark: '#16A34A' } }) },
    },
    { name: 'no colors at all', files: { 'docs.json': config({}) } },
    {
      name: 'colours that are not hex are left to config-schema',
      files: { 'docs.json': config({ colors: { primary: 'green' } }) },
    },
    {
      name: 'a custom background that makes the colour pass',
      files: { 'docs.json': config({ colors: { primary: '#4ADE80' }, background: { color: { light: '#0B0B0B' } } }) },
    },
  ],
  invalid: [
    {
      name: 'primary too light on white; light too dark on the dark background; dark fails on both',
      files: { 'docs.json': config({ colors: { primary: '#4ADE80', light: '#166534', dark: '#333333' } }) },
      errors: [
        {
          file: 'docs.json',
          line: 15,
          column: 16,
          endLine: 15,
          endColumn: 25,
          messageId: 'lowNearest',
          message:
            '`colors.primary` `#4ade80` has a contrast of 1.74:1 on the light background `#ffffff`; WCAG AA needs 4.5:1; the nearest colour of the same hue that passes is `#198842`',
        },
        {
          file: 'docs.json',
          line: 16,
          column: 14,
          messageId: 'lowNearest',
          data: {
            label: '`colors.light`',
            color: '#166534',
            ratio: '2.77',
            background: 'dark',
            backgroundColor: '#090b0c',
            needs: '4.5',
            nearest: '#1e8b47',
          },
        },
        {
          file: 'docs.json',
          line: 17,
          column: 13,
          messageId: 'lowNearest',
          data: {
            label: '`colors.dark`',
            color: '#333333',
            ratio: '1.56',
            background: 'dark',
            backgroundColor: '#090b0c',
            needs: 3,
            nearest: '#5e5e5e',
          },
        },
      ],
    },
    {
      name: 'linden: its own backgrounds; anchor colours are checked too',
      files: {
        'docs.json': config({
          theme: 'linden',
          colors: { primary: '#0052FF' },
          navigation: {
            global: {
              anchors: [
                { anchor: 'Blog', href: 'https://example.com/blog', color: { light: '#FFD700', dark: '#FFD700' } },
              ],
            },
            groups: [{ group: 'Start', pages: ['index'] }],
          },
        }),
      },
      errors: [
        {
          file: 'docs.json',
          line: 11,
          column: 22,
          messageId: 'lowNearest',
          data: {
            label: 'the light colour of anchor "Blog"',
            color: '#ffd700',
            ratio: '1.34',
            background: 'light',
            backgroundColor: '#f7faff',
            needs: '4.5',
            nearest: '#887200',
          },
        },
      ],
    },
  ],
});
