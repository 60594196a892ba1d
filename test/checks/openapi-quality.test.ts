import openapiDuplicateSlug from '../../rules/openapi-duplicate-slug.js';
import openapiOperationDescription from '../../rules/openapi-operation-description.js';
import openapiOperationIdDuplicate from '../../rules/openapi-operation-id-duplicate.js';
import openapiOperationSummary from '../../rules/openapi-operation-summary.js';
import openapiPathParameter from '../../rules/openapi-path-parameter.js';
import openapiRef from '../../rules/openapi-ref.js';
import openapiSchema from '../../rules/openapi-schema.js';
import { load, runCheck } from './helpers.js';

const rules = {
  openapiSchema,
  openapiRef,
  openapiOperationSummary,
  openapiOperationDescription,
  openapiOperationIdDuplicate,
  openapiPathParameter,
  openapiDuplicateSlug,
};

describe('openapi-* rules on openapi-quality (JSON and YAML specs)', () => {
  test.each(Object.entries(rules))('%s', async (name, rule) => {
    const site = await load('openapi-quality');
    expect(await runCheck(rule, site)).toEqual(EXPECTED[name]);
  });
});

// prettier-ignore
const EXPECTED: Record<string, unknown> = {
  openapiSchema: [
    { file: 'specs/orders.yaml', line: 51, column: 13, severity: 'error', message: "`paths[\"/orders/{orderId}/items/{itemId}\"].get.parameters[0].schema.nullable` must be a boolean, not \"yes\"" },
    { file: 'specs/users.json', line: 16, column: 24, severity: 'error', message: "`paths[\"/users\"].post.responses[201]` is missing the required field `description`; add it (OpenAPI 3.1 requires it)" },
  ],
  openapiRef: [
    { file: 'specs/orders.yaml', line: 27, column: 23, severity: 'error', message: "`$ref: #/components/schemas/Ordr` points at nothing in this spec, so the part that uses it is missing from its pages; did you mean `#/components/schemas/Order`?" },
    { file: 'specs/users.json', line: 11, column: 109, severity: 'error', message: "`$ref: #/components/schemas/Users` points at nothing in this spec, so the part that uses it is missing from its pages; did you mean `#/components/schemas/User`?" },
    { file: 'specs/users.json', line: 35, column: 109, severity: 'error', message: "`$ref: schemas/user.json` points at the file `schemas/user.json`: the platform follows references inside the spec only and rejects a spec with any other (its pages are not built); copy the definition into this spec (under `components`) and point at it with `#/components/\u2026`" },
  ],
  openapiOperationSummary: [
    { file: 'specs/orders.yaml', line: 56, column: 5, severity: 'warning', message: "POST /orders/{orderId}/cancel has no `summary`: its generated page is titled after its URL (`post-orders-cancel`); add a `summary` of a few words (it becomes the page's title and URL)" },
    { file: 'specs/users.json', line: 13, column: 7, severity: 'warning', message: "POST /users has no `summary`: its generated page is titled after its URL (`post-users`); add a `summary` of a few words (it becomes the page's title and URL)" },
  ],
  openapiOperationDescription: [
    { file: 'specs/orders.yaml', line: 17, column: 5, severity: 'info', message: "GET /orders/{orderId} has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does" },
    { file: 'specs/users.json', line: 13, column: 7, severity: 'info', message: "POST /users has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does" },
    { file: 'specs/users.json', line: 41, column: 7, severity: 'info', message: "webhook `userDeleted` has no `description`: its generated page has no introduction and no description for search and llms.txt; add a sentence or two on what it does" },
  ],
  openapiOperationIdDuplicate: [
    { file: 'specs/orders.yaml', line: 58, column: 20, severity: 'warning', message: "operationId \"getOrder\" of POST /orders/{orderId}/cancel is also the operationId of GET /orders/{orderId} (line 19); operationIds must be unique in a spec (the playground and API clients tell operations apart by it): rename one" },
    { file: 'specs/users.json', line: 14, column: 24, severity: 'warning', message: "operationId \"listUsers\" of POST /users is also the operationId of GET /users (line 9); operationIds must be unique in a spec (the playground and API clients tell operations apart by it): rename one" },
  ],
  openapiPathParameter: [
    { file: 'specs/orders.yaml', line: 33, column: 17, severity: 'warning', message: "path parameter `order` of DELETE /orders/{orderId} is not in its path `/orders/{orderId}`: the playground has nowhere to put it; remove it, change it to `in: query`, or add `{order}` to the path" },
    { file: 'specs/orders.yaml', line: 41, column: 5, severity: 'warning', message: "`{itemId}` in the path of GET /orders/{orderId}/items/{itemId} is not declared: its page shows no field for it and the playground sends it empty; add a parameter with `name: itemId`, `in: path` and `required: true`" },
    { file: 'specs/picked.json', line: 6, column: 7, severity: 'warning', message: "`{thingId}` in the path of GET /things/{thingId} is not declared: its page shows no field for it and the playground sends it empty; add a parameter with `name: thingId`, `in: path` and `required: true`" },
    { file: 'specs/users.json', line: 29, column: 7, severity: 'warning', message: "`{userId}` in the path of GET /users/{userId} is not declared: its page shows no field for it and the playground sends it empty; rename the parameter `id` to `userId`, or add a parameter with `name: userId`, `in: path` and `required: true`" },
    { file: 'specs/users.json', line: 34, column: 23, severity: 'warning', message: "path parameter `id` of GET /users/{userId} is not in its path `/users/{userId}`: the playground has nowhere to put it; remove it, change it to `in: query`, or add `{id}` to the path" },
  ],
  openapiDuplicateSlug: [
    { file: 'specs/legacy.yml', line: 7, column: 5, severity: 'warning', message: "GET /v0/orders gets the page URL `/api-reference/orders/list-orders`, as GET /orders does (specs/orders.yaml, line 7): one page hides the other; give the operations different summaries, or set `x-mint.href`" },
    { file: 'specs/users.json', line: 29, column: 7, severity: 'warning', message: "GET /users/{userId} gets the page URL `/api-reference/users/get-a-user`, as GET /me does (line 20): the platform numbers this one `/api-reference/users/get-a-user-1`; give the operations different summaries, or set `x-mint.href`" },
  ],
};
