import { defineRule } from '../src/rule-kit/index.js';

/** Fields the platform reads as text: a list or an object there is a mistake. */
const TEXT_FIELDS = ['title', 'description', 'sidebarTitle'];
/** Fields that name one endpoint (`GET /users`): the platform refuses anything but one string. */
const ENDPOINT_FIELDS = ['api', 'openapi', 'asyncapi'];

/**
 * The front matter must be something the platform can read: valid YAML, a map of fields, text
 * where text is expected. What a page should have (a title, a description) is
 * page-frontmatter-required.
 */
export default defineRule({
  meta: {
    id: 'page-frontmatter',
    kind: 'page',
    description: 'Front matter is valid YAML, a map of fields, with text where the platform expects text.',
    severity: 'error',
    runOnSyntaxError: true,
    messages: {
      invalidYaml: 'front matter is not valid YAML: {{error}}',
      notText: 'front matter `{{key}}` must be text: quote it ("…")',
      notEndpoint: 'front matter `{{key}}` must be one endpoint as text (`{{key}}: "GET /users"`), not {{got}}',
      // The reader's own words: front matter that is not fields, or past a limit.
      notRead: '{{message}}',
    },
  },
  check(context) {
    if (context.unreadable) return;
    const fm = context.frontmatter;
    if (fm.error) {
      if (fm.error.kind === 'yaml')
        context.report({ messageId: 'invalidYaml', data: { error: fm.error.message }, at: fm.error });
      else context.report({ messageId: 'notRead', data: { message: fm.error.message }, at: fm.error });
      return;
    }
    if (!fm.present) return;
    for (const key of TEXT_FIELDS) {
      const field = fm.fields.get(key);
      if (!field) continue;
      const value = field.value;
      if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number') {
        context.report({ messageId: 'notText', data: { key }, at: field.valueSpan });
      }
    }
    for (const key of ENDPOINT_FIELDS) {
      const field = fm.fields.get(key);
      if (!field || typeof field.value === 'string') continue;
      const got = Array.isArray(field.value) ? 'a list' : field.value === null ? 'nothing' : `a ${typeof field.value}`;
      context.report({
        messageId: 'notEndpoint',
        data: { key, got },
        at: field.value === null ? field.key : field.valueSpan,
      });
    }
  },
});
