import {
  defineRule,
  LineIndex,
  type MessageData,
  type Place,
  type SiteContext,
  type EndpointReferences,
  type UnusableSpec,
} from '../src/rule-kit/index.js';

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
    validatesSpecs: { option: 'schema' },
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
    problems: {
      [REMOTE_SPEC]: {
        severity: 'info',
        description: 'a remote spec is never fetched: its endpoint references are not checked (a note)',
      },
      ambiguous: {
        severity: 'warning',
        description:
          'a page names its spec by part of a path that several specs with the operation share: the platform takes the first it finds',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        schema: {
          type: 'boolean',
          description:
            'Also validate each spec in use against the OpenAPI 3.x schema (default false; 100-400 ms per spec).',
        },
      },
      additionalProperties: false,
    },
    // `{{where}}`, `{{at}}` and `{{more}}` are optional parts: empty, or a place / a count in words.
    messages: {
      malformed: '`openapi` must be a spec path or URL, a list of them, or an object with `source`; got {{value}}',
      notFound: 'OpenAPI spec `{{spec}}` not found: {{reason}}',
      notFoundClose: 'OpenAPI spec `{{spec}}` not found: {{reason}}; did you mean `{{suggestion}}`?',
      unparsable: 'OpenAPI spec `{{spec}}` cannot be parsed: {{reason}}{{where}}',
      missing: 'OpenAPI spec `{{spec}}` not found: {{reason}}{{where}}',
      unreadable: 'OpenAPI spec `{{spec}}` is unusable: {{reason}}{{where}}',
      unloadable: 'OpenAPI spec `{{spec}}` cannot be used: {{reason}}{{where}}',
      invalid:
        'OpenAPI spec `{{spec}}` does not pass OpenAPI validation: {{problem}}{{at}}{{more}}; the platform renders the endpoint pages of an invalid spec blank',
      ambiguous:
        'OpenAPI spec `{{spec}}` is no file but part of the path of {{count}} specs that have this operation ({{names}}): the platform takes the first it finds; write the path of the one you mean',
      specUnusable: 'this OpenAPI spec cannot be used: {{reason}}',
      validation: 'OpenAPI validation: {{problem}}',
      validationAt: 'OpenAPI validation: {{problem}} (at {{pointer}})',
      remote:
        'the OpenAPI spec {{specs}} is remote: doclint never fetches URLs, so {{counted}} using it {{verb}} not checked; commit the spec to the repository to have them checked',
      remoteEndpoints:
        'the OpenAPI spec {{specs}} is remote: doclint never fetches URLs, so its endpoints are not checked; commit the spec to the repository to have them checked',
    },
  },
  async check(context) {
    const analysis = await context.site.endpointReferences(context.pass);
    const unusable: UnusableSpec[] = [];
    for (const use of analysis.uses) {
      if (use.malformed)
        context.report({
          messageId: 'malformed',
          data: { value: JSON.stringify(use.value) },
          at: { pointer: use.pointer },
        });
      for (const source of use.sources) {
        if (!source.unusable) continue;
        unusable.push(source.unusable);
        context.report({ ...unusableMessage(source.unusable, context), at: { pointer: source.pointer } });
      }
    }
    for (const r of analysis.references) {
      if (r.resolution.kind === 'spec-failed') {
        unusable.push(r.resolution.unusable);
        context.report({ ...unusableMessage(r.resolution.unusable, context), at: r.at });
      }
      if (r.ambiguous) {
        const { written, specs } = r.ambiguous;
        const names = specs.slice(0, 3).map((spec) => `\`${context.site.relative(spec.file)}\``);
        context.report({
          messageId: 'ambiguous',
          data: { spec: written, count: specs.length, names: `${names.join(', ')}${specs.length > 3 ? ', …' : ''}` },
          at: r.at,
          problem: 'ambiguous',
        });
      }
    }
    reportInSpecFiles(unusable, context);
    reportRemote(analysis, context);
  },
});

/** The messages of a spec that cannot be used, at the place that names it. */
type Unusable = 'notFound' | 'notFoundClose' | 'unparsable' | 'missing' | 'unreadable' | 'unloadable' | 'invalid';

/** Why a spec cannot be used, for the finding at the place that names it. */
function unusableMessage(unusable: UnusableSpec, context: SiteContext): { messageId: Unusable; data: MessageData } {
  const rel = (file: string) => context.site.relative(file);
  const spec = unusable.written;
  if (unusable.kind === 'not-found') {
    return unusable.suggestion
      ? { messageId: 'notFoundClose', data: { spec, reason: unusable.message, suggestion: unusable.suggestion } }
      : { messageId: 'notFound', data: { spec, reason: unusable.message } };
  }
  if (unusable.kind === 'unloadable') {
    const { failure } = unusable;
    const where =
      failure.range && failure.text
        ? ` (${rel(failure.file)}:${new LineIndex(failure.text).position(failure.range.start).line})`
        : '';
    const messageId =
      failure.reason === 'unparsable' || failure.reason === 'missing' || failure.reason === 'unreadable'
        ? failure.reason
        : 'unloadable';
    return { messageId, data: { spec, reason: failure.message, where } };
  }
  const { problems } = unusable;
  const first = problems[0]!;
  const at = first.range
    ? ` at ${rel(unusable.spec.file)}:${unusable.spec.document.lines.position(first.range.start).line}`
    : '';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return { messageId: 'invalid', data: { spec, problem: first.message, at, more } };
}

/** The problems of unusable specs in the spec files themselves, once per file. */
function reportInSpecFiles(unusable: UnusableSpec[], context: SiteContext): void {
  const done = new Set<string>();
  const at = (file: string, text: string, range: { start: number; end: number }): Place => ({
    file,
    ...new LineIndex(text).range(range.start, range.end),
  });
  for (const u of unusable) {
    if (u.kind === 'unloadable') {
      const { failure } = u;
      if (
        !failure.range ||
        !failure.text ||
        done.has(failure.file) ||
        failure.reason === 'missing' ||
        failure.reason === 'unreadable'
      )
        continue;
      done.add(failure.file);
      context.report({
        messageId: 'specUnusable',
        data: { reason: failure.message },
        at: at(failure.file, failure.text, failure.range),
      });
    } else if (u.kind === 'invalid' && !done.has(u.spec.file)) {
      done.add(u.spec.file);
      for (const p of u.problems.slice(0, MAX_SCHEMA_PROBLEMS)) {
        context.report({
          ...(p.pointer
            ? { messageId: 'validationAt', data: { problem: p.message, pointer: p.pointer } }
            : { messageId: 'validation', data: { problem: p.message } }),
          at: at(u.spec.file, u.spec.document.text, p.range ?? { start: 0, end: 0 }),
        });
      }
    }
  }
}

/** ONE info note per remote spec value whose references could not be checked. */
function reportRemote(analysis: EndpointReferences, context: SiteContext): void {
  const frontMatter = analysis.references.filter(
    (r) => r.from === 'front-matter' && r.resolution.kind === 'remote',
  ).length;
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
    const specs = use.remote.map((u) => `\`${u}\``).join(', ');
    context.report({
      ...(counted
        ? { messageId: 'remote', data: { specs, counted, verb: skipped + fm === 1 ? 'is' : 'are' } }
        : { messageId: 'remoteEndpoints', data: { specs } }),
      at: { pointer: use.pointer },
      problem: REMOTE_SPEC,
    });
  }
}
