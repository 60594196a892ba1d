import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isPublicAddress } from '../../src/services/external/address.js';
import { checkUrl, htmlIds, retryAfterMs, tokenFor, type FetchSettings } from '../../src/services/external/http.js';
import { lint } from '../../src/commands/lint.js';
import type { RuleSetting } from '../../src/config/settings.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

/*
 * site-external-link against local HTTP servers (127.0.0.1, a random port, started here): no test
 * reaches the network, but for one DNS lookup of a `.invalid` host (which never resolves). Time is
 * never measured: the retries wait for real (a second), the cache is dated by an injected clock.
 */

const RULE = 'site-external-link';
const FRONT = '---\ntitle: Links\ndescription: A page of external links.\n---\n\n';

type Handler = (req: IncomingMessage, res: ServerResponse, count: number) => void;

/** A local server: each path its handler; every request is logged (`HEAD /a`), and the most at once is counted. */
interface TestServer {
  base: string;
  log: string[];
  maxActive: number;
  close(): Promise<void>;
}

async function serve(routes: Record<string, Handler>): Promise<TestServer> {
  const state = { log: [] as string[], active: 0, maxActive: 0 };
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    state.log.push(`${req.method} ${req.url}`);
    state.active++;
    state.maxActive = Math.max(state.maxActive, state.active);
    res.on('close', () => state.active--);
    const count = (counts.get(req.url!) ?? 0) + 1;
    counts.set(req.url!, count);
    const handler = routes[req.url!];
    if (handler) handler(req, res, count);
    else res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    log: state.log,
    get maxActive() {
      return state.maxActive;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    res.writeHead(code, headers).end();

/** A site whose index page has these lines; the rule alone on, with these options. */
function site(lines: string[], config = MINIMAL_CONFIG): string {
  return tmpSite({ 'docs.json': config, 'index.mdx': `${FRONT}${lines.join('\n')}\n` });
}

function only(options: Record<string, unknown>, severity?: RuleSetting['severity']): Record<string, RuleSetting> {
  return { [RULE]: { ...(severity ? { severity } : {}), options: { checkLocalhost: true, ...options } } };
}

const cacheFolder = () => mkdtempSync(path.join(os.tmpdir(), 'doclint-external-cache-'));

/** The rule's findings as `file:line:column-endLine:endColumn severity message`. */
async function check(
  root: string,
  options: Record<string, unknown>,
  external: { cacheFolder?: string; now?: () => number } | false = {},
  severity?: RuleSetting['severity'],
) {
  const run = await lint({
    paths: [root],
    cwd: root,
    overrides: only(options, severity),
    ...(external
      ? {
          checkExternal: {
            allowPrivate: true,
            cacheFolder: external.cacheFolder ?? cacheFolder(),
            ...(external.now ? { now: external.now } : {}),
          },
        }
      : {}),
  });
  return run.diagnostics
    .filter((d) => d.ruleId === RULE)
    .map(
      (d) =>
        `${path.relative(root, d.file)}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.message}`,
    );
}

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

describe('site-external-link (--check-external)', () => {
  test('200 is fine; 404, 410 and an unknown host are errors; HEAD refused is asked with GET; a redirect is a note; another 4xx a warning', async () => {
    server = await serve({
      '/gone': status(404),
      '/removed': status(410),
      '/no-head': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end(),
      '/old': status(301, { location: '/new' }),
      '/private': status(403),
    });
    const b = server.base;
    const root = site([
      `[ok](${b}/ok) and [gone](${b}/gone)`,
      `![removed](${b}/removed)`,
      `[dns](http://nothing.invalid/page)`,
      `<Card title="x" href="${b}/no-head" />`,
      `[old](${b}/old) [private](${b}/private)`,
    ]);
    expect(await check(root, {})).toEqual([
      `index.mdx:6:${1 + `[ok](${b}/ok) and `.length}-6:${1 + `[ok](${b}/ok) and [gone](${b}/gone)`.length} error link \`${b}/gone\` is broken: HTTP 404 (Not Found); fix or remove it`,
      `index.mdx:7:1-7:${1 + `![removed](${b}/removed)`.length} error image \`${b}/removed\` is broken: HTTP 410 (Gone); fix or remove it`,
      'index.mdx:8:1-8:35 error link `http://nothing.invalid/page` is broken: host not found (DNS); fix or remove it',
      `index.mdx:10:1-10:${1 + `[old](${b}/old)`.length} info link \`${b}/old\` redirects to \`${b}/new\`; link to it directly`,
      `index.mdx:10:${1 + `[old](${b}/old) `.length}-10:${1 + `[old](${b}/old) [private](${b}/private)`.length} warning link \`${b}/private\` answered HTTP 403 (Forbidden); check it in a browser, or list the status in \`accept\``,
    ]);
    // The <Card href> is read from its attribute: no finding, and HEAD then GET.
    expect(server.log.filter((l) => l.endsWith('/no-head'))).toEqual(['HEAD /no-head', 'GET /no-head']);
    expect(server.log.filter((l) => l.endsWith('/old') || l.endsWith('/new'))).toEqual(['HEAD /old', 'HEAD /new']);
    // 403 to HEAD is asked again with GET (servers that refuse HEAD).
    expect(server.log.filter((l) => l.endsWith('/private'))).toEqual(['HEAD /private', 'GET /private']);
  });

  test('a 429 is retried once after its Retry-After, then works', async () => {
    server = await serve({
      '/busy': (_req, res, n) =>
        n === 1 ? res.writeHead(429, { 'retry-after': '1' }).end() : res.writeHead(200).end(),
    });
    const root = site([`[busy](${server.base}/busy)`]);
    expect(await check(root, {})).toEqual([]);
    expect(server.log).toEqual(['HEAD /busy', 'HEAD /busy']);
  });

  test('a 500 twice is a warning, never an error (even with the rule set to error)', async () => {
    server = await serve({ '/down': status(500) });
    const root = site([`[down](${server.base}/down)`]);
    const link = `[down](${server.base}/down)`;
    expect(await check(root, {}, {}, 'error')).toEqual([
      `index.mdx:6:1-6:${1 + link.length} warning link \`${server.base}/down\` could not be checked: HTTP 500 (Internal Server Error), twice; it may work later (or list it in \`ignore\`)`,
    ]);
    expect(server.log).toEqual(['HEAD /down', 'HEAD /down']);
  });

  test('a server that never answers times out: a warning, after one retry', async () => {
    server = await serve({ '/hang': () => undefined });
    const link = `[hang](${server.base}/hang)`;
    const root = site([link]);
    expect(await check(root, { timeout: 0.2 })).toEqual([
      `index.mdx:6:1-6:${1 + link.length} warning link \`${server.base}/hang\` could not be checked: timed out after 0.2 s, twice; it may work later (or list it in \`ignore\`)`,
    ]);
    expect(server.log).toEqual(['HEAD /hang', 'HEAD /hang']);
  });

  test('no more requests at once to a host than perHost', async () => {
    server = await serve(
      Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((i) => [
          `/slow/${i}`,
          (_req: IncomingMessage, res: ServerResponse) => setTimeout(() => res.writeHead(200).end(), 150),
        ]),
      ),
    );
    const root = site([1, 2, 3, 4, 5, 6].map((i) => `[${i}](${server.base}/slow/${i})`));
    expect(await check(root, { perHost: 2 })).toEqual([]);
    expect(server.log).toHaveLength(6);
    expect(server.maxActive).toBeLessThanOrEqual(2);
    expect(server.maxActive).toBeGreaterThanOrEqual(1);
  });

  test('each URL is asked once per run, however often it is written (its fragment aside)', async () => {
    server = await serve({});
    const root = site([`[a](${server.base}/page) [b](${server.base}/page#one)`, `[c](${server.base}/page#two)`]);
    expect(await check(root, {})).toEqual([]);
    expect(server.log).toEqual(['HEAD /page']);
  });

  test('the cache: a second run within the ttl sends no request; after it, the URLs are asked again', async () => {
    server = await serve({ '/gone': status(404) });
    const root = site([`[ok](${server.base}/ok) [gone](${server.base}/gone)`]);
    const folder = cacheFolder();
    let now = Date.UTC(2026, 0, 1);
    const first = await check(root, { ttl: 3600 }, { cacheFolder: folder, now: () => now });
    expect(first).toHaveLength(1);
    // A HEAD answered 404 is asked again with GET (servers that answer HEAD 404 for a page GET finds).
    expect(server.log).toEqual(['HEAD /ok', 'HEAD /gone', 'GET /gone']);
    now += 3599 * 1000;
    expect(await check(root, { ttl: 3600 }, { cacheFolder: folder, now: () => now })).toEqual(first);
    expect(server.log).toHaveLength(3);
    now += 2 * 1000;
    expect(await check(root, { ttl: 3600 }, { cacheFolder: folder, now: () => now })).toEqual(first);
    expect(server.log).toEqual(['HEAD /ok', 'HEAD /gone', 'GET /gone', 'HEAD /ok', 'HEAD /gone', 'GET /gone']);
  });

  test('with --cache: the lint cache never keeps the findings of the rule (a run without the flag has none; one with it has them again)', async () => {
    server = await serve({ '/gone': status(404) });
    const link = `[gone](${server.base}/gone)`;
    const root = site([link]);
    const folder = cacheFolder();
    const lintCache = { location: path.join(folder, 'lint-cache') };
    const finding = `index.mdx:6:1-6:${1 + link.length} error link \`${server.base}/gone\` is broken: HTTP 404 (Not Found); fix or remove it`;
    const brief = (run: Awaited<ReturnType<typeof lint>>) =>
      run.diagnostics
        .filter((d) => d.ruleId === RULE)
        .map(
          (d) =>
            `${path.relative(root, d.file)}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.message}`,
        );
    const withFlag = () =>
      lint({
        paths: [root],
        cwd: root,
        overrides: only({}),
        cache: lintCache,
        checkExternal: { allowPrivate: true, cacheFolder: folder },
      });
    expect(brief(await withFlag())).toEqual([finding]);
    expect(brief(await lint({ paths: [root], cwd: root, overrides: only({}), cache: lintCache }))).toEqual([]);
    expect(brief(await withFlag())).toEqual([finding]);
    expect(server.log).toEqual(['HEAD /gone', 'GET /gone']);
  });

  test('a damaged cache is ignored and replaced; timeouts and 5xx are not cached', async () => {
    server = await serve({ '/down': status(503) });
    const root = site([`[ok](${server.base}/ok) [down](${server.base}/down)`]);
    const folder = cacheFolder();
    writeFileSync(
      path.join(folder, 'external-links.json'),
      '{"magic":"doclint-external-links","format":1,"entries":[["x",',
    );
    await check(root, { retryAfterMax: 0 }, { cacheFolder: folder });
    expect(server.log).toEqual(['HEAD /ok', 'HEAD /down', 'HEAD /down']);
    const stored = JSON.parse(readFileSync(path.join(folder, 'external-links.json'), 'utf8')) as {
      entries: [string, number, unknown][];
    };
    // The raw answer, under the URL and what shaped it (a HEAD; non-public addresses permitted; no token).
    expect(stored.entries.map(([key, , raw]) => [key, raw])).toEqual([
      [`head p- ${server.base}/ok`, { code: 200, reason: 'OK' }],
    ]);
    await check(root, { retryAfterMax: 0 }, { cacheFolder: folder });
    expect(server.log.slice(3)).toEqual(['HEAD /down', 'HEAD /down']);
  });

  test('ignore patterns (a prefix, or `*` wildcards), from .doclintrc.json', async () => {
    server = await serve({ '/private/a': status(404), '/x/skip-me': status(404), '/gone': status(404) });
    const b = server.base;
    const root = site([`[a](${b}/private/a) [b](${b}/x/skip-me) [c](${b}/gone)`]);
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({
        rules: { [RULE]: ['error', { checkLocalhost: true, ignore: [`${b}/private`, 'http://127.0.0.1:*/skip-*'] }] },
      }),
    );
    const run = await lint({
      paths: [root],
      cwd: root,
      checkExternal: { allowPrivate: true, cacheFolder: cacheFolder() },
    });
    expect(run.diagnostics.filter((d) => d.ruleId === RULE).map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      `6:${1 + `[a](${b}/private/a) [b](${b}/x/skip-me) `.length} link \`${b}/gone\` is broken: HTTP 404 (Not Found); fix or remove it`,
    ]);
    expect(server.log).toEqual(['HEAD /gone', 'GET /gone']);
  });

  test('fragments: off, not read; on, an anchor the HTML page lacks is a warning', async () => {
    const html =
      '<html><body><h2 id="present">x</h2><a name="named"></a><h2 id="user-content-readme">r</h2></body></html>';
    server = await serve({
      '/doc': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
    });
    const b = server.base;
    const lines = [`[a](${b}/doc#present) [b](${b}/doc#named) [c](${b}/doc#readme)`, `[d](${b}/doc#missing)`];
    const root = site(lines);
    expect(await check(root, { fragments: false })).toEqual([]);
    expect(server.log).toEqual(['HEAD /doc']);
    const link = `[d](${b}/doc#missing)`;
    expect(await check(root, { fragments: true })).toEqual([
      `index.mdx:7:1-7:${1 + link.length} warning anchor \`#missing\` of link \`${b}/doc#missing\` matches no \`id\` or \`name\` of the page`,
    ]);
    expect(server.log).toEqual(['HEAD /doc', 'GET /doc']);
  });

  test('docs.json URLs: navbar links, footer socials; reported at the value', async () => {
    server = await serve({ '/gone': status(404), '/social': status(410) });
    const config = JSON.stringify(
      {
        ...(JSON.parse(MINIMAL_CONFIG) as object),
        navbar: { links: [{ label: 'Blog', href: `${server.base}/gone` }] },
        footer: { socials: { x: `${server.base}/social` } },
      },
      null,
      2,
    );
    const root = site(['No links.'], config);
    const found = await check(root, {});
    const lines = config.split('\n');
    const line = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const col = (needle: string) => lines[line(needle) - 1]!.indexOf(`"${server.base}${needle}"`) + 1;
    expect(found).toEqual([
      `docs.json:${line('/gone')}:${col('/gone')}-${line('/gone')}:${col('/gone') + `"${server.base}/gone"`.length} error navbar link \`${server.base}/gone\` is broken: HTTP 404 (Not Found); fix or remove it`,
      `docs.json:${line('/social')}:${col('/social')}-${line('/social')}:${col('/social') + `"${server.base}/social"`.length} error footer link \`${server.base}/social\` is broken: HTTP 410 (Gone); fix or remove it`,
    ]);
  });

  test('localhost is skipped unless checkLocalhost; without --check-external nothing is asked, whatever the configuration', async () => {
    server = await serve({ '/gone': status(404) });
    const root = site([`[gone](${server.base}/gone) [ex](https://api.example.com/v1)`]);
    expect(await check(root, { checkLocalhost: false })).toEqual([]);
    expect(await check(root, {}, false)).toEqual([]);
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({ rules: { [RULE]: ['error', { checkLocalhost: true }] } }),
    );
    const run = await lint({ paths: [root], cwd: root });
    expect(run.diagnostics.filter((d) => d.ruleId === RULE)).toEqual([]);
    expect(server.log).toEqual([]);
  });

  test('a redirect loop is a warning; a redirect to a missing page is an error that names where it led; `accept` counts a code as working', async () => {
    server = await serve({
      '/loop': status(302, { location: '/loop' }),
      '/moved': status(308, { location: '/lost' }),
      '/lost': status(404),
      '/bots': status(403),
    });
    const b = server.base;
    const lines = [`[loop](${b}/loop)`, `[moved](${b}/moved)`, `[bots](${b}/bots)`];
    const root = site(lines);
    expect(await check(root, { accept: [403] })).toEqual([
      `index.mdx:6:1-6:${1 + lines[0]!.length} warning link \`${b}/loop\` could not be checked: more than 10 redirects (a loop?); it may work later (or list it in \`ignore\`)`,
      `index.mdx:7:1-7:${1 + lines[1]!.length} error link \`${b}/moved\` is broken: HTTP 404 (Not Found) (at \`${b}/lost\`, where it redirects); fix or remove it`,
    ]);
    expect(server.log.filter((l) => l === 'HEAD /loop')).toHaveLength(11);
    expect(server.log.filter((l) => l.endsWith('/bots'))).toEqual(['HEAD /bots', 'GET /bots']);
  });
});

/** The warning of a URL the run did not ask, its address not being public. */
const refused = (at: string, what: string, after = '') =>
  `${at} warning link \`${what}\` was not checked: its address is not public (loopback, private, link-local or unspecified)${after}; such addresses are asked only with \`--check-external-private\` on the command line (or list the URL in \`ignore\`)`;

describe('addresses inside the network, limits and the budget', () => {
  test('not public: loopback, private, link-local, shared, unique-local, unspecified, and IPv6 forms that carry them', () => {
    const closed = [
      '127.0.0.1',
      '127.1.2.3',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ];
    const closed6 = [
      '::1',
      '::',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1%eth0',
    ];
    const more = ['64:ff9b::a00:1', '2002:7f00:1::', 'ff02::1', 'localhost', 'not an address'];
    for (const address of [...closed, ...closed6, ...more])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '93.184.216.34',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '[2a00:1450::1]',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });

  test('without --check-external-private, no request reaches loopback, private or link-local addresses, whatever the configuration says', async () => {
    server = await serve({ '/gone': status(404) });
    const port = new URL(server.base).port;
    const urls = [
      `${server.base}/gone`,
      `http://localhost:${port}/gone`,
      `http://[::ffff:127.0.0.1]:${port}/gone`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/admin',
    ];
    const lines = urls.map((url, i) => `[${i}](${url})`);
    const root = site(lines);
    // A configuration asks for localhost, and for the longest waits it can: none of it opens the network.
    writeFileSync(
      path.join(root, '.doclintrc.json'),
      JSON.stringify({
        rules: {
          [RULE]: ['error', { checkLocalhost: true, timeout: 600, perHost: 64, concurrency: 256, retryAfterMax: 3600 }],
        },
      }),
    );
    const run = await lint({ paths: [root], cwd: root, checkExternal: { cacheFolder: cacheFolder() } });
    expect(
      run.diagnostics
        .filter((d) => d.ruleId === RULE)
        .map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.message}`),
    ).toEqual(urls.map((url, i) => refused(`${6 + i}:1-${6 + i}:${1 + lines[i]!.length}`, url)));
    expect(server.log).toEqual([]);
    expect(run.notices).toEqual([
      'site-external-link: "perHost" 64 is over its cap of 8; 8 is used',
      'site-external-link: "concurrency" 256 is over its cap of 32; 32 is used',
      'site-external-link: "timeout" 600 is over its cap of 30; 30 is used',
      'site-external-link: "retryAfterMax" 3600 is over its cap of 60; 60 is used',
    ]);
  });

  test('a redirect into an address the run does not permit is not followed; it names where it led', async () => {
    const port = '9';
    const targets = [
      `http://127.0.0.2:${port}/secret`,
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      `http://[::1]:${port}/secret`,
    ];
    const permitsOne = (address: string) => address === '127.0.0.1';
    const settings: FetchSettings = {
      timeoutMs: 5000,
      retryAfterMaxMs: 0,
      urlLimitMs: 20_000,
      withIds: false,
      permits: permitsOne,
      slot: (_url, run) => run(),
      now: Date.now,
    };
    for (const [i, target] of targets.entries()) {
      await server?.close();
      server = await serve({ [`/jump${i}`]: status(302, { location: target }) });
      const answer = await checkUrl(`${server.base}/jump${i}`, settings);
      expect(answer).toEqual({
        failure: 'refused',
        detail: 'its address is not public (loopback, private, link-local or unspecified)',
        redirectedTo: new URL(target).href,
      });
      expect(server.log).toEqual([`HEAD /jump${i}`]);
    }
  });

  test('the time budget of the external pass: past it nothing more is asked, nothing is cached, and the run says so in one line', async () => {
    server = await serve({ '/hang/1': () => undefined, '/hang/2': () => undefined, '/hang/3': () => undefined });
    const root = site([1, 2, 3].map((i) => `[${i}](${server.base}/hang/${i})`));
    const folder = cacheFolder();
    const run = await lint({
      paths: [root],
      cwd: root,
      overrides: only({}),
      checkExternal: { allowPrivate: true, budget: 1, cacheFolder: folder },
    });
    expect(run.diagnostics.filter((d) => d.ruleId === RULE)).toEqual([]);
    expect(run.notices).toEqual([
      '--check-external: the time for external links (1 s) ran out; 3 of 3 URLs were not checked (what was checked is cached: the next run goes on from there; --check-external-budget SECONDS allows more)',
    ]);
    // Two at once to the host; the third waited its turn, and was never sent.
    expect(server.log).toEqual(['HEAD /hang/1', 'HEAD /hang/2']);
  });

  test('a HEAD answered 404 or 405 is asked again with GET: HEAD 404 and GET 200 is a working link', async () => {
    server = await serve({
      '/head-404': (req, res) => res.writeHead(req.method === 'HEAD' ? 404 : 200).end(),
      '/head-405': (req, res) => res.writeHead(req.method === 'HEAD' ? 405 : 200).end(),
    });
    const root = site([`[a](${server.base}/head-404) [b](${server.base}/head-405)`]);
    expect(await check(root, {})).toEqual([]);
    expect(server.log).toEqual(['HEAD /head-404', 'HEAD /head-405', 'GET /head-404', 'GET /head-405']);
  });

  test('GITHUB_TOKEN goes to github.com and api.github.com over https only, never after a redirect to another host, and nowhere else', async () => {
    expect(tokenFor(new URL('https://github.com/acme/repo'), 'github.com', 't0k')).toBe('t0k');
    expect(tokenFor(new URL('https://api.github.com/repos/acme/repo'), 'api.github.com', 't0k')).toBe('t0k');
    for (const [url, start] of [
      ['http://github.com/acme/repo', 'github.com'],
      ['https://github.com:8443/acme/repo', 'github.com'],
      ['https://gist.github.com/acme/1', 'gist.github.com'],
      ['https://github.com.evil.dev/acme', 'github.com.evil.dev'],
      ['https://api.github.com/repos/acme/repo', 'github.com'],
      ['https://github.com/acme/repo', 'example.dev'],
      ['https://evil.dev/', 'github.com'],
    ] as const)
      expect([url, start, tokenFor(new URL(url), start, 't0k')]).toEqual([url, start, undefined]);
    // A run given a token sends it to no other host, and writes it nowhere.
    const seen: unknown[] = [];
    server = await serve({ '/gone': (req, res) => (seen.push(req.headers.authorization), res.writeHead(404).end()) });
    const root = site([`[gone](${server.base}/gone)`]);
    const folder = cacheFolder();
    const run = await lint({
      paths: [root],
      cwd: root,
      overrides: only({}),
      checkExternal: { allowPrivate: true, cacheFolder: folder, githubToken: 'ghp_secret123' },
    });
    expect(seen).toEqual([undefined, undefined]);
    expect(JSON.stringify(run.diagnostics)).not.toContain('ghp_secret');
    expect(readFileSync(path.join(folder, 'external-links.json'), 'utf8')).not.toContain('ghp_secret');
  });
});

describe('the cache keeps raw answers; each run judges them with its own options', () => {
  test('a run that accepts 404 does not make a later default run pass the broken link', async () => {
    server = await serve({ '/gone': status(404) });
    const link = `[gone](${server.base}/gone)`;
    const root = site([link]);
    const folder = cacheFolder();
    expect(await check(root, { accept: [404] }, { cacheFolder: folder })).toEqual([]);
    expect(await check(root, {}, { cacheFolder: folder })).toEqual([
      `index.mdx:6:1-6:${1 + link.length} error link \`${server.base}/gone\` is broken: HTTP 404 (Not Found); fix or remove it`,
    ]);
    expect(server.log).toEqual(['HEAD /gone', 'GET /gone']);
  });

  test('fragments: the same findings from the network and from the cache, on pages with many ids', async () => {
    const page = (n: number) =>
      `<html><body>${Array.from({ length: n }, (_, i) => `<h2 id="s${i}">${i}</h2>`).join('')}</body></html>`;
    const html = (n: number) => (_req: IncomingMessage, res: ServerResponse) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(n));
    server = await serve({ '/mid': html(3000), '/big': html(6000) });
    const b = server.base;
    const lines = [`[a](${b}/mid#s2999) [b](${b}/mid#missing)`, `[c](${b}/big#s5999) [d](${b}/big#missing)`];
    const root = site(lines);
    const folder = cacheFolder();
    const expected = [
      `index.mdx:6:${1 + `[a](${b}/mid#s2999) `.length}-6:${1 + lines[0]!.length} warning anchor \`#missing\` of link \`${b}/mid#missing\` matches no \`id\` or \`name\` of the page`,
    ];
    // Past 5,000 ids a page is read in part: a fragment not among them is not reported, cold or warm.
    expect(await check(root, { fragments: true }, { cacheFolder: folder })).toEqual(expected);
    expect(await check(root, { fragments: true }, { cacheFolder: folder })).toEqual(expected);
    expect(server.log).toEqual(['GET /mid', 'GET /big']);
  });
});

describe('reading answers', () => {
  test('Retry-After: seconds, or an HTTP date (against the clock); anything else is not read', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterMs('1', now)).toBe(1000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });

  test('the ids of an HTML page: id and name attributes, quoted or not', () => {
    expect(htmlIds(`<h2 id="a">x</h2><a name='b'></a><div class="c" id=d data-x="1"><p id="">`)).toEqual({
      ids: ['a', 'b', 'd'],
      capped: false,
    });
  });
});
