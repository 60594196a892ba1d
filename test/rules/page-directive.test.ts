// page-directive: the examples of docs/rules/page-directive.md as a RuleTester table, with their exact findings.
import { SITE_FRONT } from '../../src/api/rule-tester.js';
import { ruleTester } from '../helpers/rule-tester.js';

ruleTester('page-directive', {
  valid: [
    { name: 'docs/rules page, correct example', code: SITE_FRONT + 'Read the [installation guide](/install).\n' },
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
  ],
});
