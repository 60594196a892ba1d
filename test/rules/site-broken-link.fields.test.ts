import { siteRuleTester, SITE_FRONT } from '../helpers/site-rule-tester.js';

const config = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#15803D' },
      navigation: {
        groups: [{ group: 'Start', openapi: 'openapi.json', pages: ['index', 'guides/intro', 'api/chat'] }],
      },
      ...extra,
    },
    null,
    2,
  );

const spec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Acme', version: '1' },
  paths: {
    '/chat': {
      parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string' } }],
      post: {
        summary: 'Chat',
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  messages: { type: 'array', items: { $ref: '#/components/schemas/Message' } },
                  maxTokens: { type: 'integer' },
                  location: { allOf: [{ type: 'object', properties: { country: { type: 'string' } } }] },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { data: { type: 'object', properties: { id: {} } } } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer' } } },
    schemas: {
      Message: {
        type: 'object',
        properties: { role: { type: 'string' }, reply: { $ref: '#/components/schemas/Message' } },
      },
    },
  },
});

const chat = (body: string) => `---\ntitle: Chat\nopenapi: POST /chat\n---\n\n${body}\n`;
const intro = `${SITE_FRONT}## First steps\n`;

siteRuleTester('site-broken-link', {
  valid: [
    {
      name: 'field anchors of the operation: parameters (path item and `$ref`), body fields nested through arrays, `allOf` and a recursive schema, camelCase as a slug, response fields',
      files: {
        'docs.json': config(),
        'openapi.json': spec,
        'api/chat.mdx': chat('[Limit](#query-limit), [trace](#header-x-trace), [tokens](#body-max-tokens).'),
        'guides/intro.mdx': `${intro}\n[a](/api/chat#body-messages-role), [b](/api/chat#body-messages-reply-role), [c](/api/chat#body-location-country), [d](/api/chat#response-data-id), [e](/api/chat#parameter-limit).\n`,
      },
    },
    {
      name: 'a field anchor the page has as a heading; an operation whose spec is remote (its fields are not known)',
      files: {
        'docs.json': config({ api: { openapi: 'https://api.acme.dev/openapi.json' } }),
        'openapi.json': spec,
        'api/chat.mdx': chat('## Response codes\n\nSee [codes](#response-codes).'),
        'api/remote.mdx': '---\ntitle: Remote\nopenapi: GET /remote\n---\n\nSee [x](#body-anything).\n',
        'guides/intro.mdx': intro,
      },
    },
  ],
  invalid: [
    {
      name: 'a field the operation does not have, from another page and from the page itself, with the closest field',
      files: {
        'docs.json': config(),
        'openapi.json': spec,
        'api/chat.mdx': chat('See [messages](#body-mesages) and [nothing](#query-nothing).'),
        'guides/intro.mdx': `${intro}\n[role](/api/chat#body-messages-rol) and [data](/api/chat#response-id).\n`,
      },
      errors: [
        {
          file: 'api/chat.mdx',
          line: 6,
          column: 5,
          endColumn: 30,
          severity: 'warning',
          messageId: 'fieldClose',
          message:
            'anchor `#body-mesages` names no field of this page: the request body fields of `POST /chat` in its spec have no such name, and no heading or id of the page matches it; did you mean `#body-messages`?',
        },
        {
          file: 'api/chat.mdx',
          line: 6,
          column: 35,
          severity: 'warning',
          messageId: 'field',
          message:
            'anchor `#query-nothing` names no field of this page: the parameters of `POST /chat` in its spec have no such name, and no heading or id of the page matches it',
        },
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 1,
          severity: 'warning',
          messageId: 'fieldClose',
          message:
            'anchor `#body-messages-rol` in `/api/chat` names no field of `api/chat`: the request body fields of `POST /chat` in its spec have no such name, and no heading or id of the page matches it; did you mean `#body-messages-role`?',
        },
        {
          file: 'guides/intro.mdx',
          line: 8,
          column: 41,
          severity: 'warning',
          messageId: 'fieldClose',
          message:
            'anchor `#response-id` in `/api/chat` names no field of `api/chat`: the response fields of `POST /chat` in its spec have no such name, and no heading or id of the page matches it; did you mean `#response-data`?',
        },
      ],
    },
  ],
});
