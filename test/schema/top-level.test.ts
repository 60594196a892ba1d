import { BASE, braceBefore, config, expectedAt, lintConfig, lintDocsJson, type Found } from './helpers.js';

const err = (text: string, needle: string, message: string, nth = 0): Found => expectedAt(text, needle, 'config-schema', 'error', message, nth);
const warn = (text: string, needle: string, message: string, nth = 0): Found => expectedAt(text, needle, 'config-unknown-key', 'warning', message, nth);
const ROOT_BRACE = { file: 'docs.json', line: 1, column: 1, endLine: 1, endColumn: 2 };

describe('top level: valid configurations', () => {
  test('the minimal configuration', async () => {
    expect(await lintDocsJson(config())).toEqual([]);
  });

  test('every documented top-level property at once', async () => {
    const text = config({
      description: 'Acme docs',
      logo: { light: '/logo/light.svg', dark: '/logo/dark.svg', href: 'https://acme.io' },
      favicon: { light: '/favicon.svg', dark: '/favicon-dark.svg' },
      colors: { primary: '#0A7A5E', light: '#07C983', dark: '#0D9' },
      api: {
        openapi: { source: 'openapi.yaml', directory: 'api' },
        asyncapi: ['events.yaml'],
        playground: { display: 'simple', proxy: false, credentials: true },
        params: { expanded: 'all', post: ['x-badge'] },
        url: 'full',
        examples: { languages: ['curl', 'python'], defaults: 'required', prefill: true, autogenerate: false },
        mdx: { auth: { method: 'bearer', name: 'Authorization' }, server: ['https://api.acme.io'] },
      },
      appearance: { default: 'dark', strict: true },
      background: { decoration: 'grid', color: { light: '#FFFFFF', dark: '#000000' }, image: { light: '/bg.png', dark: '/bg-dark.png' } },
      navbar: {
        links: [
          { label: 'Blog', href: 'https://acme.io/blog', icon: 'pen' },
          { type: 'github', href: 'https://github.com/acme' },
        ],
        primary: { type: 'button', label: 'Sign up', href: 'https://acme.io/signup' },
      },
      footer: {
        socials: { x: 'https://x.com/acme', 'hacker-news': 'https://news.ycombinator.com' },
        links: [{ header: 'Company', items: [{ label: 'About', href: '/about' }] }],
      },
      banner: { content: 'We launched **v2**', dismissible: true, type: 'warning', color: { light: '#FF0000', dark: '#AA0000' } },
      search: { prompt: 'Search Acme…' },
      seo: {
        indexing: 'all',
        metatags: { 'og:image': '/og.png', 'google-site-verification': 'abc' },
        organization: { name: 'Acme', sameAs: ['https://x.com/acme'] },
        trailingSlash: true,
      },
      fonts: { heading: { family: 'GT America', source: 'fonts/gt.woff2', format: 'woff2', weight: 700 }, body: { family: 'Inter', weight: 550 } },
      icons: { library: 'lucide' },
      styling: {
        eyebrows: 'breadcrumbs',
        latex: false,
        codeblocks: { theme: { light: 'github-light', dark: 'github-dark' }, languages: { custom: ['grammars/acme.json'] } },
      },
      redirects: [
        { source: '/old', destination: '/new' },
        { source: '/tmp', destination: '/new', permanent: false },
      ],
      errors: { '404': { redirect: false, title: 'Not here', description: 'Try [home](/)' } },
      contextual: {
        options: ['copy', 'view', 'chatgpt', { title: 'Ask Acme', description: 'Ask our bot', icon: 'robot', href: 'https://acme.io/ask?q=$page' }],
        display: 'toc',
      },
      thumbnails: { appearance: 'dark', background: '/thumb.png', fonts: { family: 'Inter' } },
      interaction: { drilldown: true },
      metadata: { timestamp: true },
      variables: { version: '2.1', 'product-name': 'Acme' },
      markdown: { schema: false, instructions: ['Be brief.', 'Cite pages.'] },
      public: true,
    });
    expect(await lintDocsJson(text)).toEqual([]);
  });

  test.each(['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'])('theme %s', async (theme) => {
    expect(await lintDocsJson(config({ theme }))).toEqual([]);
  });

  test.each(['system', 'dark'])('styling.codeblocks as the string %s', async (codeblocks) => {
    expect(await lintDocsJson(config({ styling: { codeblocks } }))).toEqual([]);
  });

  test.each(['navigable', 'all'])('seo.indexing %s', async (indexing) => {
    expect(await lintDocsJson(config({ seo: { indexing } }))).toEqual([]);
  });
});

describe('top level: errors', () => {
  test('a misspelt theme gets a suggestion', async () => {
    const text = config({ theme: 'mintt' });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"mintt"', 'theme must be one of mint, maple, palm, willow, linden, almond, aspen, sequoia, luma (got "mintt"); did you mean "mint"?'),
    ]);
  });

  test('required top-level properties, at the opening brace of the file', async () => {
    const text = JSON.stringify({ navigation: BASE.navigation }, null, 2);
    expect(await lintDocsJson(text)).toEqual(
      ['colors', 'name', 'theme'].map((key) => ({ ...ROOT_BRACE, ruleId: 'config-schema', severity: 'error', message: `docs.json is missing "${key}"` })),
    );
  });

  test('name of the wrong type', async () => {
    const text = config({ name: 42 });
    expect(await lintDocsJson(text)).toEqual([err(text, '42', 'name must be a string (got number 42)')]);
  });

  test.each([
    ['a colour name', 'green'],
    ['a hex without #', '0A7A5E'],
    ['a 5-digit hex', '#0D937'],
    ['an rgb() value', 'rgb(13, 147, 115)'],
  ])('colors.primary as %s', async (_name, primary) => {
    const text = config({ colors: { primary } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, JSON.stringify(primary), `colors.primary must be a hex colour like "#0D9373" (got ${JSON.stringify(primary)})`),
    ]);
  });

  test('colors without primary, and a bad dark colour', async () => {
    const text = config({ colors: { light: '#abc', dark: 'black' } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"colors"', 'colors is missing "primary"'),
      err(text, '"black"', 'colors.dark must be a hex colour like "#0D9373" (got "black")'),
    ]);
  });

  test('logo of the wrong type: the message names both accepted forms', async () => {
    const text = config({ logo: 12345 });
    expect(await lintDocsJson(text)).toEqual([err(text, '12345', 'logo must be a string or an object (got number 12345)')]);
  });

  test('logo object without dark: only the object form is reported', async () => {
    const text = config({ logo: { light: '/logo.svg' } });
    expect(await lintDocsJson(text)).toEqual([err(text, '"logo"', 'logo is missing "dark"')]);
  });

  test('favicon object with a misspelt key', async () => {
    const text = config({ favicon: { light: '/f.svg', dak: '/f-dark.svg' } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"favicon"', 'favicon is missing "dark"; did you misspell it as "dak"?'),
      warn(text, '"dak"', 'unknown key "dak" in favicon; did you mean "dark"?'),
    ]);
  });

  test('seo.indexing outside navigable/all, and a non-string meta tag', async () => {
    const text = config({ seo: { indexing: 'everything', metatags: { robots: false } } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"everything"', 'seo.indexing must be one of navigable, all (got "everything")'),
      err(text, 'false', 'seo.metatags.robots must be a string (got boolean false)'),
    ]);
  });

  test('seo.indexing with a near miss', async () => {
    const text = config({ seo: { indexing: 'navigatable' } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"navigatable"', 'seo.indexing must be one of navigable, all (got "navigatable"); did you mean "navigable"?'),
    ]);
  });

  test('meta tag names with colons are quoted in paths', async () => {
    const text = config({ seo: { metatags: { 'og:image': 1234 } } });
    expect(await lintDocsJson(text)).toEqual([err(text, '1234', 'seo.metatags["og:image"] must be a string (got number 1234)')]);
  });

  test('redirects: missing destination, permanent as a string', async () => {
    const text = config({ redirects: [{ source: '/old-path' }, { source: '/a', destination: '/b', permanent: 'true' }] });
    expect(await lintDocsJson(text)).toEqual([
      { file: 'docs.json', ...braceBefore(text, '"/old-path"'), ruleId: 'config-schema', severity: 'error', message: 'redirects[0] is missing "destination"' },
      err(text, '"true"', 'redirects[1].permanent must be true or false (got "true")'),
    ]);
  });

  test('footer: more than 4 link columns, a misspelt social network', async () => {
    const column = { header: 'H', items: [{ label: 'L', href: '/l' }] };
    const text = config({ footer: { socials: { linkdin: 'https://linkedin.com/company/acme' }, links: [column, column, column, column, column] } });
    const found = await lintDocsJson(text);
    expect(found).toEqual([
      // The platform rejects a social network it does not know (the keys of footer.socials are a closed list).
      err(text, '"linkdin"', 'unknown key "linkdin" in footer.socials, where the platform allows no other keys; did you mean "linkedin"?'),
      // The whole array: from its "[" (line 22) to its "]" (line 68).
      {
        file: 'docs.json',
        line: 22,
        column: 14,
        endLine: 68,
        endColumn: 6,
        ruleId: 'config-schema',
        severity: 'error',
        message: 'footer.links must have at most 4 items (got 5)',
      },
    ]);
  });

  test('contextual: a misspelt option and a custom option without href', async () => {
    const text = config({ contextual: { options: ['copy', 'chatgtp', { title: 'Ask', description: 'Ask the bot' }] } });
    expect(await lintDocsJson(text)).toEqual([
      err(
        text,
        '"chatgtp"',
        'contextual.options[1] must be one of the 17 supported values, such as assistant, copy, view, download-pdf, download-spec, chatgpt (got "chatgtp"); did you mean "chatgpt"?',
      ),
      {
        file: 'docs.json',
        ...braceBefore(text, '"Ask the bot"'),
        ruleId: 'config-schema',
        severity: 'error',
        message: 'contextual.options[2] is missing "href"',
      },
    ]);
  });

  test('banner without content, icons without library', async () => {
    const text = config({ banner: { dismissible: true }, icons: {} });
    expect(await lintDocsJson(text)).toEqual([err(text, '"banner"', 'banner is missing "content"'), err(text, '"icons"', 'icons is missing "library"')]);
  });

  test('api.playground.display and api.url', async () => {
    const text = config({ api: { playground: { display: 'full' }, url: 'short' } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"full"', 'api.playground.display must be one of interactive, simple, none, auth (got "full")'),
      err(text, '"short"', 'api.url must be "full" (got "short")'),
    ]);
  });

  test('variables must be strings', async () => {
    const text = config({ variables: { year: 2025 } });
    expect(await lintDocsJson(text)).toEqual([err(text, '2025', 'variables.year must be a string (got number 2025)')]);
  });

  test('errors.404 keys are plain words in paths', async () => {
    const text = config({ errors: { '404': { redirect: 'no' } } });
    expect(await lintDocsJson(text)).toEqual([err(text, '"no"', 'errors.404.redirect must be true or false (got "no")')]);
  });

  test.each([
    ['an array', '[]', 'docs.json must be an object (got an array)', { line: 1, column: 1, endLine: 1, endColumn: 3 }],
    ['a string', '"docs"', 'docs.json must be an object (got "docs")', { line: 1, column: 1, endLine: 1, endColumn: 7 }],
    ['null', 'null', 'docs.json must be an object (got null)', { line: 1, column: 1, endLine: 1, endColumn: 5 }],
  ])('a docs.json that is %s', async (_name, text, message, range) => {
    expect(await lintDocsJson(text)).toEqual([{ file: 'docs.json', ...range, ruleId: 'config-schema', severity: 'error', message }]);
  });
});

describe("top level: what the platform's validator rejects", () => {
  // Each of these is rejected by the platform's own validator (checked by test/differential).
  test('$schema that is not a URL, a blank name, a logo path shorter than 3 characters', async () => {
    const text = config({ $schema: 'docs.json', name: '   ', logo: 'ab' });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"docs.json"', '$schema must be a full URL such as "https://example.com/path" (got "docs.json")'),
      err(text, '"   "', 'name must not be empty or blank (got "   ")'),
      err(text, '"ab"', 'logo must be at least 3 characters long (got "ab", 2 characters)'),
    ]);
  });

  test('unknown keys in colors are errors; a banner colour is an object per mode', async () => {
    const text = config({ colors: { primary: '#0A7A5E', accent: '#FFFFFF' }, banner: { content: 'Hi', color: '#FF0000' } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"accent"', 'unknown key "accent" in colors, where the platform allows no other keys; allowed keys are primary, light, dark'),
      err(text, '"#FF0000"', 'banner.color must be an object (got "#FF0000")'),
    ]);
  });

  test('hrefs: logo, navbar and footer links', async () => {
    const text = config({
      logo: { light: '/l.svg', dark: '/d.svg', href: 'acme' },
      navbar: { links: [{ label: 'Blog', href: 'blog' }], primary: { type: 'button', label: 'Go', href: '/ok' } },
      footer: {
        links: [
          {
            items: [
              { label: 'Old', href: 'http://acme.io' },
              { label: 'Logo', href: 'https://acme.io/logo.svg' },
            ],
          },
        ],
      },
    });
    const href = 'must be a path starting with "/", an "#anchor", a "mailto:" link or a full URL';
    const secure = 'must be a path starting with "/", an "#anchor", a "mailto:" link or an https URL not ending in .svg, .exe or .zip';
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"acme"', `logo.href ${href} (got "acme")`),
      err(text, '"blog"', `navbar.links[0].href ${href} (got "blog")`),
      err(text, '"http://acme.io"', `footer.links[0].items[0].href ${secure} (got "http://acme.io")`),
      err(text, '"https://acme.io/logo.svg"', `footer.links[0].items[1].href ${secure} (got "https://acme.io/logo.svg")`),
    ]);
  });

  test('navbar: a plain link needs a label, a button needs a label; github and discord links do not', async () => {
    const text = config({
      navbar: {
        links: [
          { type: 'github', href: 'https://github.com/acme' },
          { type: 'blog', href: '/blog' },
        ],
        primary: { type: 'button', href: '/signup' },
      },
    });
    expect(await lintDocsJson(text)).toEqual([
      { file: 'docs.json', ...braceBefore(text, '"blog"'), ruleId: 'config-schema', severity: 'error', message: 'navbar.links[1] is missing "label"' },
      err(text, '"primary"', 'navbar.primary is missing "label"', 1),
    ]);
  });

  test('footer: no empty column, no empty link list, https profile URLs', async () => {
    const text = config({ footer: { socials: { x: 'http://x.com/acme' }, links: [{ header: '', items: [] }] } });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"http://x.com/acme"', 'footer.socials.x must be an https URL not ending in .svg, .exe or .zip (got "http://x.com/acme")'),
      err(text, '""', 'footer.links[0].header must not be empty'),
      err(text, '[]', 'footer.links[0].items must have at least 1 item'),
    ]);
  });

  test('repeated redirect sources and contextual options', async () => {
    const text = config({
      redirects: [
        { source: '/old', destination: '/a' },
        { source: '/old', destination: '/b' },
      ],
      contextual: { options: ['copy', 'view', 'copy'] },
    });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '"/old"', 'redirects[1] repeats the "source" "/old" of redirects[0]; each can appear only once', 1),
      err(text, '"copy"', 'contextual.options[2] repeats the "copy" of contextual.options[0]; each can appear only once', 1),
    ]);
  });

  test('fonts: a self-hosted font needs its format; one font needs a family', async () => {
    const withSource = config({ fonts: { family: 'Acme', source: '/fonts/acme.woff2' } });
    expect(await lintDocsJson(withSource)).toEqual([
      err(withSource, '"fonts"', 'fonts has a "source" but no "format"; a self-hosted font needs its format ("woff" or "woff2")'),
    ]);
    const weightOnly = config({ fonts: { weight: 400 } });
    expect(await lintDocsJson(weightOnly)).toEqual([err(weightOnly, '"fonts"', 'fonts is missing "family"')]);
  });

  test('fonts: with "family" set, the platform ignores "heading" and "body"', async () => {
    const text = config({ fonts: { family: 'Inter', heading: { family: 'GT America' } } });
    expect(await lintDocsJson(text)).toEqual([warn(text, '"heading"', 'unknown key "heading" in fonts; the platform ignores it')]);
  });

  test('styling.codeblocks: "system", "dark" or known Shiki themes', async () => {
    const text = config({ styling: { codeblocks: { theme: { light: 'github-light', dark: 'github-darkk' } } } });
    expect(await lintDocsJson(text)).toEqual([
      err(
        text,
        '"github-darkk"',
        'styling.codeblocks.theme.dark must be one of the 61 supported values, such as andromeeda, aurora-x, ayu-dark, catppuccin-frappe, catppuccin-latte, catppuccin-macchiato (got "github-darkk"); did you mean "github-dark"?',
      ),
    ]);
    const text2 = config({ styling: { codeblocks: 'auto' } });
    expect(await lintDocsJson(text2)).toEqual([err(text2, '"auto"', 'styling.codeblocks must be one of system, dark (got "auto")')]);
  });

  test('seo: empty meta tag content, folder paths, organization URLs', async () => {
    const text = config({
      seo: {
        metatags: { robots: '' },
        paths: [{ path: '/guides/', metatags: { robots: 'noindex' } }],
        organization: { url: 'acme.io' },
      },
    });
    expect(await lintDocsJson(text)).toEqual([
      err(text, '""', 'seo.metatags.robots must not be empty'),
      err(
        text,
        '"/guides/"',
        'seo.paths[0].path must be a folder path such as "guides/v2": no leading or trailing "/", no empty, "." or ".." segment, no spaces, "\\", "?" or "#" (got "/guides/")',
      ),
      err(text, '"acme.io"', 'seo.organization.url must be a full URL such as "https://example.com/path" (got "acme.io")'),
    ]);
  });

  test('errors needs its "404" entry', async () => {
    const text = config({ errors: {} });
    expect(await lintDocsJson(text)).toEqual([err(text, '"errors"', 'errors is missing "404"')]);
  });

  test('variations: validated with theme willow, ignored (a warning) with other themes', async () => {
    const willow = config({
      theme: 'willow',
      variations: {
        options: [
          { id: 'js', label: 'JavaScript' },
          { id: ' js', label: 'Node' },
        ],
      },
    });
    expect(await lintDocsJson(willow)).toEqual([
      err(willow, '" js"', 'variations.options[1] repeats the "id" " js" of variations.options[0]; each can appear only once'),
    ]);
    const mint = config({ variations: { options: [] } });
    expect(await lintDocsJson(mint)).toEqual([
      warn(mint, '"variations"', 'unknown key "variations" with theme "mint"; only the willow theme supports variations, the platform ignores them'),
    ]);
  });
});

describe('unknown keys', () => {
  test('a misspelt top-level key: warning with a rename fix', async () => {
    const text = config({ integration: { ga4: { measurementId: 'G-8KQ2TZ4M1R' } } });
    const { found, raw } = await lintConfig({ 'docs.json': text });
    expect(found).toEqual([warn(text, '"integration"', 'unknown key "integration"; did you mean "integrations"?')]);
    const at = text.indexOf('"integration"');
    // A rename is a guess: a suggestion, not a fix.
    expect(raw[0]!.fix).toBeUndefined();
    expect(raw[0]!.suggestions).toEqual([
      { desc: 'Rename the key to "integrations"', fix: { range: [at, at + '"integration"'.length], text: '"integrations"' } },
    ]);
    // Applying it gives a configuration without findings.
    const fixed = text.slice(0, at) + raw[0]!.suggestions![0]!.fix.text + text.slice(at + '"integration"'.length);
    expect(await lintDocsJson(fixed)).toEqual([]);
  });

  test('no fix when the suggested key is already there', async () => {
    const text = config({ integration: {}, integrations: {} });
    const { found, raw } = await lintConfig({ 'docs.json': text });
    expect(found).toEqual([warn(text, '"integration"', 'unknown key "integration"; did you mean "integrations"?')]);
    expect(raw[0]!.fix).toBeUndefined();
  });

  test('keys from the old configuration format are ignored by the platform', async () => {
    const text = config({ anchors: [{ name: 'Blog', url: 'https://acme.io/blog' }], feedback: { thumbsRating: true } });
    expect(await lintDocsJson(text)).toEqual([
      warn(text, '"anchors"', 'unknown key "anchors"; it belongs inside "navigation"'),
      warn(text, '"feedback"', 'unknown key "feedback"; the platform ignores it'),
    ]);
  });

  test('nested unknown keys name their parent', async () => {
    const text = config({ appearance: { default: 'dark', strcit: true }, styling: { css: 'style.css' } });
    expect(await lintDocsJson(text)).toEqual([
      warn(text, '"strcit"', 'unknown key "strcit" in appearance; did you mean "strict"?'),
      warn(text, '"css"', 'unknown key "css" in styling; the platform ignores it'),
    ]);
  });
});
