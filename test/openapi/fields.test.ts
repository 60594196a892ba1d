import { fieldAnchorVerdict, fieldSlug, isFieldAnchor, operationFields } from '../../src/openapi/fields.js';
import { OperationIndex } from '../../src/openapi/operations.js';

const document = {
  openapi: '3.1.0',
  paths: {
    '/orders': {
      post: {
        parameters: [{ name: 'dryRun', in: 'query' }],
        requestBody: { content: { 'application/json': { schema: { $ref: 'common.yaml#/Order' } } } },
        responses: {
          '201': {
            content: {
              'application/json': {
                schema: { oneOf: [{ properties: { order_id: {} } }, { properties: { error: {} } }] },
              },
            },
          },
        },
      },
    },
  },
};

describe('the fields of an operation and their anchors', () => {
  const index = new OperationIndex(document);
  const fields = operationFields(document, index.find('post', '/orders')!);

  test('an external $ref leaves the fields incomplete: no anchor is then known missing', () => {
    expect(fields).toEqual({
      parameters: ['dryRun'],
      body: [],
      response: [['order_id'], ['error']],
      open: { body: [], response: [] },
      incomplete: true,
    });
    expect(fieldAnchorVerdict(fields, 'response-nothing')).toEqual({ kind: 'unknown' });
    expect(fieldAnchorVerdict({ ...fields, incomplete: false }, 'response-order-i')).toEqual({
      kind: 'missing',
      section: 'response fields',
      close: 'response-order-id',
    });
    expect(fieldAnchorVerdict({ ...fields, incomplete: false }, 'query-dry-run')).toEqual({ kind: 'field' });
  });

  test('slugs and the anchor forms', () => {
    expect([
      fieldSlug('maxTokens'),
      fieldSlug('wallet_transaction'),
      fieldSlug('X-Trace-ID'),
      fieldSlug('a.b[]'),
    ]).toEqual(['max-tokens', 'wallet-transaction', 'x-trace-id', 'a-b']);
    expect(['body-x', 'Response-data', 'param-q', 'bodyx', 'body-', 'status-codes'].map(isFieldAnchor)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
