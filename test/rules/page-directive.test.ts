// page-directive: its RuleTester table, the examples of docs/rules/page-directive.md first, then more cases.
import { SITE_FRONT } from '../../src/api/rule-tester.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-directive', {
  valid: [
    { name: 'docs/rules page, correct example', code: SITE_FRONT + 'Read the [installation guide](/install).\n' },
    {
      name: 'known rule ids, separated by spaces or commas, with a free comment after --',
      code:
        SITE_FRONT +
        '{/* doclint-disable page-image-frame, page-image-alt */}\n![Chart](/chart.png)\n{/* doclint-enable page-image-frame */}\n\n{/* doclint-disable-next-line page-link-text -- the partner’s wording */}\nRead the terms [here](https://partner.example.com/terms).\n',
    },
  ],
  invalid: [
    {
      name: 'docs/rules page, incorrect example',
      code: SITE_FRONT + '{/* doclint-disable-next-line page-link-txt */}\nRead the [installation guide](/install).\n',
      errors: [
        {
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 48,
          message: 'unknown rule `page-link-txt` in `doclint-disable-next-line`: did you mean `page-link-text`?',
        },
      ],
    },
    {
      name: 'an unknown id among known ones, in a disable and an enable',
      code:
        SITE_FRONT +
        '{/* doclint-disable page-image-alt,page-imag-frame */}\n![Chart](/chart.png)\n{/* doclint-enable page-todo-markers */}\n',
      errors: [
        {
          line: 6,
          column: 1,
          endLine: 6,
          endColumn: 55,
          severity: 'warning',
          message: 'unknown rule `page-imag-frame` in `doclint-disable`: did you mean `page-image-frame`?',
        },
        {
          line: 8,
          column: 1,
          endLine: 8,
          endColumn: 41,
          severity: 'warning',
          message: 'unknown rule `page-todo-markers` in `doclint-enable`: did you mean `page-todo-marker`?',
        },
      ],
    },
  ],
});
