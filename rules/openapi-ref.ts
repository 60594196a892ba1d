import { defineRule, didYouMean, isObject, type LoadedSpec, type MessageReport } from '../src/rule-kit/index.js';

/** The problem kind of a local `$ref` that points at nothing (the platform accepts the spec; the page lacks the part). */
const MISSING_TARGET = 'missing-target';

const MESSAGES = {
  url: '`$ref: {{ref}}` points at a URL: the platform follows references inside the spec only and rejects a spec with any other (its pages are not built); copy the definition into this spec (under `components`) and point at it with `#/components/…`',
  file: '`$ref: {{ref}}` points at the file `{{file}}`: the platform follows references inside the spec only and rejects a spec with any other (its pages are not built); copy the definition into this spec (under `components`) and point at it with `#/components/…`',
  missingClose:
    '`$ref: {{ref}}` points at nothing in this spec, so the part that uses it is missing from its pages; did you mean `{{close}}`?',
  missing:
    '`$ref: {{ref}}` points at nothing in this spec, so the part that uses it is missing from its pages; define it, or point at an existing part of the spec',
  notPointer:
    '`$ref: {{ref}}` points at nothing in this spec, so the part that uses it is missing from its pages; a local reference is written `#/components/…`',
};

/** Keys under which a `$ref` is data, not a reference (examples and extensions). */
function isDataKey(key: string): boolean {
  return (
    key === 'example' ||
    key === 'examples' ||
    key === 'default' ||
    key === 'enum' ||
    key === 'const' ||
    key.startsWith('x-')
  );
}

/**
 * Every `$ref` of a spec: one to another file or a URL makes the platform refuse the whole spec
 * (it follows references inside the file only, so nothing is ever fetched); a local one must point
 * at something. Walks each object once (YAML aliases share theirs).
 */
export function refReports(spec: LoadedSpec): Array<MessageReport<keyof typeof MESSAGES>> {
  const out: Array<MessageReport<keyof typeof MESSAGES>> = [];
  const doc = spec.document;
  const visited = new WeakSet<object>();
  const siblingsOf = siblingPointers(spec);
  const stack: Array<{ node: unknown; segments: string[]; data: boolean }> = [
    { node: doc.value, segments: [], data: false },
  ];
  while (stack.length) {
    const { node, segments, data } = stack.pop()!;
    if (!isObject(node) && !Array.isArray(node)) continue;
    if (visited.has(node)) continue;
    visited.add(node);
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--)
        stack.push({ node: node[i], segments: [...segments, String(i)], data });
      continue;
    }
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const at = [...segments, '$ref'];
      const place = doc.place(doc.locate(at)?.value ?? doc.rangeOf(at));
      if (!ref.startsWith('#')) {
        const file = ref.split('#')[0]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) out.push({ messageId: 'url', data: { ref }, at: place });
        else out.push({ messageId: 'file', data: { ref, file }, at: place });
      } else if (!data && spec.index.resolve(ref) === undefined) {
        const close = ref.includes('/') ? didYouMean(ref, siblingsOf(ref)) : undefined;
        out.push({
          ...(close
            ? { messageId: 'missingClose', data: { ref, close } }
            : { messageId: ref.startsWith('#/') || ref === '#' ? 'missing' : 'notPointer', data: { ref } }),
          at: place,
          problem: MISSING_TARGET,
        });
      }
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (key === '$ref') continue;
      stack.push({ node: node[key], segments: [...segments, key], data: data || isDataKey(key) });
    }
  }
  return out;
}

/** The pointers next to the one a `$ref` names (`#/components/schemas/*`), for did-you-mean; each list made once. */
function siblingPointers(spec: LoadedSpec): (ref: string) => string[] {
  const candidates = new Map<string, string[]>();
  return (ref) => {
    const parent = ref.slice(0, ref.lastIndexOf('/'));
    let list = candidates.get(parent);
    if (!list) {
      const target = spec.index.resolve(parent);
      list = isObject(target)
        ? Object.keys(target).map((k) => `${parent}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`)
        : [];
      candidates.set(parent, list);
    }
    return list;
  };
}

/** `$ref`s to other files or URLs (the platform rejects the spec) and local `$ref`s that point at nothing. */
export default defineRule({
  meta: {
    id: 'openapi-ref',
    kind: 'site',
    description: 'Every `$ref` of an OpenAPI file in use points inside the file, at something that exists.',
    severity: 'error',
    readsFacts: ['openapi'],
    problems: {
      [MISSING_TARGET]: {
        severity: 'error',
        description:
          'a local `$ref` that points at nothing (the platform accepts the spec but the part is missing from the page)',
      },
    },
    messages: MESSAGES,
  },
  async check(context) {
    for (const { spec } of (await context.site.openapiUse(context.pass)).specs) {
      for (const report of refReports(spec)) context.report(report);
    }
  },
});
