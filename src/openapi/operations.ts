import { didYouMean } from '../core/suggest.js';
import { HTTP_METHODS, type HttpMethod } from './reference.js';
import { pointerSegments, valueAt } from './locate.js';

import { isObject, type JsonObject } from '../core/json.js';

export { isObject, type JsonObject };

/** One operation of a spec: a method of a path item under `paths` or `webhooks`. */
export interface Operation {
  kind: 'endpoint' | 'webhook';
  method: HttpMethod;
  /** Path template (`/users/{id}`) or webhook name. */
  path: string;
  /** JSON pointer segments of the operation object in the spec file. */
  pointer: string[];
  operation: JsonObject;
  summary?: string;
  description?: string;
  /** True when `x-hidden: true` (the page exists but the platform keeps it out of navigation). */
  hidden: boolean;
  /** True when `x-excluded: true` (the platform generates no page at all). */
  excluded: boolean;
}

/** A path item the index could not read, e.g. an external `$ref` (the platform only follows internal ones). */
export interface UnreadablePathItem {
  kind: 'endpoint' | 'webhook';
  path: string;
  reason: string;
}

/** `/users/{id}` and `/users/{userId}` normalise to the same key. */
export function normalisePathTemplate(template: string): string {
  let p = template.replace(/\{[^}]*\}/g, '{}');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

function stripTrailingSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/** A pointer segment with its %-escapes decoded; a malformed escape (`%E0`) is kept as written. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The value an internal `$ref` (`#/components/schemas/User`) points at in a document; undefined when none. */
export function resolveInternal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const segments = ref
    .slice(1)
    .split('/')
    .slice(1)
    .map((s) => decodeSegment(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const segment of segments) {
    // Own properties only: `#/__proto__` or `#/constructor` point at nothing.
    if ((!isObject(node) && !Array.isArray(node)) || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Method + path (and webhook) lookup for one spec, with the near misses a writer makes: another
 * parameter name, another method, a trailing slash, a typo.
 */
export class OperationIndex {
  readonly endpoints: Operation[] = [];
  readonly webhooks: Operation[] = [];
  readonly unreadable: UnreadablePathItem[] = [];
  private readonly byKey = new Map<string, Operation>();
  private readonly byNormalised = new Map<string, Operation[]>();
  private readonly webhooksByName = new Map<string, Operation>();
  /**
   * Candidate lists for did-you-mean, made once: the same list on every call lets didYouMean bound
   * its work over the whole run (a spec with 100,000 operations and as many unresolved references).
   */
  private readonly pools = new Map<string, string[]>();

  constructor(readonly document: JsonObject) {
    this.collect('endpoint', 'paths');
    this.collect('webhook', 'webhooks');
  }

  private collect(kind: 'endpoint' | 'webhook', section: 'paths' | 'webhooks'): void {
    const items = this.document[section];
    if (!isObject(items)) return;
    for (const [name, raw] of Object.entries(items)) {
      let item = raw;
      let pointer = [section, name];
      if (isObject(item) && typeof item.$ref === 'string') {
        const ref = item.$ref;
        const target = resolveInternal(this.document, ref);
        if (!ref.startsWith('#')) {
          this.unreadable.push({
            kind,
            path: name,
            reason: `its path item is an external $ref (${ref}), which the platform does not follow`,
          });
          continue;
        }
        if (!isObject(target)) {
          this.unreadable.push({ kind, path: name, reason: `its path item $ref (${ref}) points at nothing` });
          continue;
        }
        item = target;
        pointer = ref
          .slice(2)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      }
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const operation: Operation = {
          kind,
          method,
          path: name,
          pointer: [...pointer, method],
          operation: op,
          summary: typeof op.summary === 'string' ? op.summary : undefined,
          description: typeof op.description === 'string' ? op.description : undefined,
          hidden: op['x-hidden'] === true,
          excluded: op['x-excluded'] === true,
        };
        if (kind === 'webhook') {
          this.webhooks.push(operation);
          if (!this.webhooksByName.has(name)) this.webhooksByName.set(name, operation);
          continue;
        }
        this.endpoints.push(operation);
        this.byKey.set(`${method} ${stripTrailingSlash(name)}`, operation);
        const norm = normalisePathTemplate(name);
        const list = this.byNormalised.get(norm) ?? [];
        list.push(operation);
        this.byNormalised.set(norm, list);
      }
    }
  }

  /** The value an internal `$ref` (`#/components/schemas/User`) points at; undefined when none. */
  resolve(ref: string): unknown {
    return resolveInternal(this.document, ref);
  }

  /**
   * The path parameters an operation declares (the path item's, then its own: an operation's own
   * parameter of the same name replaces the path item's), resolved through local `$ref`s, each
   * with the pointer segments of its declaration.
   */
  pathParameters(op: Operation): Array<{ name: string; segments: string[] }> {
    const out = new Map<string, { name: string; segments: string[] }>();
    for (const owner of [op.pointer.slice(0, -1), op.pointer]) {
      const list = valueAt(this.document, owner.concat('parameters'));
      if (!Array.isArray(list)) continue;
      list.forEach((raw, i) => {
        let param = raw;
        let segments = [...owner, 'parameters', String(i)];
        if (isObject(param) && typeof param.$ref === 'string' && param.$ref.startsWith('#/')) {
          const target = resolveInternal(this.document, param.$ref);
          if (isObject(target)) {
            segments = pointerSegments(param.$ref.slice(1));
            param = target;
          }
        }
        if (!isObject(param) || typeof param.name !== 'string') return;
        if (param.in === 'path') out.set(param.name, { name: param.name, segments });
        else out.delete(param.name);
      });
    }
    return [...out.values()];
  }

  /** The operation for a method and path; trailing-slash differences are tolerated. */
  find(method: HttpMethod, path: string): Operation | undefined {
    return this.byKey.get(`${method} ${stripTrailingSlash(path)}`);
  }

  findWebhook(name: string): Operation | undefined {
    return this.webhooksByName.get(name);
  }

  private pool(key: string, make: () => string[]): string[] {
    let list = this.pools.get(key);
    if (!list) this.pools.set(key, (list = make()));
    return list;
  }

  unreadableItem(kind: 'endpoint' | 'webhook', path: string): UnreadablePathItem | undefined {
    return this.unreadable.find((u) => u.kind === kind && stripTrailingSlash(u.path) === stripTrailingSlash(path));
  }

  /** The nearest operation to a reference that did not resolve, as `METHOD /path`. */
  suggest(method: HttpMethod, path: string): string | undefined {
    const label = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
    const samePath = this.byNormalised.get(normalisePathTemplate(path)) ?? [];
    const sameMethod = samePath.find((op) => op.method === method);
    if (sameMethod) return label(sameMethod);
    if (samePath.length) return label(samePath[0]!);
    const candidates = this.pool(`paths ${method}`, () =>
      this.endpoints.filter((op) => op.method === method).map((op) => op.path),
    );
    const close = didYouMean(path, candidates) ?? didYouMean(normalisePathTemplate(path), candidates);
    if (close) return `${method.toUpperCase()} ${close}`;
    const any = didYouMean(
      `${method} ${path}`,
      this.pool('endpoints', () => this.endpoints.map((op) => `${op.method} ${op.path}`)),
    );
    if (any) {
      const [m, ...rest] = any.split(' ');
      return `${m!.toUpperCase()} ${rest.join(' ')}`;
    }
    return undefined;
  }

  suggestWebhook(name: string): string | undefined {
    return didYouMean(
      name,
      this.pool('webhooks', () => this.webhooks.map((w) => w.path)),
    );
  }
}
