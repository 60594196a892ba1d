import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compileAtRuntime, fromStandalone, generateStandalone, type SchemaValidators } from '../../src/schema/compile.js';
import { schemaPath } from '../../src/schema/schema-file.js';
import { checkConfig } from '../../src/engine/config-check.js';
import { createConfigValidator, validateConfig } from '../../src/schema/validate.js';
import { loadDocsJson } from '../../src/site/docs-json.js';
import { config, writeSite } from './helpers.js';

/** Loads generated module source the way Node loads a .cjs file. */
function evaluate(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  const require = createRequire(schemaPath());
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

const SAMPLES = [
  config({ theme: 'mintt', colors: { primary: 'green' }, logo: 5 }),
  config({ integrations: { ga4: { measurmentId: 'UA-1' }, segmentt: {}, posthog: { apiKey: 'phc_...', apiHost: 'nope' }, intercom: { appId: 'abc' } } }),
  config({ navigation: { tabs: [{ tab: 'T', groups: [{ pages: ['a', 3, { group: 'N', pages: [{ pages: [] }], expandd: 1 }] }] }, { name: 'x' }] } }),
  config({ navigation: { anchors: [{ anchor: 'A', openapi: { file: 'x' }, icon: { style: 's' } }] }, contextual: { options: ['chatgtp'] } }),
];

describe('precompiled validators', () => {
  const text = readFileSync(schemaPath(), 'utf8');
  let precompiled: SchemaValidators;

  beforeAll(() => {
    const validators = fromStandalone(evaluate(generateStandalone(text)), text);
    if (!validators) throw new Error('generated module was rejected');
    precompiled = validators;
  });

  test('come from the build step and report exactly what a run-time compile reports', async () => {
    expect(precompiled.origin).toBe('precompiled');
    const runtime = createConfigValidator(compileAtRuntime(JSON.parse(text)));
    const standalone = createConfigValidator(precompiled);
    for (const sample of SAMPLES) {
      const root = writeSite({ 'docs.json': sample });
      const doc = await loadDocsJson(path.join(root, 'docs.json'), root);
      const expected = runtime(doc);
      expect(standalone(doc)).toEqual(expected);
      expect(validateConfig(doc)).toEqual(expected);
      // And so do the findings the docs.json rules make of it.
      const findings = await checkConfig(doc, runtime);
      expect(findings.validation.length).toBeGreaterThan(1);
      expect(await checkConfig(doc, standalone)).toEqual(findings);
      expect(await checkConfig(doc)).toEqual(findings);
    }
  });

  test('a module generated from another version of the schema is not used', () => {
    const other = text.replace('"Layout theme of the site."', '"Layout theme."');
    expect(other).not.toBe(text);
    expect(fromStandalone(evaluate(generateStandalone(other)), text)).toBeUndefined();
    expect(fromStandalone({}, text)).toBeUndefined();
  });
});
