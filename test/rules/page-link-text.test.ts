import { ruleTester } from '../helpers/rule-tester.js';

const msg = (text: string): string => `link text "${text}" does not say where the link goes: use words that name the target`;

ruleTester('page-link-text', {
  valid: [
    'See [the quickstart](/quickstart).\n',
    'Read [more about API keys](/keys).\n',
    '<a href="/x">Billing settings</a>\n',
    { name: 'a custom list replaces the defaults', code: '[here](/a)\n', options: { phrases: ['learn more'] } },
    { name: 'not a link', code: 'Click here to continue.\n' },
    { name: 'the words are the name of the target (Stripe’s product called Link)', code: 'Enable the [Link](https://stripe.com/payments/link) feature.\n' },
    { name: 'the same in an <a>, a name of two words', code: 'See <a href="/guides/read-more/">Read more</a>, the reading list.\n' },
  ],
  invalid: [
    {
      name: 'a generic word whose target is named otherwise',
      code: 'Enable [Link](https://stripe.com/payments/wallet) and see [here](/here-and-there).\n',
      errors: [
        { line: 1, column: 8, endLine: 1, endColumn: 50, message: msg('Link') },
        { line: 1, column: 59, endLine: 1, endColumn: 82, message: msg('here') },
      ],
    },
    {
      name: 'default phrases, any case and punctuation',
      code: '[here](/a) and [Click here!](/b) and [Read more…](/c) and [this page](/d)\n',
      errors: [
        { line: 1, column: 1, endLine: 1, endColumn: 11, message: msg('here') },
        { line: 1, column: 16, endLine: 1, endColumn: 33, message: msg('Click here!') },
        { line: 1, column: 38, endLine: 1, endColumn: 54, message: msg('Read more…') },
        { line: 1, column: 59, endLine: 1, endColumn: 74, message: msg('this page') },
      ],
    },
    {
      name: 'emphasis inside the link',
      code: 'See [**this**](/a) and [`link`](/b).\n',
      errors: [
        { line: 1, column: 5, message: msg('this') },
        { line: 1, column: 24, message: msg('link') },
      ],
    },
    {
      name: 'JSX anchor',
      code: '<a href="/x">here</a>\n',
      errors: [{ line: 1, column: 1, endLine: 1, endColumn: 22, message: msg('here') }],
    },
    {
      name: 'custom phrases',
      code: '[Learn more](/a) [here](/b)\n',
      options: { phrases: ['Learn more'] },
      errors: [{ line: 1, column: 1, message: msg('Learn more') }],
    },
    {
      name: 'link inside a callout',
      code: '<Note>\n  Details are [here](/d).\n</Note>\n',
      errors: [{ line: 2, column: 15, message: msg('here') }],
    },
  ],
});
