import { isObject } from '../core/json.js';

/** `paths["/users/{id}"].get.parameters[0]`: a place in a spec as a reader finds it. */
export function describeLocation(segments: ReadonlyArray<string | number>): string {
  if (!segments.length) return 'the document';
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number' || /^\d+$/.test(s)) out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return `\`${out}\``;
}

/** The segments of a JSON pointer (`/paths/~1users` → `paths`, `/users`). */
export function pointerSegments(pointer: string | undefined): string[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a path of segments, undefined when there is none. */
export function valueAt(root: unknown, segments: ReadonlyArray<string>): unknown {
  let node = root;
  for (const s of segments) {
    if ((!isObject(node) && !Array.isArray(node)) || !Object.hasOwn(node, s)) return undefined;
    node = (node as Record<string, unknown>)[s];
  }
  return node;
}
