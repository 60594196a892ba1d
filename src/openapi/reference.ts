/**
 * Endpoint references as the platform writes them, in navigation `pages` entries and in a page's
 * front-matter `openapi:` field:
 *
 *   GET /users/{id}                 method + path template (method in any case)
 *   spec.yaml GET /users/{id}       the spec file first (a path, a URL, or a name without extension)
 *   webhook orderUpdated            an OpenAPI 3.1 `webhooks` entry
 *   openapi.json webhook orderUpdated
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const METHOD_SET = new Set<string>(HTTP_METHODS);

export function isHttpMethod(word: string): word is HttpMethod {
  return METHOD_SET.has(word.toLowerCase());
}

export interface EndpointReference {
  kind: 'endpoint' | 'webhook';
  /** Lower-case HTTP method; undefined for webhooks. */
  method?: HttpMethod;
  /** The method exactly as written (for messages). */
  methodText?: string;
  /** Path template for endpoints, webhook name for webhooks. */
  path: string;
  /** The spec named before the method, if any (as written). */
  spec?: string;
  /** The whole reference, trimmed. */
  text: string;
}

/**
 * Parses an endpoint or webhook reference; undefined when the text is an ordinary page path.
 * A `pages` entry with two or three space-separated words whose method word is an HTTP method
 * (or `webhook`) is a reference; anything else is a page path.
 */
export function parseEndpointReference(value: string): EndpointReference | undefined {
  const text = value.trim();
  const words = text.split(/\s+/);
  if (words.length < 2 || words.length > 3) return undefined;
  const [a, b, c] = words as [string, string, string | undefined];
  const spec = c === undefined ? undefined : a;
  const methodWord = c === undefined ? a : b;
  const target = c === undefined ? b : c;
  if (methodWord.toLowerCase() === 'webhook') return { kind: 'webhook', path: target, spec, text };
  if (!isHttpMethod(methodWord)) return undefined;
  return {
    kind: 'endpoint',
    method: methodWord.toLowerCase() as HttpMethod,
    methodText: methodWord,
    path: target,
    spec,
    text,
  };
}

/** `GET /users/{id}` / `webhook orderUpdated`, as a message shows it. */
export function describeReference(ref: { kind: 'endpoint' | 'webhook'; method?: string; path: string }): string {
  return ref.kind === 'webhook' ? `webhook ${ref.path}` : `${ref.method!.toUpperCase()} ${ref.path}`;
}
