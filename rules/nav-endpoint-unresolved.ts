import {
  defineRule,
  type EndpointReferenceUse,
  type LoadedSpec,
  type EndpointReference,
  type MessageData,
} from '../src/rule-kit/index.js';

const SCOPE_HINT = 'add "openapi" to the enclosing group or tab, or name the spec first ("spec.json {{what}}")';

const MESSAGES = {
  notReference:
    '{{subject}} is not an endpoint reference; write "METHOD /path", "spec.json METHOD /path" or "spec.json webhook name"',
  apiOpenapiOnly: `{{subject}} has no OpenAPI spec in scope: the platform does not use the top-level \`api.openapi\` for navigation entries, so it reports \`{{what}}\` as a missing page; ${SCOPE_HINT}`,
  noSpecInScope: `{{subject}} is an endpoint reference but no OpenAPI spec is in scope; ${SCOPE_HINT}`,
  noSpec:
    '{{subject}} names an operation but the site has no OpenAPI spec; add one and set "api.openapi" or name it first ("spec.json {{what}}")',
  unreadable: '{{subject}}: `{{path}}` cannot be read in `{{file}}`: {{reason}}',
  noWebhook: '{{subject}}: no webhook `{{path}}` in {{names}}',
  noWebhookClose: '{{subject}}: no webhook `{{path}}` in {{names}}; did you mean `webhook {{suggestion}}`?',
  noWebhooks: '{{subject}}: no webhook `{{path}}` in {{names}} (it has no `webhooks`; they need OpenAPI 3.1)',
  noOperation: '{{subject}}: no operation `{{what}}` in {{names}}',
  noOperationClose: '{{subject}}: no operation `{{what}}` in {{names}}; did you mean `{{suggestion}}`?',
};

/** A message of the rule and the values of its placeholders. */
interface Problem {
  messageId: keyof typeof MESSAGES;
  data: MessageData;
}

/** A navigation endpoint reference (or a page's front-matter `openapi:`) that names no operation of its spec. */
export default defineRule({
  meta: {
    id: 'nav-endpoint-unresolved',
    kind: 'site',
    description:
      'Endpoint references in the navigation and in front matter must name an operation of the OpenAPI spec in scope.',
    severity: 'error',
    reportsRemovedTargets: true,
    readsFacts: ['openapi'],
    messages: MESSAGES,
  },
  async check(context) {
    for (const r of (await context.site.endpointReferences(context.pass)).references) {
      const problem = unresolved(r, (file) => context.site.relative(file));
      if (problem) context.report({ ...problem, at: r.at });
    }
  },
});

/** What is wrong with a reference that names no operation, if it names none. */
function unresolved(r: EndpointReferenceUse, rel: (file: string) => string): Problem | undefined {
  const { resolution, ref, described: what } = r;
  const subject = r.from === 'navigation' ? `\`${r.written}\`` : `front matter \`openapi: ${r.written}\``;
  switch (resolution.kind) {
    case 'not-a-reference':
      return { messageId: 'notReference', data: { subject } };
    case 'no-spec-in-scope':
      return { messageId: resolution.apiOpenapi ? 'apiOpenapiOnly' : 'noSpecInScope', data: { subject, what } };
    case 'no-spec':
      return { messageId: 'noSpec', data: { subject, what } };
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

function notFound(
  subject: string,
  ref: EndpointReference,
  what: string,
  candidates: LoadedSpec[],
  names: string,
  rel: (file: string) => string,
): Problem {
  for (const spec of candidates) {
    const unreadable = spec.index.unreadableItem(ref.kind, ref.path);
    if (unreadable)
      return {
        messageId: 'unreadable',
        data: { subject, path: ref.path, file: rel(spec.file), reason: unreadable.reason },
      };
  }
  let suggestion: string | undefined;
  if (ref.kind === 'webhook') {
    for (const spec of candidates) suggestion ??= spec.index.suggestWebhook(ref.path);
    const noWebhooks = candidates.every((s) => !s.index.webhooks.length);
    const data = { subject, path: ref.path, names };
    if (suggestion) return { messageId: 'noWebhookClose', data: { ...data, suggestion } };
    return { messageId: noWebhooks ? 'noWebhooks' : 'noWebhook', data };
  }
  for (const spec of candidates) suggestion ??= spec.index.suggest(ref.method!, ref.path);
  if (suggestion) return { messageId: 'noOperationClose', data: { subject, what, names, suggestion } };
  return { messageId: 'noOperation', data: { subject, what, names } };
}
