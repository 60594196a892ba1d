import { defineRule, LineIndex, type Place, type SiteContext, type EndpointReferences, type UnusableSpec } from '../src/rule-kit/index.js';

/** The problem kind of the note about a remote spec (an info-level note). */
const REMOTE_SPEC = 'remote-spec';
/** At most this many schema problems of one spec are reported (with `schema: true`). */
const MAX_SCHEMA_PROBLEMS = 20;

/**
 * An `openapi` spec that is missing, unparsable, not OpenAPI 3.x (or, with `schema: true`, fails
 * OpenAPI validation): one finding where the spec is named, and the problem in the spec file. A
 * remote spec is never fetched (one info-level note). The site model reads the `schema` option
 * when it resolves the endpoint references.
 */
export default defineRule({
  meta: {
    id: 'nav-openapi-invalid',
    kind: 'site',
    description: 'Every OpenAPI spec named in docs.json or front matter must exist, parse and be valid OpenAPI 3.x.',
    severity: 'error',
    specSchemaOption: 'schema',
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
    problems: {
      [REMOTE_SPEC]: { severity: 'info', description: 'a remote spec is never fetched: its endpoint references are not checked (a note)' },
      ambiguous: {
        severity: 'warning',
        description: 'a page names its spec by part of a path that several specs with the operation share: the platform takes the first it finds',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        schema: { type: 'boolean', description: 'Also validate each spec in use against the OpenAPI 3.x schema (default false; 100-400 ms per spec).' },
      },
      additionalProperties: false,
    },
  },
  async check(context) {
    const analysis = await context.site.endpointReferences(context.pass);
    const unusable: UnusableSpec[] = [];
    for (const use of analysis.uses) {
      if (use.malformed)
        context.report({
          message: `\`openapi\` must be a spec path or URL, a list of them, or an object with \`source\`; got ${JSON.stringify(use.value)}`,
          at: { pointer: use.pointer },
        });
      for (const source of use.sources) {
        if (!source.unusable) continue;
        unusable.push(source.unusable);
        context.report({ message: unusableMessage(source.unusable, context), at: { pointer: source.pointer } });
      }
    }
    for (const r of analysis.references) {
      if (r.resolution.kind === 'spec-failed') {
        unusable.push(r.resolution.unusable);
        context.report({ message: unusableMessage(r.resolution.unusable, context), at: r.at });
      }
      if (r.ambiguous) {
        const { written, specs } = r.ambiguous;
        const names = specs.slice(0, 3).map((spec) => `\`${context.site.relative(spec.file)}\``);
        context.report({
          message: `OpenAPI spec \`${written}\` is no file but part of the path of ${specs.length} specs that have this operation (${names.join(', ')}${specs.length > 3 ? ', …' : ''}): the platform takes the first it finds; write the path of the one you mean`,
          at: r.at,
          problem: 'ambiguous',
        });
      }
    }
    reportInSpecFiles(unusable, context);
    reportRemote(analysis, context);
  },
});

/** Why a spec cannot be used, for the finding at the place that names it. */
function unusableMessage(unusable: UnusableSpec, context: SiteContext): string {
  const rel = (file: string) => context.site.relative(file);
  if (unusable.kind === 'not-found') {
    const hint = unusable.suggestion ? `; did you mean \`${unusable.suggestion}\`?` : '';
    return `OpenAPI spec \`${unusable.written}\` not found: ${unusable.message}${hint}`;
  }
  if (unusable.kind === 'unloadable') {
    const { failure } = unusable;
    const where = failure.range && failure.text ? ` (${rel(failure.file)}:${new LineIndex(failure.text).position(failure.range.start).line})` : '';
    const verb =
      failure.reason === 'unparsable'
        ? 'cannot be parsed'
        : failure.reason === 'missing'
          ? 'not found'
          : failure.reason === 'unreadable'
            ? 'is unusable'
            : 'cannot be used';
    return `OpenAPI spec \`${unusable.written}\` ${verb}: ${failure.message}${where}`;
  }
  const { spec, problems } = unusable;
  const first = problems[0]!;
  const line = first.range ? ` at ${rel(spec.file)}:${spec.document.lines.position(first.range.start).line}` : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `OpenAPI spec \`${unusable.written}\` does not pass OpenAPI validation: ${first.message}${line}${more}; the platform renders the endpoint pages of an invalid spec blank`;
}

/** The problems of unusable specs in the spec files themselves, once per file. */
function reportInSpecFiles(unusable: UnusableSpec[], context: SiteContext): void {
  const done = new Set<string>();
  const at = (file: string, text: string, range: { start: number; end: number }): Place => ({ file, ...new LineIndex(text).range(range.start, range.end) });
  for (const u of unusable) {
    if (u.kind === 'unloadable') {
      const { failure } = u;
      if (!failure.range || !failure.text || done.has(failure.file) || failure.reason === 'missing' || failure.reason === 'unreadable') continue;
      done.add(failure.file);
      context.report({ message: `this OpenAPI spec cannot be used: ${failure.message}`, at: at(failure.file, failure.text, failure.range) });
    } else if (u.kind === 'invalid' && !done.has(u.spec.file)) {
      done.add(u.spec.file);
      for (const p of u.problems.slice(0, MAX_SCHEMA_PROBLEMS)) {
        context.report({
          message: `OpenAPI validation: ${p.message}${p.pointer ? ` (at ${p.pointer})` : ''}`,
          at: at(u.spec.file, u.spec.document.text, p.range ?? { start: 0, end: 0 }),
        });
      }
    }
  }
}

/** ONE info note per remote spec value whose references could not be checked. */
function reportRemote(analysis: EndpointReferences, context: SiteContext): void {
  const frontMatter = analysis.references.filter((r) => r.from === 'front-matter' && r.resolution.kind === 'remote').length;
  for (const use of analysis.uses) {
    if (!use.remote.length) continue;
    const skipped = analysis.references.filter((r) => r.use === use && r.resolution.kind === 'remote').length;
    const fm = use.pointer === '/api/openapi' ? frontMatter : 0;
    const generates = context.site.navigation.openapi.some((o) => o.pointer === use.pointer && o.generatesAll);
    if (!skipped && !fm && !generates) continue;
    const counted = [
      skipped ? `${skipped} navigation endpoint reference${skipped === 1 ? '' : 's'}` : '',
      fm ? `${fm} front-matter reference${fm === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const what = counted ? `${counted} using it ${skipped + fm === 1 ? 'is' : 'are'} not checked` : 'its endpoints are not checked';
    context.report({
      message: `the OpenAPI spec ${use.remote.map((u) => `\`${u}\``).join(', ')} is remote: doclint never fetches URLs, so ${what}; commit the spec to the repository to have them checked`,
      at: { pointer: use.pointer },
      problem: REMOTE_SPEC,
    });
  }
}
