/** Small helpers over JSON values and JSON pointers (RFC 6901, ajv's `instancePath` form). */

export type JsonObject = Record<string, unknown>;

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/a/b~1c` → `['a', 'b/c']`. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** One pointer segment for a key: `~` and `/` escaped. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${pointerSegment(key)}`;
}

/** The value a pointer names inside `root` (own properties only), or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment))
      current = (current as Record<string, unknown>)[segment];
    else return undefined;
  }
  return current;
}

/** Sets a property as plain data: a `__proto__` key is a key here, never the object's prototype. */
export function setOwn<T>(out: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The text with a leading byte order mark replaced by a space: offsets stay those of the file. */
export function blankBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text;
}

/** Removes a leading byte order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Most values `stringsByKey` walks (a docs.json is far smaller). */
const MAX_WALKED_VALUES = 100_000;

/**
 * Every string value of a key named `key`, anywhere under `root` (under `root[under]` for each
 * name of `under`, when given), with its JSON pointer, in document order. At most
 * MAX_WALKED_VALUES values are walked.
 */
export function stringsByKey(
  root: unknown,
  key: string,
  under?: readonly string[],
): Array<{ value: string; pointer: string }> {
  const out: Array<{ value: string; pointer: string }> = [];
  if (!isObject(root)) return out;
  let budget = MAX_WALKED_VALUES;
  const walk = (value: unknown, pointer: string): void => {
    if (--budget < 0) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        const at = `${pointer}/${pointerSegment(k)}`;
        if (k === key && typeof v === 'string') out.push({ value: v, pointer: at });
        else if (typeof v === 'object' && v !== null) walk(v, at);
      }
    }
  };
  if (under) for (const name of under) walk(root[name], `/${pointerSegment(name)}`);
  else walk(root, '');
  return out;
}
