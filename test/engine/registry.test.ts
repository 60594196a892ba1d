import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { allRules } from '../../src/engine/registry.js';
import { REPO } from '../helpers/cli.js';

const rules = allRules();

describe('the rule registry', () => {
  test('rule ids are unique and kebab-case', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
  });

  test.each(rules.map((r) => [r.id, r] as const))('%s has meta, a docs page and a README entry', (id, meta) => {
    expect(meta.description.length).toBeGreaterThan(10);
    expect(['error', 'warning', 'info']).toContain(meta.severity);
    expect(meta.docsUrl).toBe(`https://github.com/doclint/doclint/blob/main/docs/rules/${id}.md`);
    const page = path.join(REPO, 'docs/rules', `${id}.md`);
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, 'utf8')).toContain(id);
    expect(readFileSync(path.join(REPO, 'README.md'), 'utf8')).toContain(`[\`${id}\`](docs/rules/${id}.md)`);
  });

  test('the configuration schema lists exactly the registered rule ids', () => {
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schema/doclintrc.schema.json'), 'utf8')) as { definitions: { ruleId: { enum: string[] } } };
    expect([...schema.definitions.ruleId.enum].sort()).toEqual(rules.map((r) => r.id).sort());
  });
});
