import {
  defineRule,
  didYouMean,
  fillMessage,
  isObject,
  type MessageData,
  type Place,
  type LoadedSpec,
} from '../src/rule-kit/index.js';

/**
 * The platform's per-operation extension. `x-mint` is its current name; `x-custom` is the name
 * the platform reference uses for the same metadata-and-content extension.
 */
const PLATFORM_EXTENSIONS = ['x-mint', 'x-custom'] as const;
const KNOWN_KEYS = ['metadata', 'content', 'href', 'mcp'];
const STRING_METADATA = ['title', 'description', 'sidebarTitle'];
const BOOLEAN_EXTENSIONS = ['x-hidden', 'x-excluded'];

/** `{{name}}` is the extension (`x-mint`…), `{{operation}}` the operation (`GET /users`), `{{value}}` what was written instead. */
const MESSAGES = {
  notBoolean: '`{{name}}` on {{operation}} must be true or false, not {{value}}; the platform ignores other values',
  notObject: '`{{name}}` on {{operation}} must be an object with `metadata`, `content` or `href`, not {{value}}',
  notObjectKey:
    '`{{name}}` on {{operation}} must be an object with `metadata`, `content` or `href`, not {{value}}; to set `{{key}}`, put `{{key}}:` on its own line, indented under `{{name}}:`',
  unknownKey: 'unknown key `{{key}}` in `{{name}}` on {{operation}}; did you mean `{{close}}`?',
  metadataNotObject: '`{{name}}.metadata` on {{operation}} must be an object of front-matter fields, not {{value}}',
  metadataNotString: '`{{name}}.metadata.{{field}}` on {{operation}} must be a string, not {{value}}',
  metadataOpenapi:
    "`{{name}}.metadata` on {{operation}} cannot set `openapi`; the operation itself is the page's endpoint",
  contentNotString: '`{{name}}.content` on {{operation}} must be a string of MDX, not {{value}}',
  hrefNotPath:
    "`{{name}}.href` on {{operation}} must be a path of the site (`/api-reference/users`), not {{value}}; write the path the operation's page should have",
};

type Message = { messageId: keyof typeof MESSAGES; data: MessageData };
/** A problem: its message by id, and as text (for callers outside a lint run). */
type Problem = Message & { message: string; at: Place };
type Report = (segments: string[], message: Message, on?: 'key' | 'value') => void;

/**
 * The bad values of the platform extensions on every operation of a spec (paths and webhooks):
 * `x-mint` / `x-custom` must be an object whose `metadata` is an object (with string `title`,
 * `description`, `sidebarTitle`), whose `content` is a string and whose `href` is a path;
 * `x-hidden` and `x-excluded` must be booleans. Positions are in the spec file.
 */
export function extensionProblems(spec: LoadedSpec): Problem[] {
  const out: Problem[] = [];
  const doc = spec.document;
  const report: Report = (segments, message, on = 'value') => {
    const loc = doc.locate(segments);
    out.push({
      ...message,
      message: fillMessage(MESSAGES[message.messageId], message.data),
      at: doc.place((on === 'key' ? loc?.key : undefined) ?? loc?.value ?? { start: 0, end: 0 }),
    });
  };
  for (const op of [...spec.index.endpoints, ...spec.index.webhooks]) {
    const operation =
      op.kind === 'webhook'
        ? `webhook ${op.path} (${op.method.toUpperCase()})`
        : `${op.method.toUpperCase()} ${op.path}`;
    for (const name of BOOLEAN_EXTENSIONS) {
      const v = op.operation[name];
      if (v !== undefined && typeof v !== 'boolean') {
        report([...op.pointer, name], { messageId: 'notBoolean', data: { name, operation, value: JSON.stringify(v) } });
      }
    }
    for (const name of PLATFORM_EXTENSIONS) {
      const ext = op.operation[name];
      if (ext !== undefined) checkPlatformExtension(ext, name, [...op.pointer, name], operation, report);
    }
  }
  return out;
}

function checkPlatformExtension(ext: unknown, name: string, at: string[], operation: string, report: Report): void {
  const data = { name, operation };
  if (!isObject(ext)) {
    const value = describe(ext);
    if (typeof ext === 'string' && /^\s*(metadata|content|href)\b/.test(ext)) {
      report(at, { messageId: 'notObjectKey', data: { ...data, value, key: ext.trim().split(/[\s:|]/)[0]! } });
    } else report(at, { messageId: 'notObject', data: { ...data, value } });
    return;
  }
  for (const key of Object.keys(ext)) {
    if (KNOWN_KEYS.includes(key)) continue;
    const close = didYouMean(key, KNOWN_KEYS);
    if (close) report([...at, key], { messageId: 'unknownKey', data: { ...data, key, close } }, 'key');
  }
  if (ext.metadata !== undefined) {
    if (!isObject(ext.metadata)) {
      report([...at, 'metadata'], { messageId: 'metadataNotObject', data: { ...data, value: describe(ext.metadata) } });
    } else {
      for (const field of STRING_METADATA) {
        const v = ext.metadata[field];
        if (v !== undefined && typeof v !== 'string')
          report([...at, 'metadata', field], {
            messageId: 'metadataNotString',
            data: { ...data, field, value: describe(v) },
          });
      }
      if (ext.metadata.openapi !== undefined)
        report([...at, 'metadata', 'openapi'], { messageId: 'metadataOpenapi', data }, 'key');
    }
  }
  if (ext.content !== undefined && typeof ext.content !== 'string') {
    report([...at, 'content'], { messageId: 'contentNotString', data: { ...data, value: describe(ext.content) } });
  }
  // The platform takes the path with or without its leading slash (`api/users` is `/api/users`); a
  // URL, an empty string or a value of another type makes no page path.
  if (ext.href !== undefined && !isSitePath(ext.href)) {
    report([...at, 'href'], { messageId: 'hrefNotPath', data: { ...data, value: describe(ext.href) } });
  }
}

function isSitePath(href: unknown): boolean {
  return typeof href === 'string' && href.trim() !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('//');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Bad values of the platform's OpenAPI extensions (`x-mint`/`x-custom`, `x-hidden`, `x-excluded`) on operations of the specs endpoint references use. */
export default defineRule({
  meta: {
    id: 'openapi-extension',
    kind: 'site',
    description:
      'The platform extensions on OpenAPI operations (x-mint / x-custom, x-hidden, x-excluded) must have values the platform reads.',
    severity: 'warning',
    readsFacts: ['openapi'],
    messages: MESSAGES,
  },
  async check(context) {
    for (const spec of (await context.site.endpointReferences(context.pass)).specs) {
      for (const { messageId, data, at } of extensionProblems(spec)) context.report({ messageId, data, at });
    }
  },
});
