import { rmSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readTextSafe, realRoot } from '../../src/core/safe-read.js';
import { withCompiledSchemasReused } from '../../src/openapi/compiled-schemas.js';
import { SpecLoader, type LoadedSpec } from '../../src/openapi/loader.js';
import { tmpSite } from '../helpers/tmp-site.js';

describe('OpenAPI schema compiled once per run', () => {
  test('a schema object is compiled once per Ajv class while the library validates, and only then', () => {
    const schema = { type: 'object', required: ['name'] };
    const first = withCompiledSchemasReused(() => new Ajv().compile(schema));
    const again = withCompiledSchemasReused(() => new Ajv({ allErrors: true }).compile(schema));
    expect(again).toBe(first);
    expect(withCompiledSchemasReused(() => new Ajv2020().compile(schema))).not.toBe(first);
    expect(withCompiledSchemasReused(() => new Ajv().compile({ ...schema }))).not.toBe(first);
    // Outside the library's validation, Ajv compiles as it always does.
    expect(new Ajv().compile(schema)).not.toBe(first);
    expect(again({})).toBe(false);
    expect(again.errors?.map((e) => e.message)).toEqual(["must have required property 'name'"]);
    expect(again({ name: 'x' })).toBe(true);
  });

  test('each spec gets its own problems when specs of the same version are validated in turn', async () => {
    const spec = (version: string, response: string) =>
      `openapi: ${version}\ninfo:\n  title: Things\n  version: "1"\npaths:\n  /things:\n    get:\n      responses:\n        "200":\n          ${response}\n`;
    const root = tmpSite({
      'a.yaml': spec('3.0.3', 'descriptio: OK'),
      'b.yaml': spec('3.0.3', 'description: OK'),
      'c.yaml': spec('3.0.1', 'summary: OK'),
      'd.yaml': spec('3.1.0', 'descriptio: OK'),
    });
    try {
      const loader = new SpecLoader(root, (file) => readTextSafe(file, { root: realRoot(root), maxBytes: 1 << 20 }));
      const problems = async (name: string) => {
        const loaded = (await loader.load(path.join(root, name))) as LoadedSpec;
        return (await loader.validateSchema(loaded)).map((p) => [p.message, p.pointer]);
      };
      expect(await problems('a.yaml')).toEqual([
        ['Property descriptio is not expected to be here', '/paths/~1things/get/responses/200'],
      ]);
      expect(await problems('b.yaml')).toEqual([]);
      expect(await problems('c.yaml')).toEqual([
        ['Property summary is not expected to be here', '/paths/~1things/get/responses/200'],
      ]);
      // The 3.1 schema (another Ajv class, another schema object) says it its own way.
      expect(await problems('d.yaml')).toEqual([
        ['if must match "else" schema', '/paths/~1things'],
        ["must have required property 'description'", '/paths/~1things/get/responses/200'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
