import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinRegistry } from '../../src/config/registry.js';

const configRules = builtinRegistry()
  .rules('config')
  .map((r) => r.meta);
import { loadSchema } from '../../src/schema/schema-file.js';

const REPO = path.resolve(path.dirname(loadSchema().file), '..');

describe('schema/docs.schema.json', () => {
  const { schema } = loadSchema();

  test('is a 2020-12 schema requiring theme, name, colors and navigation', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.required).toEqual(['theme', 'name', 'colors', 'navigation']);
  });

  test('every property has a description (for editor hovers)', () => {
    const missing: string[] = [];
    const defs = schema.$defs as Record<string, Record<string, unknown>>;
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === 'object') {
        for (const [key, prop] of Object.entries(o.properties as Record<string, Record<string, unknown>>)) {
          const target = typeof prop.$ref === 'string' ? defs[prop.$ref.replace('#/$defs/', '')] : undefined;
          if (typeof prop.description !== 'string' && typeof target?.description !== 'string') missing.push(`${where}/properties/${key}`);
        }
      }
      for (const [key, child] of Object.entries(o)) walk(child, `${where}/${key}`);
    };
    walk(schema, '#');
    expect(missing).toEqual([]);
  });

  test('every union is the only validating keyword where it stands (validate.ts relies on it)', () => {
    const offenders: string[] = [];
    const ANNOTATIONS = new Set(['description', 'anyOf', 'title']);
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if ('anyOf' in o && Object.keys(o).some((k) => !ANNOTATIONS.has(k))) offenders.push(where);
      if ('oneOf' in o || 'allOf' in o) offenders.push(where);
      // if/then/else is allowed (required keys that depend on another value), but not beside a union.
      if ('if' in o && ('anyOf' in o || !('then' in o || 'else' in o))) offenders.push(where);
      for (const [key, child] of Object.entries(o)) walk(child, `${where}/${key}`);
    };
    walk(schema, '#');
    expect(offenders).toEqual([]);
  });
});

describe('config rules', () => {
  test('metadata', () => {
    // The docs.json rules this file is about (others, such as config-redirect-duplicate, have their own tests).
    const known = new Set(['config-color-contrast', 'config-json', 'config-placeholder', 'config-schema', 'config-unknown-key']);
    expect(configRules.every((r) => r.kind === 'config')).toBe(true);
    const described = configRules.filter((r) => known.has(r.id));
    expect(described.map((r) => [r.id, r.kind, r.severity, r.fixable === true, r.hasSuggestions === true]).sort()).toEqual([
      ['config-color-contrast', 'config', 'warning', false, false],
      ['config-json', 'config', 'error', false, false],
      ['config-placeholder', 'config', 'warning', false, false],
      ['config-schema', 'config', 'error', false, false],
      ['config-unknown-key', 'config', 'warning', false, true],
    ]);
    for (const rule of configRules) expect(rule.docsUrl).toBe(`https://github.com/doclint/doclint/blob/main/docs/rules/${rule.id}.md`);
  });

  test.each(configRules.map((r) => r.id))('docs/rules/%s.md has the expected sections', (id) => {
    const file = path.join(REPO, 'docs', 'rules', `${id}.md`);
    expect(existsSync(file)).toBe(true);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`# ${id}\n`)).toBe(true);
    for (const heading of ['## What it checks', '## Why', '## Incorrect', '## Correct', '## Options']) expect(text).toContain(`\n${heading}\n`);
  });
});
