import { defineRule, type LoadedSpec, type MessageReport, type ReadableSchemaProblem } from '../src/rule-kit/index.js';

/** At most this many findings per spec: past it, one more says how many were left out. */
export const MAX_SCHEMA_FINDINGS = 50;

/** A schema problem in the validator's words (made readable), and the count of those left out. */
const MESSAGES = {
  schema: '{{message}}',
  more: 'and {{count}} more OpenAPI validation problems in this spec (the first {{max}} are reported)',
};

/**
 * A spec's problems against the OpenAPI schema as reports, positioned in the spec: the first
 * `MAX_SCHEMA_FINDINGS`, then one that says how many more there are.
 */
export function schemaReports(
  spec: LoadedSpec,
  problems: readonly ReadableSchemaProblem[],
): Array<MessageReport<keyof typeof MESSAGES>> {
  const doc = spec.document;
  const out: Array<MessageReport<keyof typeof MESSAGES>> = problems
    .slice(0, MAX_SCHEMA_FINDINGS)
    .map((p) => ({ messageId: 'schema', data: { message: p.message }, at: doc.place(p.range) }));
  if (problems.length > MAX_SCHEMA_FINDINGS) {
    out.push({
      messageId: 'more',
      data: { count: problems.length - MAX_SCHEMA_FINDINGS, max: MAX_SCHEMA_FINDINGS },
      at: doc.place({ start: 0, end: 1 }),
    });
  }
  return out;
}

/** Validation of every OpenAPI file in use against the OpenAPI 3.0 / 3.1 schemas, positioned in the file. */
export default defineRule({
  meta: {
    id: 'openapi-schema',
    kind: 'site',
    description:
      'Every OpenAPI file the site uses follows the OpenAPI 3.0 / 3.1 schema (the check of `mint openapi-check`).',
    severity: 'error',
    validatesSpecs: true,
    readsFacts: ['openapi'],
    messages: MESSAGES,
  },
  async check(context) {
    for (const { spec, schemaProblems } of (await context.site.openapiUse(context.pass)).specs) {
      for (const report of schemaReports(spec, schemaProblems)) context.report(report);
    }
  },
});
