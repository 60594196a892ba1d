import navEndpointHidden from '../../rules/nav-endpoint-hidden.js';
import navEndpointUnresolved from '../../rules/nav-endpoint-unresolved.js';
import navOpenapiInvalid from '../../rules/nav-openapi-invalid.js';
import openapiExtension from '../../rules/openapi-extension.js';
import { load, runCheck } from './helpers.js';

describe('endpoint and OpenAPI checks', () => {
  test('nav-openapi-invalid on openapi-endpoints (6 findings)', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(navOpenapiInvalid, site)).toEqual([
      {
        file: 'docs.json',
        line: 36,
        column: 44,
        severity: 'error',
        message: 'OpenAPI spec `specs/missing.json` not found: the file does not exist; did you mean `specs/bad.json`?',
      },
      {
        file: 'docs.json',
        line: 37,
        column: 45,
        severity: 'error',
        message:
          'OpenAPI spec `specs/bad.json` cannot be parsed: invalid JSON: property name expected (specs/bad.json:5)',
      },
      {
        file: 'docs.json',
        line: 38,
        column: 56,
        severity: 'error',
        message:
          'OpenAPI spec `specs/swagger.json` cannot be used: it is a Swagger 2.0 document; the platform only reads OpenAPI 3.0 and 3.1 (convert it to OpenAPI 3) (specs/swagger.json:2)',
      },
      {
        file: 'docs.json',
        line: 39,
        column: 43,
        severity: 'info',
        message:
          'the OpenAPI spec `https://api.example.com/openapi.json` is remote: doclint never fetches URLs, so 2 navigation endpoint references using it are not checked; commit the spec to the repository to have them checked',
      },
      {
        file: 'specs/bad.json',
        line: 5,
        column: 3,
        severity: 'error',
        message: 'this OpenAPI spec cannot be used: invalid JSON: property name expected',
      },
      {
        file: 'specs/swagger.json',
        line: 2,
        column: 14,
        severity: 'error',
        message:
          'this OpenAPI spec cannot be used: it is a Swagger 2.0 document; the platform only reads OpenAPI 3.0 and 3.1 (convert it to OpenAPI 3)',
      },
    ]);
  });

  test('nav-endpoint-unresolved on openapi-endpoints (8 findings)', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(navEndpointUnresolved, site)).toEqual([
      {
        file: 'api/not-a-ref.mdx',
        line: 4,
        column: 10,
        severity: 'error',
        message:
          'front matter `openapi: users list` is not an endpoint reference; write "METHOD /path", "spec.json METHOD /path" or "spec.json webhook name"',
      },
      {
        file: 'api/typo.mdx',
        line: 4,
        column: 10,
        severity: 'error',
        message:
          'front matter `openapi: openapi.json GET /userz`: no operation `GET /userz` in `openapi.json`; did you mean `GET /users`?',
      },
      {
        file: 'docs.json',
        line: 15,
        column: 15,
        severity: 'error',
        message:
          '`GET /users/{id}`: no operation `GET /users/{id}` in `openapi.json`; did you mean `GET /users/{userId}`?',
      },
      {
        file: 'docs.json',
        line: 16,
        column: 15,
        severity: 'error',
        message: '`POST /user`: no operation `POST /user` in `openapi.json`; did you mean `POST /users`?',
      },
      {
        file: 'docs.json',
        line: 21,
        column: 15,
        severity: 'error',
        message:
          '`webhook userDeleted`: no webhook `userDeleted` in `openapi.json`; did you mean `webhook userCreated`?',
      },
      {
        file: 'docs.json',
        line: 23,
        column: 15,
        severity: 'error',
        message: '`/specs/v2.yaml get /v2/nothing`: no operation `GET /v2/nothing` in `specs/v2.yaml`',
      },
      {
        file: 'docs.json',
        line: 29,
        column: 40,
        severity: 'error',
        message: '`GET /users`: no operation `GET /users` in `specs/v2.yaml`; did you mean `GET /v2/users`?',
      },
      {
        file: 'docs.json',
        line: 44,
        column: 77,
        severity: 'error',
        message:
          '`GET /orphan` has no OpenAPI spec in scope: the platform does not use the top-level `api.openapi` for navigation entries, so it reports `GET /orphan` as a missing page; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json GET /orphan")',
      },
    ]);
  });

  test('nav-endpoint-hidden on openapi-endpoints (2 findings)', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(navEndpointHidden, site)).toEqual([
      {
        file: 'docs.json',
        line: 18,
        column: 15,
        severity: 'error',
        message:
          '`GET /internal/metrics` is marked `x-hidden: true` in `openapi.json`: the platform keeps hidden operations out of the navigation; remove the entry or the `x-hidden`',
      },
      {
        file: 'docs.json',
        line: 19,
        column: 15,
        severity: 'error',
        message:
          '`GET /internal/debug` is marked `x-excluded: true` in `openapi.json`: the platform generates no page for it; remove the entry or the `x-excluded`',
      },
    ]);
  });

  test('openapi-extension on openapi-endpoints (5 findings)', async () => {
    const site = await load('openapi-endpoints');
    expect(await runCheck(openapiExtension, site)).toEqual([
      {
        file: 'openapi.json',
        line: 9,
        column: 44,
        severity: 'warning',
        message: '`x-mint.metadata.title` on POST /users must be a string, not number 42',
      },
      {
        file: 'openapi.json',
        line: 9,
        column: 61,
        severity: 'warning',
        message: '`x-mint.content` on POST /users must be a string of MDX, not a list',
      },
      {
        file: 'openapi.json',
        line: 9,
        column: 78,
        severity: 'warning',
        message: 'unknown key `hrf` in `x-mint` on POST /users; did you mean `href`?',
      },
      {
        file: 'openapi.json',
        line: 15,
        column: 59,
        severity: 'warning',
        message:
          '`x-hidden` on DELETE /users/{userId} must be true or false, not "yes"; the platform ignores other values',
      },
      {
        file: 'specs/v2.yaml',
        line: 9,
        column: 17,
        severity: 'warning',
        message:
          '`x-custom` on GET /v2/users must be an object with `metadata`, `content` or `href`, not the string "content"; to set `content`, put `content:` on its own line, indented under `x-custom:`',
      },
    ]);
  });

  test('nav-endpoint-unresolved on openapi-noscope (2 findings)', async () => {
    const site = await load('openapi-noscope');
    expect(await runCheck(navEndpointUnresolved, site)).toEqual([
      {
        file: 'docs.json',
        line: 5,
        column: 35,
        severity: 'error',
        message:
          '`GET /users` is an endpoint reference but no OpenAPI spec is in scope; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json GET /users")',
      },
      {
        file: 'docs.json',
        line: 5,
        column: 49,
        severity: 'error',
        message:
          '`webhook userCreated` is an endpoint reference but no OpenAPI spec is in scope; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json webhook userCreated")',
      },
    ]);
  });

  test('nav-openapi-invalid on openapi-noscope reports nothing', async () => {
    const site = await load('openapi-noscope');
    expect(await runCheck(navOpenapiInvalid, site)).toEqual([]);
  });

  test('nav-endpoint-unresolved on openapi-apionly (1 finding)', async () => {
    const site = await load('openapi-apionly');
    expect(await runCheck(navEndpointUnresolved, site)).toEqual([
      {
        file: 'docs.json',
        line: 6,
        column: 35,
        severity: 'error',
        message:
          '`GET /users` has no OpenAPI spec in scope: the platform does not use the top-level `api.openapi` for navigation entries, so it reports `GET /users` as a missing page; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json GET /users")',
      },
    ]);
  });

  test('nav-openapi-invalid on openapi-apionly reports nothing', async () => {
    const site = await load('openapi-apionly');
    expect(await runCheck(navOpenapiInvalid, site)).toEqual([]);
  });

  test('nav-endpoint-unresolved on nav-basic reports nothing', async () => {
    const site = await load('nav-basic');
    expect(await runCheck(navEndpointUnresolved, site)).toEqual([]);
  });
});
