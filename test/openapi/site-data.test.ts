// The data the site model gives the OpenAPI and endpoint rules (each rule computes its findings
// from it): the specs in use and the operations with generated pages, and every endpoint
// reference with what it resolves to.
import path from 'node:path';
import type { EndpointReferenceUse } from '../../src/model/endpoint-references.js';
import type { LintPass } from '../../src/model/site-model.js';
import { factsReader, load, modelOf } from '../checks/helpers.js';

async function setup(name: string) {
  const site = await load(name);
  const model = modelOf(site);
  const pass: LintPass = { facts: factsReader(site), inScope: () => true };
  const rel = (file: string) => path.relative(site.root, file).split(path.sep).join('/');
  return { model, pass, rel };
}

describe('openapiUse', () => {
  test('the specs in use by file name, and each generated operation with its scope, route and label', async () => {
    const { model, pass, rel } = await setup('openapi-quality');
    const use = await model.openapiUse(pass);
    expect(use.specs.map((s) => rel(s.spec.file))).toEqual([
      'specs/legacy.yml',
      'specs/orders.yaml',
      'specs/picked.json',
      'specs/users.json',
    ]);
    expect(use.specs.map((s) => s.schemaProblems.length)).toEqual([0, 1, 0, 1]);
    expect(use.operations.map((g) => `${rel(g.spec.file)} ${g.label} -> ${g.scope} ${g.route}`)).toEqual([
      'specs/users.json GET /users -> /navigation/tabs/1 api-reference/users/list-users',
      'specs/users.json POST /users -> /navigation/tabs/1 api-reference/users/post-users',
      'specs/users.json GET /me -> /navigation/tabs/1 api-reference/users/get-a-user',
      'specs/users.json GET /users/{userId} -> /navigation/tabs/1 api-reference/users/get-a-user',
      'specs/users.json webhook `userDeleted` -> /navigation/tabs/1 api-reference/user-deleted',
      'specs/orders.yaml GET /orders -> /navigation/tabs/2 api-reference/orders/list-orders',
      'specs/orders.yaml GET /orders/{orderId} -> /navigation/tabs/2 api-reference/orders/get-an-order',
      'specs/orders.yaml DELETE /orders/{orderId} -> /navigation/tabs/2 api-reference/orders/delete-an-order',
      'specs/orders.yaml GET /orders/{orderId}/items/{itemId} -> /navigation/tabs/2 api-reference/orders/list-items',
      'specs/orders.yaml POST /orders/{orderId}/cancel -> /navigation/tabs/2 api-reference/orders/post-orders-cancel',
      'specs/legacy.yml GET /v0/orders -> /navigation/tabs/2 api-reference/orders/list-orders',
      'specs/picked.json GET /things/{thingId} -> /navigation/tabs/1 api-reference/get-a-thing',
    ]);
    expect(use.generated).toEqual(use.operations);
  });

  test('once per lint pass: the rules of a pass share one analysis', async () => {
    const { model, pass } = await setup('openapi-quality');
    expect(model.openapiUse(pass)).toBe(model.openapiUse(pass));
    expect(model.openapiUse(pass)).not.toBe(model.openapiUse({ ...pass }));
  });
});

describe('endpointReferences', () => {
  const brief = (r: EndpointReferenceUse) => {
    const { resolution } = r;
    const op =
      resolution.kind === 'resolved'
        ? resolution.op.excluded
          ? ' (x-excluded)'
          : resolution.op.hidden
            ? ' (x-hidden)'
            : ''
        : '';
    return `${r.from} ${r.written} -> ${resolution.kind}${op}`;
  };

  test('each reference of the navigation and of the front matter, resolved', async () => {
    const { model, pass } = await setup('openapi-endpoints');
    const { references } = await model.endpointReferences(pass);
    expect(references.map(brief)).toEqual([
      'navigation GET /users -> resolved',
      'navigation get /users/{userId} -> resolved',
      'navigation GET /users/{id} -> not-found',
      'navigation POST /user -> not-found',
      'navigation DELETE /users/{userId} -> resolved',
      'navigation GET /internal/metrics -> resolved (x-hidden)',
      'navigation GET /internal/debug -> resolved (x-excluded)',
      'navigation webhook userCreated -> resolved',
      'navigation webhook userDeleted -> not-found',
      'navigation specs/v2.yaml GET /v2/users -> resolved',
      'navigation /specs/v2.yaml get /v2/nothing -> not-found',
      'navigation GET /v2/users -> resolved',
      'navigation GET /users -> not-found',
      'navigation GET /a -> spec-unusable',
      'navigation GET /b -> spec-unusable',
      'navigation GET /a -> spec-unusable',
      'navigation GET /a -> spec-unusable',
      'navigation GET /a -> remote',
      'navigation POST /b -> remote',
      'navigation GET /orphan -> no-spec-in-scope',
      'front-matter users list -> not-a-reference',
      'front-matter openapi.json GET /userz -> not-found',
      'front-matter GET /users -> resolved',
      'front-matter v2 GET /v2/users -> resolved',
    ]);
  });

  test('the openapi values of docs.json the references use, with why a spec cannot be used', async () => {
    const { model, pass, rel } = await setup('openapi-endpoints');
    const { uses, specs } = await model.endpointReferences(pass);
    expect(
      uses.map((u) => ({
        pointer: u.pointer,
        loaded: u.loaded.map((s) => rel(s.file)),
        remote: u.remote,
        unusable: u.sources.flatMap((s) => (s.unusable ? [s.unusable.kind] : [])),
      })),
    ).toEqual([
      { pointer: '/navigation/tabs/0/openapi', loaded: ['openapi.json'], remote: [], unusable: [] },
      { pointer: '/navigation/tabs/0/groups/1/openapi', loaded: ['specs/v2.yaml'], remote: [], unusable: [] },
      { pointer: '/navigation/tabs/1/groups/0/openapi', loaded: [], remote: [], unusable: ['not-found'] },
      { pointer: '/navigation/tabs/1/groups/1/openapi', loaded: [], remote: [], unusable: ['unloadable'] },
      { pointer: '/navigation/tabs/1/groups/2/openapi', loaded: [], remote: [], unusable: ['unloadable'] },
      {
        pointer: '/navigation/tabs/1/groups/3/openapi',
        loaded: [],
        remote: ['https://api.example.com/openapi.json'],
        unusable: [],
      },
      { pointer: '/navigation/tabs/0/groups/0/pages/9', loaded: ['specs/v2.yaml'], remote: [], unusable: [] },
      { pointer: '/navigation/tabs/0/groups/0/pages/10', loaded: ['specs/v2.yaml'], remote: [], unusable: [] },
      { pointer: '/api/openapi', loaded: ['specs/v2.yaml'], remote: [], unusable: [] },
    ]);
    expect(specs.map((s) => rel(s.file)).sort()).toEqual(['openapi.json', 'specs/v2.yaml']);
  });
});
