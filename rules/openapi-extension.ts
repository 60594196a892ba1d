import { defineRule, didYouMean, isObject, type Place, type LoadedSpec } from '../src/rule-kit/index.js';

/**
 * The platform's per-operation extension. `x-mint` is its current name; `x-custom` is the name
 * the platform reference uses for the same metadata-and-content extension.
 */
const PLATFORM_EXTENSIONS = ['x-mint', 'x-custom'] as const;
const KNOWN_KEYS = ['metadata', 'content', 'href', 'mcp'];
const STRING_METADATA = ['title', 'description', 'sidebarTitle'];
const BOOLEAN_EXTENSIONS = ['x-hidden', 'x-excluded'];

type Problem = { message: string; at: Place };

/**
 * The bad values of the platform extensions on every operation of a spec (paths and webhooks):
 * `x-mint` / `x-custom` must be an object whose `metadata` is an object (with string `title`,
 * `description`, `sidebarTitle`), whose `content` is a string and whose `href` is a path;
 * `x-hidden` and `x-excluded` must be booleans. Positions are in the spec file.
 */
export function extensionProblems(spec: LoadedSpec): Problem[] {
  const out: Problem[] = [];
  const doc = spec.document;
  const report = (segments: string[], message: string, on: 'key' | 'value' = 'value') => {
    const loc = doc.locate(segments);
    out.push({ message, at: doc.place((on === 'key' ? loc?.key : undefined) ?? loc?.value ?? { start: 0, end: 0 }) });
  };
  for (const op of [...spec.index.endpoints, ...spec.index.webhooks]) {
    const label = op.kind === 'webhook' ? `webhook ${op.path} (${op.method.toUpperCase()})` : `${op.method.toUpperCase()} ${op.path}`;
    for (const name of BOOLEAN_EXTENSIONS) {
      const v = op.operation[name];
      if (v !== undefined && typeof v !== 'boolean') {
        report([...op.pointer, name], `\`${name}\` on ${label} must be true or false, not ${JSON.stringify(v)}; the platform ignores other values`);
      }
    }
    for (const name of PLATFORM_EXTENSIONS) {
      const ext = op.operation[name];
      if (ext !== undefined) checkPlatformExtension(ext, name, [...op.pointer, name], label, report);
    }
  }
  return out;
}

function checkPlatformExtension(
  ext: unknown,
  name: string,
  at: string[],
  label: string,
  report: (segments: string[], message: string, on?: 'key' | 'value') => void,
): void {
  if (!isObject(ext)) {
    const hint =
      typeof ext === 'string' && /^\s*(metadata|content|href)\b/.test(ext)
        ? `; to set \`${ext.trim().split(/[\s:|]/)[0]}\`, put \`${ext.trim().split(/[\s:|]/)[0]}:\` on its own line, indented under \`${name}:\``
        : '';
    report(at, `\`${name}\` on ${label} must be an object with \`metadata\`, \`content\` or \`href\`, not ${describe(ext)}${hint}`);
    return;
  }
  for (const key of Object.keys(ext)) {
    if (KNOWN_KEYS.includes(key)) continue;
    const close = didYouMean(key, KNOWN_KEYS);
    if (close) report([...at, key], `unknown key \`${key}\` in \`${name}\` on ${label}; did you mean \`${close}\`?`, 'key');
  }
  if (ext.metadata !== undefined) {
    if (!isObject(ext.metadata)) {
      report([...at, 'metadata'], `\`${name}.metadata\` on ${label} must be an object of front-matter fields, not ${describe(ext.metadata)}`);
    } else {
      for (const field of STRING_METADATA) {
        const v = ext.metadata[field];
        if (v !== undefined && typeof v !== 'string')
          report([...at, 'metadata', field], `\`${name}.metadata.${field}\` on ${label} must be a string, not ${describe(v)}`);
      }
      if (ext.metadata.openapi !== undefined)
        report([...at, 'metadata', 'openapi'], `\`${name}.metadata\` on ${label} cannot set \`openapi\`; the operation itself is the page's endpoint`, 'key');
    }
  }
  if (ext.content !== undefined && typeof ext.content !== 'string') {
    report([...at, 'content'], `\`${name}.content\` on ${label} must be a string of MDX, not ${describe(ext.content)}`);
  }
  if (ext.href !== undefined && (typeof ext.href !== 'string' || !ext.href.startsWith('/'))) {
    report([...at, 'href'], `\`${name}.href\` on ${label} must be a site path starting with "/", not ${describe(ext.href)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Bad values of the platform's OpenAPI extensions (`x-mint`/`x-custom`, `x-hidden`, `x-excluded`) on operations of the specs endpoint references use. */
export default defineRule({
  meta: {
    id: 'openapi-extension',
    kind: 'site',
    description: 'The platform extensions on OpenAPI operations (x-mint / x-custom, x-hidden, x-excluded) must have values the platform reads.',
    severity: 'warning',
    readsFacts: ['openapi'],
  },
  async check(context) {
    for (const spec of (await context.site.endpointReferences(context.pass)).specs) {
      for (const problem of extensionProblems(spec)) context.report(problem);
    }
  },
});
