import { defineRule, type EndpointReferenceUse, type LoadedSpec, type EndpointReference } from '../src/rule-kit/index.js';

/** A navigation endpoint reference (or a page's front-matter `openapi:`) that names no operation of its spec. */
export default defineRule({
  meta: {
    id: 'nav-endpoint-unresolved',
    kind: 'site',
    description: 'Endpoint references in the navigation and in front matter must name an operation of the OpenAPI spec in scope.',
    severity: 'error',
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const r of (await context.site.endpointReferences(context.pass)).references) {
      const message = unresolved(r, (file) => context.site.relative(file));
      if (message) context.report({ message, at: r.at });
    }
  },
});

/** What is wrong with a reference that names no operation, if it names none. */
function unresolved(r: EndpointReferenceUse, rel: (file: string) => string): string | undefined {
  const { resolution, ref, described: what } = r;
  const subject = r.from === 'navigation' ? `\`${r.written}\`` : `front matter \`openapi: ${r.written}\``;
  switch (resolution.kind) {
    case 'not-a-reference':
      return `${subject} is not an endpoint reference; write "METHOD /path", "spec.json METHOD /path" or "spec.json webhook name"`;
    case 'no-spec-in-scope':
      return resolution.apiOpenapi
        ? `${subject} has no OpenAPI spec in scope: the platform does not use the top-level \`api.openapi\` for navigation entries, so it reports \`${what}\` as a missing page; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json ${what}")`
        : `${subject} is an endpoint reference but no OpenAPI spec is in scope; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json ${what}")`;
    case 'no-spec':
      return `${subject} names an operation but the site has no OpenAPI spec; add one and set "api.openapi" or name it first ("spec.json ${what}")`;
    case 'not-found': {
      const { candidates, named } = resolution;
      const names = named
        ? `\`${named.written}\`${named.matching ? ` (${named.matching.map((m) => `\`${m}\``).join(', ')})` : ''}`
        : candidates.map((s) => `\`${rel(s.file)}\``).join(', ');
      return notFound(subject, ref!, what, candidates, names, rel);
    }
    default:
      return undefined;
  }
}

function notFound(subject: string, ref: EndpointReference, what: string, candidates: LoadedSpec[], names: string, rel: (file: string) => string): string {
  for (const spec of candidates) {
    const unreadable = spec.index.unreadableItem(ref.kind, ref.path);
    if (unreadable) return `${subject}: \`${ref.path}\` cannot be read in \`${rel(spec.file)}\`: ${unreadable.reason}`;
  }
  let suggestion: string | undefined;
  if (ref.kind === 'webhook') {
    for (const spec of candidates) suggestion ??= spec.index.suggestWebhook(ref.path);
    const noWebhooks = candidates.every((s) => !s.index.webhooks.length);
    const hint = suggestion ? `; did you mean \`webhook ${suggestion}\`?` : noWebhooks ? ' (it has no `webhooks`; they need OpenAPI 3.1)' : '';
    return `${subject}: no webhook \`${ref.path}\` in ${names}${hint}`;
  }
  for (const spec of candidates) suggestion ??= spec.index.suggest(ref.method!, ref.path);
  return `${subject}: no operation \`${what}\` in ${names}${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`;
}
