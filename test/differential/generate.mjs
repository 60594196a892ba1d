// Documents for the differential test: docs.json values generated with fast-check from a fixed
// seed (valid ones of every navigation shape and top-level property, then mutated ones), and
// mutations of real docs.json files when a corpus is given. Everything here is deterministic: the
// same seed and count give the same documents.
import fc from 'fast-check';

// ---------------------------------------------------------------------------------------------
// Building blocks (the values the platform documents as valid)

export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'];
const LOCALES = [
  'en',
  'cn',
  'zh',
  'zh-Hans',
  'zh-Hant',
  'zh-CN',
  'zh-TW',
  'es',
  'fr',
  'fr-CA',
  'fr-ca',
  'ja',
  'jp',
  'ja-jp',
  'ja-JP',
  'pt',
  'pt-BR',
  'de',
  'ko',
  'it',
  'ru',
  'ro',
  'cs',
  'id',
  'ar',
  'tr',
  'hi',
  'sv',
  'no',
  'da',
  'lv',
  'nl',
  'uk',
  'vi',
  'pl',
  'uz',
  'he',
  'ca',
  'fi',
  'hu',
];
const ICON_STYLES = [
  'brands',
  'duotone',
  'light',
  'regular',
  'sharp-duotone-solid',
  'sharp-light',
  'sharp-regular',
  'sharp-solid',
  'sharp-thin',
  'solid',
  'thin',
];
const ICON_LIBRARIES = ['fontawesome', 'lucide', 'tabler'];
const SOCIALS = [
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
];
const CONTEXTUAL = [
  'copy',
  'assistant',
  'view',
  'download-pdf',
  'download-spec',
  'chatgpt',
  'claude',
  'perplexity',
  'grok',
  'aistudio',
  'devin',
  'windsurf',
  'mcp',
  'add-mcp',
  'cursor',
  'vscode',
  'devin-mcp',
];
const SHIKI = [
  'github-light',
  'github-dark',
  'dracula',
  'nord',
  'one-dark-pro',
  'vitesse-dark',
  'min-light',
  'css-variables',
  'catppuccin-mocha',
  'solarized-light',
];
const SDK_FORMATS = ['typedoc', 'docfx', 'javadoc', 'sphinx', 'phpdoc'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const bool = fc.boolean();
/** Display names: plain words, real-looking titles, and arbitrary non-empty text. */
const label = fc.oneof(
  { weight: 3, arbitrary: word },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Getting started',
      'API reference',
      'Guides & tutorials',
      'Überblick',
      '入门',
      'Référence',
      'v2.1',
      'SDKs',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' }) },
);
/** A name the platform trims first (the site name): at least one non-space character. */
const trimmedName = label.filter((s) => s.trim() !== '');
const hex = fc.oneof(fc.stringMatching(/^#[0-9a-fA-F]{6}$/), fc.stringMatching(/^#[0-9a-fA-F]{3}$/));
const pagePath = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
const endpoint = fc
  .tuple(
    fc.constantFrom('', 'openapi.json ', 'api/v2.yaml '),
    fc.constantFrom(...METHODS),
    fc.array(
      fc.oneof(
        word,
        word.map((w) => `{${w}}`),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([spec, method, segments]) => `${spec}${method} /${segments.join('/')}`);
const page = fc.oneof(
  { weight: 4, arbitrary: pagePath },
  { weight: 1, arbitrary: endpoint },
  { weight: 1, arbitrary: fc.constant('webhook order.created') },
);
const href = fc.constantFrom(
  'https://example.com',
  'https://example.com/docs?tab=1#top',
  '/quickstart',
  '#install',
  'mailto:team@example.com',
  'https://github.com/acme/repo',
  'http://localhost:3000/',
);
const secureHref = fc.constantFrom(
  'https://example.com',
  'https://example.com/blog/',
  '/about',
  '#faq',
  'mailto:team@example.com',
);
const httpsUrl = fc.constantFrom(
  'https://example.com',
  'https://x.com/acme',
  'https://github.com/acme',
  'https://www.linkedin.com/company/acme/',
);
const apiPath = fc.constantFrom(
  'openapi.json',
  'api/openapi.yaml',
  '/specs/v1.json',
  'https://api.example.com/openapi.json',
  'http://localhost:3000/openapi.json',
  './spec/openapi.yml',
);
const asyncPath = fc.constantFrom('asyncapi.yaml', 'events/asyncapi.json', 'https://example.com/asyncapi.yaml');
const openapi = fc.oneof(
  { weight: 3, arbitrary: apiPath },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.oneof(apiPath, fc.record({ source: apiPath, directory: word }, { requiredKeys: ['source'] })),
      { minLength: 1, maxLength: 3 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { source: apiPath, directory: word, overlays: fc.array(apiPath, { maxLength: 2 }) },
      { requiredKeys: ['source'] },
    ),
  },
);
const asyncapi = fc.oneof(
  { weight: 3, arbitrary: asyncPath },
  { weight: 1, arbitrary: fc.array(asyncPath, { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.record({ source: asyncPath, directory: word }, { requiredKeys: ['source'] }) },
);
const iconName = fc.constantFrom('house', 'book-open', 'rocket', 'code', 'terminal', 'github', 'flask-vial');
const icon = fc.oneof(
  { weight: 3, arbitrary: iconName },
  {
    weight: 1,
    arbitrary: fc.record(
      { name: iconName, style: fc.constantFrom(...ICON_STYLES), library: fc.constantFrom(...ICON_LIBRARIES) },
      { requiredKeys: ['name'] },
    ),
  },
);
const colorPair = fc.record({ light: hex, dark: hex }, { requiredKeys: [] });
const directory = fc.constantFrom('none', 'accordion', 'card');
const sdk = fc.record(
  {
    format: fc.constantFrom(...SDK_FORMATS),
    source: fc.constantFrom('sdk/typedoc.json', 'https://example.com/sdk.zip'),
    directory: word,
  },
  { requiredKeys: ['format', 'source'] },
);
const graphql = fc.oneof(
  fc.constantFrom('schema.graphql', 'https://example.com/schema.graphql'),
  fc.record({ source: fc.constant('schema.graphql'), directory: word }, { requiredKeys: ['source'] }),
);
const banner = fc.record(
  { content: label, dismissible: bool, type: fc.constantFrom('info', 'warning', 'critical'), color: colorPair },
  { requiredKeys: ['content'] },
);
const navbarLink = fc.oneof(
  fc.record({ label, href, icon, type: fc.constantFrom('link', 'blog') }, { requiredKeys: ['label', 'href'] }),
  fc.record({ type: fc.constantFrom('github', 'discord'), href, label, icon }, { requiredKeys: ['type', 'href'] }),
);
const navbar = fc.record(
  {
    links: fc.array(navbarLink, { maxLength: 3 }),
    primary: fc.oneof(
      fc.record({ type: fc.constant('button'), label, href }),
      fc.record({ type: fc.constantFrom('github', 'discord'), href, label }, { requiredKeys: ['type', 'href'] }),
    ),
  },
  { requiredKeys: [] },
);
const footer = fc.record(
  {
    socials: fc.dictionary(fc.constantFrom(...SOCIALS), httpsUrl, { maxKeys: 4 }),
    links: fc.array(
      fc.record(
        { header: label, items: fc.array(fc.record({ label, href: secureHref }), { minLength: 1, maxLength: 3 }) },
        { requiredKeys: ['items'] },
      ),
      { minLength: 1, maxLength: 4 },
    ),
  },
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------------
// Navigation, every shape

/** What each navigation level may hold (besides `href`), as the platform's validator has it. */
export const LEVEL_CHILDREN = {
  navigation: ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'],
  tabs: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'groups', 'pages', 'menu'],
  anchors: ['languages', 'versions', 'dropdowns', 'tabs', 'products', 'groups', 'pages'],
  dropdowns: ['languages', 'versions', 'tabs', 'anchors', 'products', 'groups', 'pages'],
  versions: ['languages', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  languages: ['versions', 'tabs', 'dropdowns', 'anchors', 'products', 'groups', 'pages'],
  products: ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'groups', 'pages', 'menu'],
  menu: ['languages', 'versions', 'dropdowns', 'anchors', 'products', 'tabs', 'groups', 'pages'],
};
/** Arrays the platform wants non-empty. */
const NON_EMPTY = new Set(['groups', 'tabs', 'anchors', 'versions', 'languages']);

/** The fields of each level other than its content. */
function baseFields(level) {
  switch (level) {
    case 'tabs':
      return { tab: label, icon, hidden: bool, searchable: bool, align: fc.constantFrom('start', 'end'), directory };
    case 'anchors':
      return { anchor: label, icon, color: colorPair, hidden: bool, directory };
    case 'dropdowns':
      return { dropdown: label, icon, color: colorPair, description: label, hidden: bool, directory };
    case 'versions':
      return { version: label, default: bool, tag: label, hidden: bool, directory };
    case 'languages':
      return { language: fc.constantFrom(...LOCALES), default: bool, hidden: bool, directory, banner, footer, navbar };
    case 'products':
      return { product: label, name: label, icon, color: colorPair, description: label, hidden: bool, directory };
    case 'menu':
      return { item: label, icon, description: label, hidden: bool, directory };
    default:
      throw new Error(level);
  }
}
const NAME_KEY = {
  tabs: 'tab',
  anchors: 'anchor',
  dropdowns: 'dropdown',
  versions: 'version',
  languages: 'language',
  products: 'product',
  menu: 'item',
};

const groupCache = new Map();
function group(depth) {
  let arb = groupCache.get(depth);
  if (!arb) {
    const entry =
      depth > 0 ? fc.oneof({ weight: 4, arbitrary: page }, { weight: 1, arbitrary: group(depth - 1) }) : page;
    arb = fc.record(
      {
        group: label,
        pages: fc.array(entry, { maxLength: 4 }),
        icon,
        hidden: bool,
        searchable: bool,
        root: pagePath,
        tag: label,
        expanded: bool,
        public: bool,
        boost: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.double({ min: 0.1, max: 10, noNaN: true })),
        directory,
        openapi,
        asyncapi,
        sdk,
      },
      { requiredKeys: ['group'] },
    );
    groupCache.set(depth, arb);
  }
  return arb;
}
const pages = (depth) =>
  fc.array(fc.oneof({ weight: 3, arbitrary: page }, { weight: 1, arbitrary: group(depth) }), { maxLength: 5 });

const itemCache = new Map();
/** An entry of a `tabs`/`anchors`/... array, holding content `depth` levels deep at most. */
function item(level, depth) {
  const key = `${level}:${depth}`;
  let arb = itemCache.get(key);
  if (!arb) {
    const contents = [fc.record({ href })];
    if (depth > 0)
      for (const child of LEVEL_CHILDREN[level]) contents.push(content(child, depth - 1).map((v) => ({ [child]: v })));
    else
      contents.push(
        pages(1).map((v) => ({ pages: v })),
        fc.array(group(1), { minLength: 1, maxLength: 2 }).map((v) => ({ groups: v })),
      );
    const base = fc.record(baseFields(level), { requiredKeys: [NAME_KEY[level]] });
    const extra = fc.record({ openapi, asyncapi, global: globalNav }, { requiredKeys: [] });
    const variants = [
      {
        weight: 6,
        arbitrary: fc
          .tuple(base, fc.oneof(...contents), fc.option(extra, { freq: 3 }))
          .map(([b, c, x]) => ({ ...b, ...c, ...(x ?? {}) })),
      },
    ];
    if (level === 'tabs') {
      // The two shapes that must stand alone: a GraphQL schema or an SDK artifact, with optional groups.
      const strictBase = fc.record(
        { tab: label, icon, hidden: bool, align: fc.constantFrom('start', 'end'), directory },
        { requiredKeys: ['tab'] },
      );
      variants.push(
        {
          weight: 1,
          arbitrary: fc
            .tuple(strictBase, graphql, fc.option(fc.array(group(1), { minLength: 1, maxLength: 2 })))
            .map(([b, g, gs]) => ({ ...b, graphql: g, ...(gs ? { groups: gs } : {}) })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(strictBase, sdk, fc.option(fc.array(group(1), { minLength: 1, maxLength: 2 })))
            .map(([b, s, gs]) => ({ ...b, sdk: s, ...(gs ? { groups: gs } : {}) })),
        },
      );
    }
    arb = fc.oneof(...variants);
    itemCache.set(key, arb);
  }
  return arb;
}

function content(child, depth) {
  if (child === 'pages') return pages(Math.min(depth + 1, 2));
  if (child === 'groups') return fc.array(group(Math.min(depth + 1, 2)), { minLength: 1, maxLength: 3 });
  return fc.array(item(child, depth), { minLength: NON_EMPTY.has(child) ? 1 : 0, maxLength: depth > 0 ? 3 : 2 });
}

/** `navigation.global`: links shown everywhere; every entry needs an `href`. */
const globalItem = (level) =>
  fc.tuple(fc.record(baseFields(level), { requiredKeys: [NAME_KEY[level]] }), href).map(([b, h]) => {
    const { banner: _b, footer: _f, navbar: _n, ...rest } = b;
    return { ...rest, href: h };
  });
const globalNav = fc.record(
  {
    tabs: fc.array(globalItem('tabs'), { maxLength: 2 }),
    anchors: fc.array(globalItem('anchors'), { maxLength: 3 }),
    dropdowns: fc.array(globalItem('dropdowns'), { maxLength: 2 }),
    versions: fc.array(globalItem('versions'), { maxLength: 2 }),
    languages: fc.array(globalItem('languages'), { maxLength: 2 }),
    products: fc.array(globalItem('products'), { maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const navigation = fc
  .tuple(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.oneof(...LEVEL_CHILDREN.navigation.map((key) => content(key, 1).map((v) => ({ [key]: v })))),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(...LEVEL_CHILDREN.navigation.map((key) => content(key, 2).map((v) => ({ [key]: v })))),
      },
    ),
    fc.record({ global: globalNav, directory }, { requiredKeys: [] }),
  )
  .map(([c, extra]) => ({ ...c, ...extra }));

// ---------------------------------------------------------------------------------------------
// Integrations: every provider, valid values and values that break its limits

/** Per provider and field: [valid values, invalid values]. */
export const INTEGRATION_VALUES = {
  adobe: {
    launchUrl: [
      ['https://assets.adobedtm.com/launch-EN1234.min.js', 'https://example.com/x'],
      ['not a url', '', '/relative/launch.js', 42],
    ],
  },
  amplitude: { apiKey: [['a1b2c3d4e5'], [42, null, ['k']]] },
  clarity: { projectId: [['abcdef123'], [123]] },
  clearbit: { publicApiKey: [['pk_1234'], [true]] },
  cookies: { key: [['consent', ''], [1]], value: [['granted'], [false]] },
  fathom: { siteId: [['ABCDEFG'], [7]] },
  frontchat: {
    snippetId: [
      ['abcdef', '1234567890'],
      ['abc', '', 'abcde', 123456],
    ],
  },
  ga4: {
    measurementId: [
      ['G-ABC123XYZ', 'G'],
      ['UA-4410-2', 'g-abc', '', ' G-1', 42],
    ],
  },
  gtm: {
    tagId: [
      ['GTM-ABC123', 'G-1'],
      ['AW-1', 'gtm-1', ''],
    ],
  },
  heap: { appId: [['1234567'], [1234567]] },
  hightouch: { writeKey: [['wk_123'], [null]], apiHost: [['us-east-1.hightouch-events.com'], [5]] },
  hotjar: { hjid: [['1234567'], [1234567]], hjsv: [['6'], [6]] },
  intercom: {
    appId: [
      ['abc123', 'abcdefgh'],
      ['abc', '12345', ''],
    ],
  },
  koala: {
    publicApiKey: [
      ['pk', 'pk_live_123'],
      ['p', ''],
    ],
  },
  logrocket: { appId: [['acme/app'], [{}]] },
  mixpanel: {
    projectToken: [['0123456789abcdef'], [[]]],
    region: [
      ['us', 'eu', 'in'],
      ['EU', 'uk', ''],
    ],
  },
  onetrust: {
    domainScript: [['0190e1f2-aaaa-bbbb'], ['', 5]],
    categoryId: [['C0002'], ['']],
    scriptSource: [['https://cdn.cookielaw.org/otSDKStub.js'], ['http://cdn.cookielaw.org/otSDKStub.js', 'nope']],
  },
  pirsch: { id: [['abcdef'], [12]] },
  plausible: {
    domain: [
      ['docs.example.com', 'http://docs.example.com'],
      ['https://docs.example.com', 3],
    ],
    server: [['plausible.example.com'], ['https://plausible.example.com']],
  },
  posthog: {
    apiKey: [['phc_abc123'], ['abc123', 'PHC_abc', '']],
    apiHost: [
      ['https://eu.posthog.com', 'https://ph.example.com/ingest'],
      ['eu.posthog.com', '', 'not a url'],
    ],
    sessionRecording: [
      [true, false],
      ['yes', 1],
    ],
  },
  segment: {
    key: [['wk_abc'], [0]],
    cdnUrl: [
      ['https://cdn.example.com', 'https://cdn.example.com/segment'],
      ['http://cdn.example.com', 'https://cdn.example.com/?a=1', 'https://cdn.example.com/#x', 'cdn.example.com'],
    ],
  },
  telemetry: {
    enabled: [
      [true, false],
      ['false', 0],
    ],
  },
  transcend: {
    bundleId: [
      ['abc-123_DEF', ' abc '],
      ['abc def', '', 'a/b'],
    ],
    analyticsPurpose: [
      ['Analytics', ' x '],
      ['', '   ', 'x'.repeat(101)],
    ],
  },
};
/** Fields a provider cannot do without. */
export const INTEGRATION_REQUIRED = {
  adobe: ['launchUrl'],
  amplitude: ['apiKey'],
  clarity: ['projectId'],
  clearbit: ['publicApiKey'],
  fathom: ['siteId'],
  frontchat: ['snippetId'],
  ga4: ['measurementId'],
  gtm: ['tagId'],
  heap: ['appId'],
  hightouch: ['writeKey'],
  hotjar: ['hjid', 'hjsv'],
  intercom: ['appId'],
  koala: ['publicApiKey'],
  logrocket: ['appId'],
  mixpanel: ['projectToken'],
  onetrust: ['domainScript'],
  pirsch: ['id'],
  plausible: ['domain'],
  posthog: ['apiKey'],
  segment: ['key'],
  transcend: ['bundleId'],
  telemetry: [],
  cookies: [],
};

/** A provider's settings: each field valid, invalid or absent, chosen by fast-check. */
function provider(name, validOnly) {
  const fields = INTEGRATION_VALUES[name];
  const model = {};
  for (const [field, [valid, invalid]] of Object.entries(fields)) {
    model[field] =
      validOnly || invalid.length === 0
        ? fc.constantFrom(...valid)
        : fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...valid) },
            { weight: 1, arbitrary: fc.constantFrom(...invalid) },
          );
  }
  return fc.record(model, { requiredKeys: validOnly ? INTEGRATION_REQUIRED[name] : [] });
}
const providers = Object.keys(INTEGRATION_VALUES);
const integrations = (validOnly) =>
  fc
    .uniqueArray(fc.constantFrom(...providers), { minLength: 1, maxLength: validOnly ? 4 : 6 })
    .chain((names) =>
      fc
        .tuple(...names.map((n) => provider(n, validOnly)))
        .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))),
    );

// ---------------------------------------------------------------------------------------------
// The other top-level properties

const fontDetails = fc.oneof(
  fc.record(
    { family: fc.constantFrom('Inter', 'Open Sans', 'GT America'), weight: fc.constantFrom(400, 550, 700) },
    { requiredKeys: ['family'] },
  ),
  fc.record(
    {
      family: fc.constant('Acme Sans'),
      source: fc.constantFrom('/fonts/acme.woff2', 'https://cdn.example.com/acme.woff'),
      format: fc.constantFrom('woff', 'woff2'),
      weight: fc.constant(400),
    },
    { requiredKeys: ['family', 'source', 'format'] },
  ),
);
const topLevel = {
  $schema: fc.constant('https://mintlify.com/docs.json'),
  description: label,
  logo: fc.oneof(
    fc.constantFrom('/logo.svg', 'logo/light.png', 'https://example.com/logo.png'),
    fc.record(
      { light: fc.constant('/logo/light.svg'), dark: fc.constant('/logo/dark.svg'), href },
      { requiredKeys: ['light', 'dark'] },
    ),
  ),
  favicon: fc.oneof(
    fc.constant('/favicon.svg'),
    fc.record({ light: fc.constant('/favicon.png'), dark: fc.constant('/favicon-dark.png') }),
  ),
  api: fc.record(
    {
      openapi,
      asyncapi,
      params: fc.record(
        { expanded: fc.constantFrom('all', 'closed'), post: fc.array(word, { maxLength: 2 }) },
        { requiredKeys: [] },
      ),
      playground: fc.record(
        { display: fc.constantFrom('interactive', 'simple', 'none', 'auth'), proxy: bool, credentials: bool },
        { requiredKeys: [] },
      ),
      examples: fc.record(
        {
          defaults: fc.constantFrom('required', 'all'),
          languages: fc.array(fc.constantFrom('curl', 'python', 'javascript'), { maxLength: 3 }),
          prefill: bool,
          autogenerate: bool,
        },
        { requiredKeys: [] },
      ),
      url: fc.constant('full'),
      mdx: fc.record(
        {
          auth: fc.record(
            { method: fc.constantFrom('bearer', 'basic', 'key', 'cobo'), name: word },
            { requiredKeys: [] },
          ),
          server: fc.oneof(
            fc.constant('https://api.example.com'),
            fc.constant(['https://api.example.com', 'https://eu.api.example.com']),
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
  appearance: fc.record({ default: fc.constantFrom('system', 'light', 'dark'), strict: bool }, { requiredKeys: [] }),
  background: fc.record(
    {
      image: fc.oneof(
        fc.constant('/bg.png'),
        fc.record({ light: fc.constant('/bg.png'), dark: fc.constant('/bg-dark.png') }),
      ),
      decoration: fc.constantFrom('gradient', 'grid', 'windows'),
      color: colorPair,
    },
    { requiredKeys: [] },
  ),
  navbar,
  footer,
  banner,
  search: fc.record({ prompt: label }, { requiredKeys: [] }),
  seo: fc.record(
    {
      metatags: fc.dictionary(
        fc.constantFrom('og:image', 'twitter:card', 'google-site-verification', 'robots'),
        fc.constantFrom('/og.png', 'summary', 'abc123', 'index'),
      ),
      paths: fc.uniqueArray(
        fc.record({
          path: fc.constantFrom('guides', 'guides/v2', 'api/reference'),
          metatags: fc.dictionary(fc.constantFrom('robots', 'og:title'), fc.constantFrom('noindex', 'Guides')),
        }),
        { maxLength: 2, selector: (p) => p.path },
      ),
      organization: fc.record(
        {
          id: fc.constant('https://example.com/#organization'),
          name: label,
          legalName: label,
          url: httpsUrl,
          logo: fc.constant('https://example.com/logo.png'),
          sameAs: fc.array(httpsUrl, { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
      indexing: fc.constantFrom('navigable', 'all'),
      trailingSlash: bool,
    },
    { requiredKeys: [] },
  ),
  fonts: fc.oneof(fontDetails, fc.record({ heading: fontDetails, body: fontDetails }, { requiredKeys: [] })),
  icons: fc.record({ library: fc.constantFrom(...ICON_LIBRARIES) }),
  styling: fc.record(
    {
      eyebrows: fc.constantFrom('section', 'breadcrumbs'),
      codeblocks: fc.oneof(
        fc.constantFrom('system', 'dark'),
        fc.record(
          {
            theme: fc.oneof(
              fc.constantFrom(...SHIKI),
              fc.record({ light: fc.constantFrom(...SHIKI), dark: fc.constantFrom(...SHIKI) }),
            ),
            languages: fc.record({ custom: fc.array(fc.constant('grammars/acme.json'), { maxLength: 1 }) }),
          },
          { requiredKeys: [] },
        ),
      ),
      latex: bool,
    },
    { requiredKeys: [] },
  ),
  redirects: fc.uniqueArray(
    fc.record(
      { source: pagePath.map((p) => `/${p}`), destination: pagePath.map((p) => `/${p}`), permanent: bool },
      { requiredKeys: ['source', 'destination'] },
    ),
    { maxLength: 4, selector: (r) => r.source },
  ),
  errors: fc.record({ 404: fc.record({ redirect: bool, title: label, description: label }, { requiredKeys: [] }) }),
  contextual: fc.record(
    {
      options: fc.uniqueArray(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...CONTEXTUAL) },
          {
            weight: 1,
            arbitrary: fc.record(
              {
                title: label,
                description: label,
                icon,
                href: fc.oneof(
                  fc.constant('https://example.com/ask?q=$page'),
                  fc.record(
                    {
                      base: fc.constant('https://example.com/ask'),
                      query: fc.array(fc.record({ key: word, value: fc.constantFrom('$page', '$path', '$mcp') }), {
                        maxLength: 2,
                      }),
                    },
                    { requiredKeys: ['base'] },
                  ),
                ),
              },
              { requiredKeys: ['title', 'description', 'href'] },
            ),
          },
        ),
        { maxLength: 5 },
      ),
      display: fc.constantFrom('header', 'toc'),
    },
    { requiredKeys: ['options'] },
  ),
  thumbnails: fc.record(
    {
      appearance: fc.constantFrom('light', 'dark'),
      background: fc.constant('/thumb.png'),
      fonts: fc.record({ family: fc.constant('Inter') }),
    },
    { requiredKeys: [] },
  ),
  interaction: fc.record({ drilldown: bool }, { requiredKeys: [] }),
  metadata: fc.record({ timestamp: bool }, { requiredKeys: [] }),
  variables: fc.dictionary(word, label, { maxKeys: 3 }),
  markdown: fc.record(
    { schema: bool, instructions: fc.oneof(label, fc.array(label, { maxLength: 2 })) },
    { requiredKeys: [] },
  ),
  public: bool,
  integrations: integrations(true),
};
const variations = fc.record({
  options: fc.uniqueArray(fc.record({ id: word, label: trimmedName }), {
    minLength: 1,
    maxLength: 3,
    selector: (o) => o.id,
  }),
});

/** A docs.json the platform's documentation calls valid. */
export const validDocument = fc
  .tuple(
    fc.constantFrom(...THEMES),
    trimmedName,
    fc.record({ primary: hex, light: hex, dark: hex }, { requiredKeys: ['primary'] }),
    navigation,
    fc.record(topLevel, { requiredKeys: [] }),
    fc.option(variations, { freq: 4 }),
  )
  .map(([theme, name, colors, nav, rest, vars]) => ({
    theme,
    name,
    colors,
    navigation: nav,
    ...rest,
    ...(theme === 'willow' && vars ? { variations: vars } : {}),
  }));

/** A valid document whose integrations take valid and invalid values of every provider. */
export const integrationDocument = fc
  .tuple(validDocument, integrations(false))
  .map(([doc, ints]) => ({ ...doc, integrations: ints }));

// ---------------------------------------------------------------------------------------------
// Mutations

const WRONG_TYPES = [0, 42, -1, 3.5, true, false, null, [], {}, '', 'text', ['a'], { a: 1 }];
const INTERESTING = [
  '',
  ' ',
  '\t',
  'fa-house',
  'http://example.com',
  'https://example.com',
  'javascript:alert(1)',
  '//evil.example.com',
  'https://example.com/a.svg',
  'https://example.com/setup.exe',
  'mailto:x@example.com',
  '#',
  '/',
  '../../etc/passwd',
  'ftp://example.com/file',
  'https://',
  'G',
  'phc_',
  'G-1',
  'https://example.com/?q=1#h',
  '<API_KEY>',
  'YOUR_MEASUREMENT_ID',
  '😀😀😀',
  'a\u0000b',
  'C:\\docs\\openapi.json',
  'data:text/plain,hi',
  'https://exa mple.com',
  'https://example.com/a b',
  'http:/example.com',
  'tel:+1',
  'mint',
  'system',
  'dark',
  'light',
  'none',
  'card',
  'all',
  'en',
  'EN',
  'github',
  'button',
  'copy',
  'woff3',
  '#FFF',
  '#12345',
  'red',
  ' #000000',
  '#0D9373 ',
  'guides/../x',
  'guides//x',
  '/guides',
  'a?b',
  'GET /users/{id}',
  '   x   ',
];
const UNKNOWN_KEYS = [
  'foo',
  'tab',
  'group',
  'groups',
  'pages',
  'href',
  'openapi',
  'color',
  'icon',
  'hidden',
  'menu',
  'global',
  'graphql',
  'sdk',
  'align',
  'tag',
  'default',
  'public',
  'searchable',
  'iconType',
  'description',
  '__proto__',
  'constructor',
  'label',
  'type',
  'source',
  'directory',
  'x-custom',
];
const KINDS = [
  ['wrongType', 15],
  ['delete', 12],
  ['duplicateKey', 5],
  ['typo', 10],
  ['blank', 8],
  ['badPrefix', 5],
  ['shorten', 5],
  ['unknownKey', 10],
  ['hugeString', 3],
  ['deepNesting', 3],
  ['extremeNumber', 2],
  ['interesting', 12],
  ['swapShape', 5],
  ['moveKey', 4],
  ['duplicateItem', 5],
  ['clearArray', 3],
];

export const mutationPlan = fc.array(
  fc.record({
    kind: fc.oneof(...KINDS.map(([k, w]) => ({ weight: w, arbitrary: fc.constant(k) }))),
    // Uniform picks: fast-check's usual bias towards small numbers would mutate the first keys only.
    where: fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })),
    instance: fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })),
    pick: fc.noBias(fc.integer({ min: 0, max: 0x7fffffff })),
  }),
  { minLength: 1, maxLength: 3 },
);

/** A number written as JSON text that JavaScript cannot hold exactly (1e400 parses as Infinity). */
class RawNumber {
  constructor(text) {
    this.text = text;
  }
}

/**
 * A JSON object with repeated keys: JSON.parse keeps the last one, as the platform and doclint's
 * parser both do. Only the serializer below knows about it.
 */
class DuplicateKeys {
  constructor(entries) {
    this.entries = entries;
  }
}

function isObject(v) {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    !(v instanceof DuplicateKeys) &&
    !(v instanceof RawNumber)
  );
}

/** Every node of a value: its path (keys and indexes) and the path with indexes as "*". */
function nodes(value) {
  const out = [];
  const walk = (v, path) => {
    out.push({ path, pattern: path.map((s) => (typeof s === 'number' ? '*' : s)).join('.'), value: v });
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (isObject(v)) for (const k of Object.keys(v)) walk(v[k], [...path, k]);
  };
  walk(value, []);
  return out;
}

const APPLIES = {
  wrongType: (n) => n.path.length > 0,
  delete: (n) => n.path.length > 0,
  duplicateKey: (n) => n.path.length > 0 && typeof n.path[n.path.length - 1] === 'string',
  typo: (n) => typeof n.value === 'string' && n.value.length > 0,
  blank: (n) => typeof n.value === 'string',
  badPrefix: (n) => typeof n.value === 'string' && n.value.length > 0,
  shorten: (n) => typeof n.value === 'string' && n.value.length > 1,
  unknownKey: (n) => isObject(n.value),
  hugeString: (n) => typeof n.value === 'string' || Array.isArray(n.value),
  extremeNumber: (n) => n.path.length > 0 && (typeof n.value === 'number' || typeof n.value === 'boolean'),
  deepNesting: (n) => n.path.length > 0,
  interesting: (n) => n.path.length > 0,
  swapShape: (n) => n.path.length > 0 && (Array.isArray(n.value) || isObject(n.value) || typeof n.value === 'string'),
  moveKey: (n) => n.path.length > 1 && typeof n.path[n.path.length - 1] === 'string',
  duplicateItem: (n) => Array.isArray(n.value) && n.value.length > 0,
  clearArray: (n) => Array.isArray(n.value) && n.value.length > 0,
};

function getAt(root, path) {
  let v = root;
  for (const s of path) v = v[s];
  return v;
}

function setAt(root, path, value) {
  const parent = getAt(root, path.slice(0, -1));
  parent[path[path.length - 1]] = value;
}

function deleteAt(root, path) {
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(key, 1);
  else delete parent[key];
}

function typo(s, pick) {
  const i = pick % s.length;
  switch (pick % 6) {
    case 0:
      return s.slice(0, i) + s.slice(i + 1); // drop a character
    case 1:
      return s.slice(0, i) + s[i] + s.slice(i); // double one
    case 2:
      return s.toUpperCase() === s ? s.toLowerCase() : s.toUpperCase();
    case 3:
      return `${s} `;
    case 4:
      return ` ${s}`;
    default:
      return `${s}x`;
  }
}

function nestedGroups(depth, leaf) {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { group: `level ${depth - i}`, pages: [v] };
  return v;
}

/** Applies one mutation step in place (the root is an object holding the document as `doc`). Returns what it did. */
function applyMutation(holder, step) {
  const kind = step.kind;
  const all = nodes(holder.doc).filter(
    (n) => !(n.value instanceof DuplicateKeys) && !(n.value instanceof RawNumber) && APPLIES[kind](n),
  );
  if (all.length === 0) return undefined;
  // Pick a place in the schema first (a path pattern), then one instance of it, so that the
  // hundreds of page entries of a big navigation do not drown everything else.
  const patterns = [...new Set(all.map((n) => n.pattern))];
  const pattern = patterns[step.where % patterns.length];
  const candidates = all.filter((n) => n.pattern === pattern);
  const node = candidates[step.instance % candidates.length];
  const path = ['doc', ...node.path];
  const full = node.path.join('.') || '(root)';
  const at = full.length > 120 ? `…${full.slice(-100)}` : full;
  const pick = step.pick;
  const v = node.value;
  switch (kind) {
    case 'wrongType': {
      const choices = WRONG_TYPES.filter(
        (w) => typeof w !== typeof v || Array.isArray(w) !== Array.isArray(v) || (w === null) !== (v === null),
      );
      const w = structuredClone(choices[pick % choices.length]);
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'delete':
      deleteAt(holder, path);
      return `${kind} ${at}`;
    case 'duplicateKey': {
      const parentPath = path.slice(0, -1);
      const parent = getAt(holder, parentPath);
      if (!isObject(parent)) return undefined;
      const key = path[path.length - 1];
      const other = structuredClone(
        pick % 2 === 0 ? WRONG_TYPES[pick % WRONG_TYPES.length] : INTERESTING[pick % INTERESTING.length],
      );
      const entries = Object.entries(parent);
      const index = entries.findIndex(([k]) => k === key);
      // The original first and the new value last, or the other way round.
      const pair =
        pick % 4 < 2
          ? [
              [key, v],
              [key, other],
            ]
          : [
              [key, other],
              [key, v],
            ];
      entries.splice(index, 1, ...pair);
      setAt(holder, parentPath, new DuplicateKeys(entries));
      return `${kind} ${at} (${pick % 4 < 2 ? 'then' : 'before'} ${JSON.stringify(other)})`;
    }
    case 'typo': {
      const w = typo(v, pick);
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'blank': {
      const w = ['', ' ', '  \t', '\n'][pick % 4];
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'badPrefix': {
      const w = [v.slice(1), `x${v}`, v.toLowerCase(), ` ${v}`][pick % 4];
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'shorten': {
      const w = v.slice(0, pick % Math.min(v.length, 6));
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'unknownKey': {
      const keys = Object.keys(v);
      const name =
        pick % 3 === 0 && keys.length > 0
          ? typo(keys[pick % keys.length], pick >> 2)
          : UNKNOWN_KEYS[pick % UNKNOWN_KEYS.length];
      if (name in v) return undefined;
      const w = structuredClone(
        [...WRONG_TYPES, ...INTERESTING][(pick >> 3) % (WRONG_TYPES.length + INTERESTING.length)],
      );
      // Defined as a property so that "__proto__" is an own key, as JSON.parse makes it.
      Object.defineProperty(v, name, { value: w, enumerable: true, writable: true, configurable: true });
      return `${kind} ${at}.${name} = ${JSON.stringify(w)}`;
    }
    case 'hugeString': {
      const copies = Array.isArray(v) && v.every((x) => typeof x === 'string') ? 5000 : 50;
      const w =
        typeof v === 'string'
          ? pick % 2 === 0
            ? 'x'.repeat(100_000)
            : `${v}${'é'.repeat(50_000)}`
          : Array.from({ length: copies }, (_, i) => (v.length > 0 ? structuredClone(v[i % v.length]) : `page${i}`));
      setAt(holder, path, w);
      return `${kind} ${at} (${typeof v === 'string' ? `${w.length} characters` : `${w.length} items`})`;
    }
    case 'extremeNumber': {
      const w = new RawNumber(['1e400', '-1e999', '1e-400', '123456789012345678901234567890', '-0', '4.0'][pick % 6]);
      setAt(holder, path, w);
      return `${kind} ${at} = ${w.text}`;
    }
    case 'deepNesting': {
      const depth = [8, 40, 120, 300, 1000][pick % 5];
      const inPages = node.path.includes('pages') || node.path.includes('groups');
      const w = inPages
        ? nestedGroups(depth, typeof v === 'string' ? v : 'index')
        : JSON.parse(`${'['.repeat(depth)}${JSON.stringify(v ?? null)}${']'.repeat(depth)}`);
      setAt(holder, path, w);
      return `${kind} ${at} (${depth} levels${inPages ? ' of groups' : ' of arrays'})`;
    }
    case 'interesting': {
      const w = INTERESTING[pick % INTERESTING.length];
      setAt(holder, path, w);
      return `${kind} ${at} = ${JSON.stringify(w)}`;
    }
    case 'swapShape': {
      let w;
      if (Array.isArray(v)) w = v.length > 0 ? v[0] : {};
      else if (isObject(v)) w = pick % 2 === 0 ? [v] : (Object.values(v)[0] ?? '');
      else w = pick % 2 === 0 ? [v] : { [['name', 'source', 'href', 'light'][pick % 4]]: v };
      setAt(holder, path, structuredClone(w));
      return `${kind} ${at}`;
    }
    case 'moveKey': {
      // Move a key to the object that holds this one (a group's "pages" next to the group, a tab's
      // "groups" into navigation...), skipping the array in between.
      const key = path[path.length - 1];
      let up = path.length - 2;
      while (up > 0 && typeof path[up] === 'number') up--;
      const targetPath = path.slice(0, up);
      const target = getAt(holder, targetPath);
      if (targetPath.length === 0 || !isObject(target) || key in target) return undefined;
      deleteAt(holder, path);
      target[key] = v;
      return `${kind} ${at} to ${targetPath.slice(1).join('.') || '(root)'}`;
    }
    case 'duplicateItem': {
      v.push(structuredClone(v[pick % v.length]));
      return `${kind} ${at}[${pick % (v.length - 1)}]`;
    }
    case 'clearArray':
      setAt(holder, path, []);
      return `${kind} ${at}`;
    default:
      throw new Error(kind);
  }
}

/** Mutates a copy of `doc` with each step of `plan`; returns the JSON text and what was done. */
export function mutate(doc, plan) {
  const holder = { doc: structuredClone(doc) };
  const done = [];
  for (const step of plan) {
    // Values are plain JSON until a duplicate-key step; past one, further steps see a copy without it.
    const applied = applyMutation(holder, step);
    if (applied) done.push(applied);
  }
  return { text: serialize(holder.doc), mutations: done };
}

/** JSON text, two-space indented, writing repeated keys where a mutation made them. */
export function serialize(value) {
  const write = (v, indent) => {
    const pad = '  '.repeat(indent + 1);
    const end = '  '.repeat(indent);
    if (v instanceof RawNumber) return v.text;
    if (v instanceof DuplicateKeys) {
      if (v.entries.length === 0) return '{}';
      return `{\n${v.entries.map(([k, x]) => `${pad}${JSON.stringify(k)}: ${write(x, indent + 1)}`).join(',\n')}\n${end}}`;
    }
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return `[\n${v.map((x) => `${pad}${write(x, indent + 1)}`).join(',\n')}\n${end}]`;
    }
    if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      if (keys.length === 0) return '{}';
      return `{\n${keys.map((k) => `${pad}${JSON.stringify(k)}: ${write(v[k], indent + 1)}`).join(',\n')}\n${end}}`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  return write(value, 0);
}

// ---------------------------------------------------------------------------------------------
// The document set

/**
 * `count` documents from `seed`: a fifth valid, a sixth with integrations of every provider
 * (valid and invalid values), the rest mutated; when real documents are given, each is used as
 * it is and a tenth of the mutated documents start from one of them instead.
 * Each document: { id, kind, text, mutations }.
 */
export function makeDocuments({ count, seed, corpus = [] }) {
  const out = [];
  const nValid = Math.round(count * 0.2);
  const nIntegrations = Math.round(count * 0.15);
  const nCorpusPlain = Math.min(corpus.length, count - nValid - nIntegrations);
  const rest = count - nValid - nIntegrations - nCorpusPlain;
  const nCorpusMutated = corpus.length > 0 ? Math.round(rest * 0.1) : 0;
  const nMutated = rest - nCorpusMutated;
  const sample = (arb, n, offset) => (n > 0 ? fc.sample(arb, { seed: seed + offset, numRuns: n }) : []);

  sample(validDocument, nValid, 1).forEach((doc, i) =>
    out.push({ id: `valid-${i}`, kind: 'valid', text: serialize(doc), mutations: [] }),
  );
  sample(integrationDocument, nIntegrations, 2).forEach((doc, i) =>
    out.push({ id: `integrations-${i}`, kind: 'integrations', text: serialize(doc), mutations: [] }),
  );
  corpus
    .slice(0, nCorpusPlain)
    .forEach((c) => out.push({ id: `corpus-${c.name}`, kind: 'corpus', text: serialize(c.value), mutations: [] }));
  sample(fc.tuple(validDocument, mutationPlan), nMutated, 3).forEach(([doc, plan], i) => {
    const { text, mutations } = mutate(doc, plan);
    out.push({ id: `mutated-${i}`, kind: 'mutated', text, mutations });
  });
  sample(fc.tuple(fc.nat(), mutationPlan), nCorpusMutated, 4).forEach(([which, plan], i) => {
    const c = corpus[which % corpus.length];
    const { text, mutations } = mutate(c.value, plan);
    out.push({ id: `corpus-mutated-${i}-${c.name}`, kind: 'corpus-mutated', text, mutations });
  });
  return out;
}
