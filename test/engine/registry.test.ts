import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allRules, builtinRegistry } from '../../src/config/registry.js';
import { REPO } from '../helpers/cli.js';

const rules = allRules();

describe('the rule registry', () => {
  test('rule ids are unique and kebab-case, one file per rule named after it', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
    const files = readdirSync(path.join(REPO, 'rules'))
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => f.slice(0, -3));
    expect([...ids].sort()).toEqual(files.sort());
  });

  test.each(rules.map((r) => [r.id, r] as const))(
    '%s has meta, a docs page and an entry in docs/rules.md',
    (id, meta) => {
      expect(meta.description.length).toBeGreaterThan(10);
      expect(['error', 'warning', 'info']).toContain(meta.severity);
      expect(['config', 'page', 'site']).toContain(meta.kind);
      expect(meta.docsUrl).toBe(`https://github.com/doclint/doclint/blob/main/docs/rules/${id}.md`);
      if (meta.fixable || meta.hasSuggestions) expect(meta.fixNote?.length ?? 0).toBeGreaterThan(20);
      for (const problem of Object.values(meta.problems ?? {}))
        expect(['error', 'warning', 'info']).toContain(problem.severity);
      const page = path.join(REPO, 'docs/rules', `${id}.md`);
      expect(existsSync(page)).toBe(true);
      expect(readFileSync(page, 'utf8').startsWith(`# ${id}\n`)).toBe(true);
      expect(readFileSync(path.join(REPO, 'docs/rules.md'), 'utf8')).toContain(`[\`${id}\`](rules/${id}.md)`);
    },
  );

  test('the configuration schema has every rule, with its options schema', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schema/doclintrc.schema.json'), 'utf8')) as {
      properties: { rules: { properties: Record<string, { oneOf: Array<{ items?: unknown[] }> }> } };
    };
    const listed = schema.properties.rules.properties;
    expect(Object.keys(listed).sort()).toEqual(rules.map((r) => r.id).sort());
    for (const meta of rules) {
      if (meta.optionsSchema) expect(listed[meta.id]!.oneOf[1]!.items![1]).toEqual(meta.optionsSchema);
    }
  });

  test('the registry answers by id and kind', () => {
    const registry = builtinRegistry();
    expect(registry.get('site-broken-link')?.kind).toBe('site');
    expect(registry.has('nope')).toBe(false);
    // By kind: the docs.json rules are the `config-*` files of rules/ (a new one needs no edit here).
    const configFiles = readdirSync(path.join(REPO, 'rules'))
      .filter((f) => f.startsWith('config-') && f.endsWith('.ts'))
      .map((f) => f.slice(0, -3));
    expect(
      registry
        .rules('config')
        .map((r) => r.meta.id)
        .sort(),
    ).toEqual(configFiles.sort());
    expect(configFiles).toEqual(expect.arrayContaining(['config-json', 'config-schema']));
  });

  test('the engine finds the rules it treats specially by the flags of their meta', () => {
    const registry = builtinRegistry();
    const flagged = (flag: Parameters<typeof registry.withFlag>[0]) => registry.withFlag(flag).map((m) => m.id);
    expect(flagged('independentOfConfig')).toEqual([
      'agent-llms-txt-code-fence',
      'config-json',
      'site-robots-blocks-ai',
    ]);
    expect(flagged('readsConfigValidation')).toEqual(['config-placeholder', 'config-schema', 'config-unknown-key']);
    expect(flagged('notDisableable')).toEqual(['page-directive', 'page-mdx-syntax']);
    expect(flagged('reportsRemovedTargets')).toEqual([
      'nav-endpoint-unresolved',
      'nav-openapi-invalid',
      'nav-page-missing',
      'site-broken-link',
      'site-import-missing',
      'site-redirect',
      'site-redirect-missing',
    ]);
    expect(flagged('houseStyle')).toEqual([
      'nav-duplicate-title',
      'page-code-language',
      'page-frontmatter-required',
      'page-frontmatter-unknown-key',
      'page-image-frame',
    ]);
    expect(registry.withFlag('validatesSpecs').map((m) => [m.id, m.validatesSpecs])).toEqual([
      ['nav-openapi-invalid', { option: 'schema' }],
      ['openapi-schema', true],
    ]);
    // `--fix-code-language` sets the `fixLanguage` option of the rules whose options schema has one.
    expect(
      registry
        .metas()
        .filter((meta) => Object.hasOwn((meta.optionsSchema?.properties ?? {}) as object, 'fixLanguage'))
        .map((meta) => meta.id),
    ).toEqual(['page-code-language']);
  });
});
