import {
  defineRule,
  describeLink,
  isObject,
  pointerSegment,
  stringsByKey,
  type At,
  type ExternalCheckOptions,
  type ExternalLinkResult,
  type SiteContext,
} from '../src/rule-kit/index.js';

interface Options extends ExternalCheckOptions {
  /** URL patterns not checked: `*` matches any characters; a pattern without `*` is a prefix. */
  ignore?: string[];
  /** Check the `#fragment` of HTML pages against their `id` and `name` attributes. */
  fragments?: boolean;
  /**
   * Also check `localhost` and loopback URLs (skipped by default: they work only on the writer's
   * machine). They are asked only when the run permits non-public addresses from its command line
   * (`--check-external-private`); otherwise each gets a warning that it was not checked.
   */
  checkLocalhost?: boolean;
}

/** One place an external URL is written: a page's link or image, or a value of docs.json. */
interface Occurrence {
  url: string;
  /** The URL without its fragment: what is checked. */
  base: string;
  fragment: string;
  label: string;
  at: At;
}

const HTTP = /^https?:\/\//i;
/** A URL with a template or a placeholder in it is not a URL yet. */
const TEMPLATE = /[{}`$<>\s]/;
/** Hosts that work only on the writer's machine. */
const LOCAL_HOST = /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/i;
/** The documentation domains (RFC 2606): placeholders, not links. */
const EXAMPLE_HOST = /(?:^|\.)(?:example\.(?:com|net|org)|example)$/i;
/** Fragments that are not element ids: routes of single-page apps and text fragments. */
const NOT_AN_ID = /^(?:[/!]|:~:)/;

/**
 * The `http(s)` links and images of every page and snippet, and the URLs of docs.json (its
 * `href`s, footer socials, logo and favicon), checked on the network — only when the run asks for
 * it (`--check-external`): the engine then hands the rule its checker (`context.external`).
 */
export default defineRule<Options>({
  meta: {
    id: 'site-external-link',
    kind: 'site',
    description:
      'External links and images must answer (checked only with `--check-external`: 404, 410 and unknown hosts are errors).',
    severity: 'error',
    runsWith: '--check-external',
    messages: {
      broken: '{{what}} is broken: {{detail}}{{after}}; fix or remove it',
      rejected: '{{what}} answered {{detail}}{{after}}; check it in a browser, or list the status in `accept`',
      unreachable: '{{what}} could not be checked: {{detail}}{{after}}; it may work later (or list it in `ignore`)',
      anchor: 'anchor `#{{fragment}}` of {{what}} matches no `id` or `name` of the page',
      redirected: '{{what}} redirects to `{{to}}`; link to it directly',
      refused:
        '{{what}} was not checked: {{detail}}{{after}}; such addresses are asked only with `--check-external-private` on the command line (or list the URL in `ignore`)',
    },
    problems: {
      unreachable: {
        severity: 'warning',
        maxSeverity: 'warning',
        description:
          'a timeout, a 429 or a 5xx (after one retry), or a connection that failed: it may work later (never an error, whatever the rule is set to)',
      },
      rejected: { severity: 'warning', description: 'another 4xx answer (403 to robots, 401 behind a login)' },
      anchor: {
        severity: 'warning',
        description: 'with `fragments: true`, a `#fragment` that matches no `id` or `name` of the HTML page',
      },
      redirected: { severity: 'info', description: 'a URL that redirects: the note names where it ends' },
      refused: {
        severity: 'warning',
        maxSeverity: 'warning',
        description:
          'a URL whose host (or a redirect of it) has a loopback, link-local, private or unspecified address: not asked unless the command line permits it (`--check-external-private`; never an error)',
      },
    },
    optionsSchema: {
      type: 'object',
      properties: {
        ignore: {
          type: 'array',
          items: { type: 'string', minLength: 1, maxLength: 500 },
          maxItems: 1000,
          description:
            'URLs not checked: `*` matches any characters (`https://*.internal.example.com/*`); a pattern without `*` is a prefix.',
        },
        accept: {
          type: 'array',
          items: { type: 'integer', minimum: 100, maximum: 599 },
          description: 'HTTP status codes that count as working (e.g. `[403]` for a site that refuses robots).',
        },
        fragments: {
          type: 'boolean',
          description:
            'Check the `#fragment` of external HTML pages against their `id` and `name` attributes (a GET of at most 2 MiB). Default: false.',
        },
        checkLocalhost: {
          type: 'boolean',
          description:
            'Also check `localhost` and loopback URLs; they are asked only with `--check-external-private` on the command line (a configuration cannot permit it). Default: false.',
        },
        ttl: {
          type: 'number',
          minimum: 0,
          description: 'Seconds a result is reused from the cache. Default: 86400 (one day).',
        },
        timeout: {
          type: 'number',
          exclusiveMinimum: 0,
          maximum: 600,
          description:
            'Seconds one request may take. Default: 10; at most 30 (a larger value is lowered, and the run says so).',
        },
        perHost: {
          type: 'integer',
          minimum: 1,
          maximum: 64,
          description: 'Requests at once to one host. Default: 2; at most 8.',
        },
        concurrency: {
          type: 'integer',
          minimum: 1,
          maximum: 256,
          description: 'Requests at once in all. Default: 16; at most 32.',
        },
        retryAfterMax: {
          type: 'number',
          minimum: 0,
          maximum: 3600,
          description: 'Longest `Retry-After` waited for before the one retry, in seconds. Default: 60; at most 60.',
        },
      },
      additionalProperties: false,
    },
  },
  async check(context) {
    const external = context.external;
    if (!external) return;
    const options = context.options ?? {};
    const ignored = (options.ignore ?? []).map(urlPattern);
    const wanted = (o: Occurrence) =>
      !ignored.some((matches) => matches(o.base)) && checkable(o.base, options.checkLocalhost === true);
    const occurrences = (await collect(context)).filter(wanted);
    const withIds = new Set(
      options.fragments
        ? occurrences.filter((o) => o.fragment !== '' && !NOT_AN_ID.test(o.fragment)).map((o) => o.base)
        : [],
    );
    const results = await external.check(
      occurrences.map((o) => o.base),
      { ...options, withIds },
    );
    for (const o of occurrences) {
      const result = results.get(o.base);
      if (!result) continue;
      const found = finding(o, result, withIds.has(o.base));
      if (found) context.report({ ...found, at: o.at });
    }
  },
});

/** The finding of one occurrence, if any. */
type Found = {
  messageId: 'broken' | 'rejected' | 'unreachable' | 'anchor' | 'redirected' | 'refused';
  data: Record<string, string>;
  problem?: string;
};

function finding(o: Occurrence, result: ExternalLinkResult, idsWanted: boolean): Found | undefined {
  const what = `${o.label} \`${o.url}\``;
  const after = result.redirectedTo !== undefined ? ` (at \`${result.redirectedTo}\`, where it redirects)` : '';
  switch (result.status) {
    case 'broken':
      return { messageId: 'broken', data: { what, detail: result.detail ?? '', after } };
    case 'rejected':
      return { problem: 'rejected', messageId: 'rejected', data: { what, detail: result.detail ?? '', after } };
    case 'unreachable':
      return { problem: 'unreachable', messageId: 'unreachable', data: { what, detail: result.detail ?? '', after } };
    case 'refused':
      return { problem: 'refused', messageId: 'refused', data: { what, detail: result.detail ?? '', after } };
  }
  if (idsWanted && result.ids && !result.partial && !hasId(result.ids, o.fragment))
    return { problem: 'anchor', messageId: 'anchor', data: { fragment: decode(o.fragment), what } };
  if (result.redirectedTo !== undefined)
    return { problem: 'redirected', messageId: 'redirected', data: { what, to: result.redirectedTo } };
  return undefined;
}

function decode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/** A fragment names an id as written, decoded, or as GitHub prefixes the ids of rendered files (`user-content-`). */
function hasId(ids: readonly string[], fragment: string): boolean {
  const set = new Set(ids);
  const decoded = decode(fragment);
  return [fragment, decoded].some(
    (f) => set.has(f) || set.has(`user-content-${f}`) || set.has(`user-content-${f.toLowerCase()}`),
  );
}

/** A URL worth a request: it parses, is no template, and its host is not local (unless asked) nor a documentation placeholder. */
function checkable(base: string, checkLocalhost: boolean): boolean {
  if (TEMPLATE.test(base)) return false;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return false;
  }
  if (url.hostname === '' || EXAMPLE_HOST.test(url.hostname)) return false;
  return checkLocalhost || !LOCAL_HOST.test(url.hostname);
}

/** Every external URL of the pages in scope and of docs.json (when in scope), in order. */
async function collect(context: SiteContext<Options>): Promise<Occurrence[]> {
  const out: Occurrence[] = [];
  const add = (raw: string, label: string, at: At) => {
    const url = raw.trim();
    if (!HTTP.test(url)) return;
    const hash = url.indexOf('#');
    out.push({
      url,
      base: hash >= 0 ? url.slice(0, hash) : url,
      fragment: hash >= 0 ? url.slice(hash + 1) : '',
      label,
      at,
    });
  };
  for (const page of context.site.pages.values()) {
    if (!context.inScope(page.file)) continue;
    const facts = await context.facts(page.file);
    for (const link of facts?.links ?? [])
      add(link.url, describeLink(link), {
        file: page.file,
        line: link.line,
        column: link.column,
        endLine: link.endLine,
        endColumn: link.endColumn,
      });
  }
  if ([...context.site.config.files.keys()].some((file) => context.inScope(file))) {
    for (const { value, pointer } of configUrls(context.site.config.value))
      add(value, `${pointer.split('/')[1]} link`, { pointer });
  }
  return out;
}

/** Keys of docs.json whose string values (or `light`/`dark`/`image`/`href` strings) are URLs. */
const URL_KEYS = new Set(['logo', 'favicon', 'background']);

/** The URLs of docs.json: every `href`, the footer's socials, the logo, favicon and background image. */
function configUrls(config: unknown): { value: string; pointer: string }[] {
  const out: { value: string; pointer: string }[] = [];
  if (!isObject(config)) return out;
  // Every `href`, wherever it is.
  out.push(...stringsByKey(config, 'href'));
  const strings = (value: unknown, pointer: string) => {
    if (typeof value === 'string') out.push({ value, pointer });
    else if (isObject(value))
      for (const [key, v] of Object.entries(value))
        if (typeof v === 'string' && key !== 'href')
          out.push({ value: v, pointer: `${pointer}/${pointerSegment(key)}` });
  };
  const footer = config.footer;
  if (isObject(footer) && isObject(footer.socials)) strings(footer.socials, '/footer/socials');
  for (const key of URL_KEYS) {
    const value = config[key];
    strings(value, `/${key}`);
    if (isObject(value) && isObject(value.image)) strings(value.image, `/${key}/image`);
  }
  return out;
}

/** A URL pattern: `*` matches any run of characters; without `*`, a prefix. Matched without backtracking blow-up. */
function urlPattern(pattern: string): (url: string) => boolean {
  if (!pattern.includes('*')) return (url) => url.startsWith(pattern);
  const parts = pattern.split('*');
  return (url) => {
    const first = parts[0]!;
    const last = parts[parts.length - 1]!;
    if (!url.startsWith(first) || url.length < first.length + last.length) return false;
    let at = first.length;
    for (const part of parts.slice(1, -1)) {
      const found = url.indexOf(part, at);
      if (found < 0 || found + part.length > url.length - last.length) return false;
      at = found + part.length;
    }
    return url.endsWith(last) && at <= url.length - last.length;
  };
}
