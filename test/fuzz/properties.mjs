// The fuzz properties, one "surface" per kind of input. Each surface draws inputs from
// ./arbitraries.mjs, runs the engine on them in-process and checks what every run must guarantee:
// no exception, an answer within a time bound, every finding complete (rule id, severity,
// message, url) and placed inside its file (1 <= line <= lines, 1 <= column <= line length + 1,
// end not before start), fix ranges inside the text, nothing read outside the site root, no
// network access and no prototype pollution. The engine's modules come in as `api`, so that the
// test suite runs this against the sources and `npm run fuzz` against the build.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHmac } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import * as arb from './arbitraries.mjs';

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------------------------------------
// Guards: network and prototype pollution

const networkAttempts = [];

/** What blockNetwork replaced, to be put back by restoreNetwork. */
let saved;

/**
 * Makes every way out to the network throw (and records the attempt): fetch, http(s) requests,
 * sockets and DNS, until restoreNetwork puts them back (the Node built-ins are shared by every
 * test file a jest worker runs after this one).
 */
export function blockNetwork() {
  if (saved) return networkAttempts;
  const net = require('node:net');
  const tls = require('node:tls');
  const dns = require('node:dns');
  const http = require('node:http');
  const https = require('node:https');
  saved = [
    [globalThis, 'fetch', globalThis.fetch],
    [http, 'request', http.request],
    [http, 'get', http.get],
    [https, 'request', https.request],
    [https, 'get', https.get],
    [net, 'connect', net.connect],
    [net, 'createConnection', net.createConnection],
    [net.Socket.prototype, 'connect', net.Socket.prototype.connect],
    [tls, 'connect', tls.connect],
    [dns, 'lookup', dns.lookup],
    [dns.promises, 'lookup', dns.promises.lookup],
  ];
  const refuse = (what) =>
    function blocked(...args) {
      networkAttempts.push(`${what} ${String(args[0]?.href ?? args[0]?.host ?? args[0])}`);
      throw new Error(`network access is not allowed (${what})`);
    };
  globalThis.fetch = async (...args) => refuse('fetch')(...args);
  for (const [name, mod] of [
    ['http', http],
    ['https', https],
  ]) {
    mod.request = refuse(`${name}.request`);
    mod.get = refuse(`${name}.get`);
  }
  net.connect = refuse('net.connect');
  net.createConnection = refuse('net.createConnection');
  net.Socket.prototype.connect = refuse('socket.connect');
  tls.connect = refuse('tls.connect');
  dns.lookup = refuse('dns.lookup');
  dns.promises.lookup = refuse('dns.promises.lookup');
  require('node:module').syncBuiltinESMExports();
  return networkAttempts;
}

/** Puts back what blockNetwork replaced. */
export function restoreNetwork() {
  if (!saved) return;
  for (const [object, key, value] of saved) object[key] = value;
  saved = undefined;
  require('node:module').syncBuiltinESMExports();
}

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const prototypeKeys = PROTOTYPES.map((p) => Object.getOwnPropertyNames(p).sort().join(','));

function checkPrototypes() {
  PROTOTYPES.forEach((p, i) => {
    if (Object.getOwnPropertyNames(p).sort().join(',') !== prototypeKeys[i])
      throw new Error(`prototype pollution: ${Object.getOwnPropertyNames(p).join(',')}`);
  });
  if ({}.polluted !== undefined) throw new Error('prototype pollution: ({}).polluted is set');
}

// ---------------------------------------------------------------------------------------------
// Findings

/** Lines of a text as LineIndex splits them (\r\n, \r and \n). */
export function linesOf(text) {
  return text.split(/\r\n|\r|\n/);
}

/** `linesOf`, once per text: a case may have 100,000 findings in one multi-megabyte docs.json. */
const linesMemo = new Map();
function linesFor(text) {
  let lines = linesMemo.get(text);
  if (!lines) {
    if (linesMemo.size >= 16) linesMemo.clear();
    linesMemo.set(text, (lines = linesOf(text)));
  }
  return lines;
}

function isPositive(n) {
  return Number.isInteger(n) && n >= 1;
}

/**
 * Problems with one finding in a file of `text` (undefined: the file is unknown), as strings; an
 * empty list when the finding is sound.
 */
export function findingProblems(d, text, knownRules) {
  const problems = [];
  const at = `${d.ruleId}@${d.line}:${d.column}-${d.endLine}:${d.endColumn}`;
  if (typeof d.ruleId !== 'string' || !knownRules.has(d.ruleId))
    problems.push(`unknown rule id ${JSON.stringify(d.ruleId)}`);
  if (!['error', 'warning', 'info'].includes(d.severity))
    problems.push(`${at}: bad severity ${JSON.stringify(d.severity)}`);
  if (typeof d.message !== 'string' || d.message.trim() === '') problems.push(`${at}: empty message`);
  else if (/\[object Object\]|\[native code\]|internal error|validator failed/.test(d.message))
    problems.push(`${at}: suspicious message: ${d.message.slice(0, 300)}`);
  if (typeof d.url !== 'string' || !d.url.startsWith('https://') || !d.url.includes(d.ruleId))
    problems.push(`${at}: bad url ${JSON.stringify(d.url)}`);
  if (typeof d.file !== 'string' || !path.isAbsolute(d.file)) problems.push(`${at}: file is not absolute: ${d.file}`);
  if (![d.line, d.column, d.endLine, d.endColumn].every(isPositive)) {
    problems.push(`${at}: positions must be integers >= 1`);
    return problems;
  }
  if (d.endLine < d.line || (d.endLine === d.line && d.endColumn < d.column)) problems.push(`${at}: end before start`);
  if (text === undefined) {
    problems.push(`${at}: finding in a file that was not read: ${d.file}`);
    return problems;
  }
  const lines = linesFor(text);
  for (const [line, column, which] of [
    [d.line, d.column, 'start'],
    [d.endLine, d.endColumn, 'end'],
  ]) {
    if (line > lines.length) problems.push(`${at}: ${which} line ${line} past the last line ${lines.length}`);
    else if (column > lines[line - 1].length + 1)
      problems.push(
        `${at}: ${which} column ${column} past the end of line ${line} (${lines[line - 1].length} characters)`,
      );
  }
  if (d.fix !== undefined) {
    const [start, end] = d.fix.range ?? [];
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end < start ||
      end > text.length ||
      typeof d.fix.text !== 'string'
    ) {
      problems.push(`${at}: fix range ${JSON.stringify(d.fix.range)} outside the text (${text.length} characters)`);
    }
  }
  return problems;
}

function assertFindings(diagnostics, textOf, knownRules) {
  const problems = diagnostics.flatMap((d) => findingProblems(d, textOf(d.file), knownRules));
  if (problems.length) throw new Error(`bad findings:\n  ${problems.slice(0, 8).join('\n  ')}`);
}

function isInside(root, file) {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A fix must keep every character outside its range. */
function checkFixes(api, text, diagnostics) {
  const { output, applied } = api.applyFixes(text, diagnostics);
  let cursor = 0;
  let o = 0;
  for (const d of [...applied].sort((a, b) => a.fix.range[0] - b.fix.range[0])) {
    const [start, end] = d.fix.range;
    if (output.slice(o, o + start - cursor) !== text.slice(cursor, start))
      throw new Error('a fix changed text outside its range');
    o += start - cursor + d.fix.text.length;
    cursor = end;
  }
  if (output.slice(o) !== text.slice(cursor)) throw new Error('a fix changed text after its range');
  return output;
}

// ---------------------------------------------------------------------------------------------
// Surfaces

/**
 * The surfaces, bound to the engine's modules:
 * api = { lintPage, pagePlan, toDiagnostics, builtinRegistry, applyFixes, loadDocsJson, checkConfig,
 *         SiteSession, SiteModel, resolveSettings, SpecLoader, extensionProblems, robotsRule,
 *         runSiteRule, readTextSafe, loadDoclintrc, DoclintrcError, UserError, allRuleIds, stringifyYaml, mayBeSlow,
 *         LintCache, DocsJsonReadError }
 */
export function createSurfaces(api) {
  const knownRules = new Set(api.allRuleIds());
  const registry = api.builtinRegistry();
  /** Findings with their severities and URLs, as message control gives them. */
  const withSeverity = (findings, settings = api.resolveSettings({})) =>
    api.toDiagnostics(findings, registry, settings);
  const lintPage = (input, settings) => {
    const result = api.lintPage(input, api.pagePlan(settings));
    return { diagnostics: withSeverity(result.findings, settings), facts: result.facts };
  };
  const fsReader = (root) => (file) => api.readTextSafe(file, { root, maxBytes: 1 << 26 });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'doclint-fuzz-'));
  const settingsList = [
    api.resolveSettings({}),
    api.resolveSettings({
      'page-terminology': {
        severity: 'error',
        options: { sets: [arb.EVIL_TERMS.slice(0, 6), ['email', 'e-mail', '(e|e)+-mail']] },
      },
      'page-code-language': { severity: 'warning', options: { fixLanguage: 'bash' } },
    }),
  ];

  /** A fresh folder for one case. */
  let caseCount = 0;
  const caseDir = (name) => {
    const dir = path.join(scratch, `${name}-${caseCount++}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  const page = {
    name: 'page',
    arbitrary: arb.fc.tuple(arb.page, arb.fc.boolean(), arb.fc.nat({ max: settingsList.length - 1 })),
    timeBounded: ([text]) => api.mayBeSlow(text),
    async run([text, isSnippet, s]) {
      const file = path.join(scratch, isSnippet ? 'snippets/page.mdx' : 'page.mdx');
      const result = lintPage({ file, text, isSnippet }, settingsList[s]);
      if (!result || !Array.isArray(result.diagnostics) || !result.facts)
        throw new Error('lintPage returned no result');
      assertFindings(result.diagnostics, (f) => (f === file ? text : undefined), knownRules);
      if (result.diagnostics.some((d) => d.fix)) {
        const output = checkFixes(api, text, result.diagnostics);
        const again = lintPage({ file, text: output, isSnippet }, settingsList[s]);
        assertFindings(again.diagnostics, (f) => (f === file ? output : undefined), knownRules);
      }
    },
  };

  const docsJson = {
    name: 'docs.json',
    arbitrary: arb.fc.tuple(arb.docsJsonText, arb.refFiles),
    bytes: ([text, refs]) => text.length + Object.values(refs).reduce((n, t) => n + t.length, 0),
    async run([text, refs]) {
      const base = '/fuzz-site-parent';
      const root = `${base}/site`;
      const files = new Map([
        [`${root}/docs.json`, text],
        ...Object.entries(refs).map(([name, t]) => [`${root}/${name}`, t]),
      ]);
      // Files outside the root exist too: a read of one is a failure even when it would parse.
      files.set(`${base}/outside.json`, '{"name": "outside"}');
      files.set('/etc/passwd', '{"name": "passwd"}');
      // So do dot-files, files in dot-folders and node_modules, and files that are not JSON: a
      // `$ref` reads only the site's .json files (a read of any other is a failure).
      for (const name of [
        '.env',
        '.npmrc',
        '.git/config',
        'node_modules/pkg/data.json',
        'hidden/.secret.json',
        '.config/nav.json',
        'notes.txt',
        'index.mdx',
      ])
        files.set(`${root}/${name}`, '{"name": "secret"}');
      const outside = [];
      const read = async (file) => {
        if (!isInside(root, file)) outside.push(file);
        const segments = path.posix.relative(root, file).split('/');
        if (segments.some((s) => s.startsWith('.') || s === 'node_modules') || !file.endsWith('.json'))
          outside.push(`${file} (not a site .json file)`);
        if (files.has(file)) return files.get(file);
        throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
      };
      const doc = await api.loadDocsJson(`${root}/docs.json`, root, read);
      const { syntax, validation } = await api.checkConfig(doc);
      const found = [...syntax, ...validation];
      const diagnostics = withSeverity(found);
      if (outside.length)
        throw new Error(`read outside the site root, or not a site .json file: ${outside.join(', ')}`);
      assertFindings(diagnostics, (f) => files.get(f), knownRules);
      const own = diagnostics.filter((d) => d.file === `${root}/docs.json` && d.fix);
      if (own.length) checkFixes(api, text, own);
    },
  };

  const spec = {
    name: 'openapi',
    arbitrary: arb.fc.tuple(arb.openapiText(api.stringifyYaml), arb.fc.nat({ max: 19 })),
    async run([{ format, text }, dice]) {
      const root = caseDir('spec');
      const file = path.join(root, format === 'json' ? 'openapi.json' : 'api.yaml');
      writeFileSync(file, text);
      const loader = new api.SpecLoader(root, fsReader(root));
      const result = await loader.load(file);
      const found = [];
      if (result.ok) {
        for (const p of api.extensionProblems(result))
          found.push({ ...p.at, ruleId: 'openapi-extension', message: p.message });
        // Schema validation is slow: one case in twenty.
        if (dice === 0) {
          const problems = await loader.validateSchema(result);
          for (const p of problems) {
            if (/validator failed/.test(p.message)) throw new Error(p.message);
            if (p.range && (p.range.start < 0 || p.range.end > text.length || p.range.end < p.range.start))
              throw new Error(`schema problem range outside the spec: ${JSON.stringify(p.range)}`);
          }
        }
      } else if (result.range) {
        const { start, end } = result.range;
        if (!(start >= 0 && end >= start && end <= text.length + 1))
          throw new Error(`failure range outside the spec: ${JSON.stringify(result.range)} (${text.length})`);
      }
      assertFindings(withSeverity(found), (f) => (f === file ? text : undefined), knownRules);
      rmSync(root, { recursive: true, force: true });
    },
  };

  const robots = {
    name: 'robots.txt',
    arbitrary: arb.fc.tuple(
      arb.robotsText,
      arb.fc.option(
        arb.fc.record({
          agents: arb.fc.array(arb.word, { maxLength: 3 }),
          allow: arb.fc.array(arb.word, { maxLength: 3 }),
        }),
        { freq: 3 },
      ),
    ),
    async run([text, options]) {
      const root = caseDir('robots');
      const file = path.join(root, 'robots.txt');
      writeFileSync(file, text);
      const site = {
        root,
        files: new Set(['robots.txt']),
        pages: new Map(),
        routes: new Map(),
        config: { files: new Map(), value: {}, rootFile: path.join(root, 'docs.json') },
        ignores: { ignores: () => false },
      };
      const model = new api.SiteModel(site, { read: fsReader(root) });
      const found = await api.runSiteRule(api.robotsRule, model, options ?? undefined, {
        facts: async () => undefined,
        inScope: () => true,
        anchors: async () => undefined,
      });
      const diagnostics = withSeverity(found);
      assertFindings(diagnostics, (f) => (f === file ? readFileSync(file, 'utf8') : undefined), knownRules);
      rmSync(root, { recursive: true, force: true });
    },
  };

  const rc = {
    name: '.doclintrc',
    arbitrary: arb.fc.tuple(arb.rcText(api.stringifyYaml), arb.page),
    async run([{ format, text }, pageText]) {
      const root = caseDir('rc');
      const file = path.join(root, format === 'json' ? '.doclintrc.json' : '.doclintrc.yaml');
      writeFileSync(file, text);
      let config;
      try {
        config = await api.loadDoclintrc(file);
      } catch (error) {
        if (!(error instanceof api.UserError)) throw error;
        // A shared configuration or plugin that cannot be loaded (exit 2): one clear line.
        if (!(error instanceof api.DoclintrcError)) {
          if (!error.message || error.message.includes('\n'))
            throw new Error(`bad load error message: ${error.message}`, { cause: error });
          rmSync(root, { recursive: true, force: true });
          return;
        }
        const lines = linesOf(text);
        if (!(
          isPositive(error.line) &&
          isPositive(error.column) &&
          error.line <= lines.length &&
          error.column <= lines[error.line - 1].length + 1
        )) {
          throw new Error(`configuration error outside the file: ${error.line}:${error.column} ${error.reason}`, {
            cause: error,
          });
        }
        if (!error.reason || /\[object Object\]/.test(error.reason))
          throw new Error(`bad configuration error message: ${error.reason}`, { cause: error });
        rmSync(root, { recursive: true, force: true });
        return;
      }
      // Its `overrides` patterns match any path in time linear in pattern and path (the case's time bound catches backtracking).
      if (api.compileGlobs) {
        const long = `${'a'.repeat(40)}.mdx`;
        for (const entry of config.overrides ?? []) {
          const match = api.compileGlobs(entry.files);
          for (const file of [long, `api/${'a/'.repeat(30)}${long}`, 'index.mdx', '.hidden/x.mdx'])
            if (typeof match(file) !== 'boolean') throw new Error('an overrides pattern answered no boolean');
        }
      }
      // A configuration that loads must lint: user term patterns included.
      const settings = api.resolveSettings(config.rules, config.registry);
      const pageFile = path.join(root, 'page.mdx');
      const result = lintPage({ file: pageFile, text: pageText, isSnippet: false }, settings);
      assertFindings(result.diagnostics, (f) => (f === pageFile ? pageText : undefined), knownRules);
      rmSync(root, { recursive: true, force: true });
    },
  };

  const site = {
    name: 'site',
    arbitrary: arb.fc.tuple(arb.site(api.stringifyYaml), arb.fc.nat({ max: 9 })),
    // As the docs.json surface: a multi-megabyte docs.json (130,000 redirects, each a finding) is
    // allowed time in proportion to its size.
    bytes: ([input]) =>
      input.docsJson.length +
      [...Object.values(input.refs), ...Object.values(input.pages), input.spec.text].reduce((n, t) => n + t.length, 0),
    async run([input, dice]) {
      const base = caseDir('site');
      const root = path.join(base, 'site');
      mkdirSync(root);
      // Outside the root: files a $ref, a spec path or a symlink could reach.
      writeFileSync(path.join(base, 'outside.json'), '{"name": 42}');
      writeFileSync(
        path.join(base, 'outside.yaml'),
        'openapi: 3.1.0\ninfo: {title: x, version: "1"}\npaths: {"/a": {get: {x-hidden: 1}}}\n',
      );
      writeFileSync(path.join(base, 'secret.mdx'), '# Secret heading\n\n<Broken\n');
      const write = (rel, content) => {
        const f = path.join(root, rel);
        mkdirSync(path.dirname(f), { recursive: true });
        writeFileSync(f, content);
      };
      write('docs.json', input.docsJson);
      for (const [name, text] of Object.entries(input.refs)) write(name, text);
      for (const [name, text] of Object.entries(input.pages)) write(name + input.pageExt, text);
      write(input.specName, input.spec.text);
      if (input.robots !== null) write('robots.txt', input.robots);
      if (input.images) write('images/a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
      if (input.device !== null) placeDevice(root, input.device, input.specName);
      // Symlinks: out of the root (a page, a $ref file, a spec) and a loop.
      symlinkSync(path.join(base, 'secret.mdx'), path.join(root, 'linked.mdx'));
      symlinkSync(path.join(base, 'outside.json'), path.join(root, 'linked.json'));
      symlinkSync(path.join(base, 'outside.yaml'), path.join(root, 'linked.yaml'));
      symlinkSync(root, path.join(root, 'loop'));
      symlinkSync(base, path.join(root, 'up'));
      const overrides = dice === 0 ? { 'nav-openapi-invalid': { options: { schema: true } } } : {};
      let session;
      try {
        session = await api.SiteSession.open(root, api.resolveSettings(overrides));
      } catch (error) {
        // docs.json itself that is not a readable file of the site, or past the size limit: a
        // one-line refusal, nothing read. The same for a .mintignore that cannot be read.
        const refused = input.device === 'docs-zero' || Buffer.byteLength(input.docsJson) > 16 * 1024 * 1024;
        const docsRefused = refused && error instanceof api.DocsJsonReadError;
        // A .mintignore that is not a regular file: the run stops with one line (its ignore rules are unknown).
        const ignoresRefused = input.device === 'mintignore-fifo' && error instanceof api.UserError;
        if (!(docsRefused || ignoresRefused) || /\n/.test(error.message)) throw error;
        rmSync(base, { recursive: true, force: true });
        return;
      }
      const { diagnostics } = await session.lint(() => true, { whole: true });
      const realRoot = realpathSync(root);
      const texts = new Map();
      // Each file once: a case may have 130,000 findings in one docs.json.
      const textOf = (file) => {
        if (texts.has(file)) return texts.get(file);
        let text;
        if (isInside(root, file)) {
          let real;
          try {
            real = realpathSync(file);
          } catch {
            real = undefined;
          }
          if (real !== undefined && !isInside(realRoot, real))
            throw new Error(`a finding in a file outside the site root (through a symlink): ${file} -> ${real}`);
          // A FIFO or device (placed by the case) is never read here either: it would block or never end.
          if (real !== undefined && statSync(real).isFile()) text = readFileSync(file, 'utf8');
        }
        texts.set(file, text);
        return text;
      };
      assertFindings(diagnostics, textOf, knownRules);
      // A run over docs.json alone (its site checks read other pages' front matter without parsing
      // them) gives the whole run's findings in docs.json's files.
      const configFiles = new Set(session.site.config.files.keys());
      const alone = await api.SiteSession.open(root, api.resolveSettings(overrides));
      const inConfig = (list) => JSON.stringify(list.filter((d) => configFiles.has(d.file)));
      const configOnly = (await alone.lint((f) => configFiles.has(f))).diagnostics;
      if (inConfig(configOnly) !== inConfig(diagnostics))
        throw new Error(
          `docs.json alone differs from the whole run:\n${inConfig(configOnly)}\n---\n${inConfig(diagnostics)}`,
        );
      rmSync(base, { recursive: true, force: true });
    },
  };

  const terms = {
    name: 'terms',
    arbitrary: arb.largeTermSets,
    async run({ sets, text }) {
      const file = path.join(scratch, 'terms.mdx');
      const settings = api.resolveSettings({ 'page-terminology': { severity: 'warning', options: { sets } } });
      const result = lintPage({ file, text, isSnippet: false }, settings);
      assertFindings(result.diagnostics, (f) => (f === file ? text : undefined), knownRules);
      if (result.diagnostics.some((d) => d.fix)) checkFixes(api, text, result.diagnostics);
    },
  };

  const cache = {
    name: 'cache',
    arbitrary: arb.fc.tuple(arb.cacheDamage, arb.fc.constantFrom(...Object.keys(CACHE_SITES))),
    async run([damage, siteName]) {
      const base = caseDir('cache');
      const root = path.join(base, 'site');
      for (const [name, text] of Object.entries(CACHE_SITES[siteName])) {
        const f = path.join(root, name);
        mkdirSync(path.dirname(f), { recursive: true });
        writeFileSync(f, text);
      }
      writeFileSync(path.join(base, 'outside.mdx'), '# Outside\n');
      const settings = api.resolveSettings({});
      const identity = { doclint: 'fuzz', root, settings: '[]' };
      const realRoot = realpathSync(root);
      const all = () => true;
      const lintWith = async (cacheObject) => {
        const session = await api.SiteSession.open(root, settings);
        if (cacheObject) session.useCache(cacheObject);
        return (await session.lint(all, { whole: true })).diagnostics;
      };
      const cold = await lintWith(undefined);
      // A real cache of this site, then damaged or replaced.
      const file = path.join(root, '.doclintcache');
      const first = await api.LintCache.load(file, identity, realRoot);
      await lintWith(first);
      await first.save(true);
      const signed = craftCache(file, damage, base);
      const before = listTree(base, file);
      const loaded = await api.LintCache.load(file, identity, realRoot);
      const warm = await lintWith(loaded);
      await loaded.save(true);
      // Nothing outside the site changed; the cache is a regular file again (a link or FIFO is replaced, never followed).
      const after = listTree(base, file);
      if (after !== before) throw new Error(`files changed outside the cache:\n${before}\n---\n${after}`);
      const textOf = (f) => (isInside(root, f) ? readFileSync(f, 'utf8') : undefined);
      if (signed) {
        // An authentic cache is trusted for its content, never for where it reports: only files of the site.
        for (const d of warm)
          if (!isInside(root, d.file)) throw new Error(`a cached finding outside the site: ${d.file}`);
      } else {
        if (JSON.stringify(warm) !== JSON.stringify(cold))
          throw new Error('a cache that does not authenticate changed the findings');
        assertFindings(warm, textOf, knownRules);
      }
      rmSync(base, { recursive: true, force: true });
    },
  };

  /** Damages or replaces the cache file; true when the result is signed with the user's key. */
  function craftCache(file, damage, base) {
    const secret = readSecret();
    const sign = (body) =>
      `doclint-cache ${cacheFormat(file)} ${createHmac('sha256', secret).update(body).digest('hex')}\n`;
    const original = readFileSync(file, 'utf8');
    const newline = original.indexOf('\n');
    const head = original.slice(0, newline);
    const body = original.slice(newline + 1);
    const write = (text) => {
      rmSync(file, { force: true, recursive: true });
      writeFileSync(file, text);
    };
    switch (damage.wholesale) {
      case null:
        break;
      case 'empty':
        write('');
        return false;
      case 'magic-only':
        write('doclint-cache');
        return false;
      case 'one-line':
        write(`${head}\n`);
        return false;
      case 'other-format':
        write(original.replace(/^doclint-cache \d+/, 'doclint-cache 999'));
        return false;
      case 'bad-hmac':
        write(`${head.slice(0, -8)}deadbeef\n${body}`);
        return false;
      case 'deep-header': {
        const deep = `${'['.repeat(100000)}${']'.repeat(100000)}\n`;
        write(secret ? sign(deep) + deep : `${head}\n${deep}`);
        return Boolean(secret);
      }
      case 'long-line': {
        const long = `{"pages":{"x":${JSON.stringify('x'.repeat(5_000_000))}}}\n`;
        write(secret ? sign(long) + long : `${head}\n${long}`);
        return Boolean(secret);
      }
      case 'not-json':
        write(secret ? sign('{not json\n') + '{not json\n' : `${head}\n{not json\n`);
        return Boolean(secret);
      case 'outside-file': {
        // An authentic header whose findings name a file outside the site.
        const [header, ...rest] = body.split('\n');
        const h = JSON.parse(header);
        h.site = {
          key: h.site?.key ?? 'k',
          diagnostics: [
            {
              file: path.join(base, 'outside.mdx'),
              line: 1,
              column: 1,
              endLine: 1,
              endColumn: 2,
              ruleId: 'site-broken-link',
              message: 'x',
            },
          ],
        };
        const text = [JSON.stringify(h), ...rest].join('\n');
        write(secret ? sign(text) + text : `${head}\n${text}`);
        return Boolean(secret);
      }
      case 'symlink-zero':
        rmSync(file, { force: true });
        symlinkSync('/dev/zero', file);
        return false;
      case 'symlink-outside':
        rmSync(file, { force: true });
        symlinkSync(path.join(base, 'outside.mdx'), file);
        return false;
      case 'fifo':
        rmSync(file, { force: true });
        if (spawnSync('mkfifo', [file]).status !== 0) writeFileSync(file, '');
        return false;
      case 'folder':
        rmSync(file, { force: true });
        mkdirSync(file);
        writeFileSync(path.join(file, 'x'), 'x');
        return false;
    }
    // Damage the header as a value and the facts as text, then sign it (or keep the old signature).
    const [header, ...facts] = body.split('\n');
    let value;
    try {
      value = arb.applyJsonMutations(JSON.parse(header), damage.header);
    } catch {
      value = {};
    }
    const text = `${arb.toJsonText(value, { indent: 0, breaks: '\n' })}\n${arb.applyMutations(facts.join('\n'), damage.facts)}`;
    const signed = damage.sign && secret !== undefined;
    write(signed ? sign(text) + text : `${head}\n${text}`);
    return signed;
  }

  /**
   * Write paths (`-o`, `llms-txt --out`): a repository whose checkout holds a folder linking out of
   * it, a link to a file, a FIFO and a link that leads nowhere yet. Whatever the target, the check
   * either refuses it (a UserError) or accepts a path that, written as the CLI writes it, changes
   * nothing outside the repository and opens no FIFO (the write would block: the case's bound).
   */
  const writes = {
    name: 'write paths',
    arbitrary: arb.writeTarget,
    async run(input) {
      const dir = caseDir('writes');
      const repo = path.join(dir, 'repo');
      const outside = path.join(dir, 'outside');
      for (const folder of [repo, path.join(repo, '.git'), path.join(repo, 'plain'), path.join(repo, 'sub'), outside])
        mkdirSync(folder, { recursive: true });
      if (input.linkOut) {
        symlinkSync(outside, path.join(repo, 'out'));
        symlinkSync('../outside', path.join(repo, 'sub', 'reports'));
      }
      if (input.fileLink) {
        writeFileSync(path.join(outside, 'secret.json'), 'secret');
        symlinkSync(path.join(outside, 'secret.json'), path.join(repo, 'link.json'));
      }
      if (input.dangling) symlinkSync(path.join(outside, 'not-yet'), path.join(repo, 'dangling'));
      if (input.fifo && spawnSync('mkfifo', [path.join(repo, 'pipe')]).status !== 0) return;
      const cwd = path.join(repo, input.cwd);
      // `absolute`: the target named from the repository root, as an absolute path.
      const file = input.absolute ? path.join(repo, input.target) : path.resolve(cwd, input.target);
      let place;
      try {
        place = await api.checkWriteTarget(file, cwd, input.target);
      } catch (error) {
        if (error instanceof api.UserError) return;
        throw error;
      }
      // Outside the repository as written: the user's own path, not the checkout's (not written here).
      if (!isInside(repo, file)) return;
      if (place.kind !== 'missing' && place.kind !== 'file')
        throw new Error(`accepted a ${place.kind}: ${input.target}`);
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, 'report');
      } catch (error) {
        // A file where a folder must be, and the like: the CLI's "cannot write" line.
        if (!['ENOTDIR', 'EEXIST', 'ENOENT', 'EISDIR'].includes(error?.code)) throw error;
      }
      const leaked = readdirSync(outside).filter((name) => name !== 'secret.json');
      if (leaked.length) throw new Error(`wrote outside the repository through ${input.target}: ${leaked.join(', ')}`);
      if (input.fileLink && readFileSync(path.join(outside, 'secret.json'), 'utf8') !== 'secret')
        throw new Error(`wrote through the link ${input.target}`);
    },
  };

  const siteConfig = (pages) =>
    JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Fuzz',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'G', pages }] },
    });
  const FRONT = '---\ntitle: A page\ndescription: A page of the fuzz site.\n---\n\n';

  /**
   * Snippet fan-out: a small snippet written 30-60 times per level, nested up to 5 levels, through
   * `llms-txt --full` and the whole-site lint. llms-full.txt stays within its bound (16 MB of
   * snippet text per page, counted once per place it is written), the lint within the case's.
   */
  const fanout = {
    name: 'snippet fan-out',
    arbitrary: arb.snippetFanOut,
    // Its output, not its input, is large: the time allowed grows with the bound on llms-full.txt.
    bytes: ({ pages }) => pages * 16_000_000,
    async run({ levels, fan, leaf, style, pages }) {
      const root = caseDir('fanout');
      const write = (rel, text) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      const names = Array.from({ length: pages }, (_, i) => `page${i}`);
      write('docs.json', siteConfig(['index', ...names]));
      write('index.mdx', `${FRONT}## Start\n`);
      write('snippets/s0.mdx', `${leaf}\n`);
      const includes = (level, below) => {
        const legacy = style === 'snippet' || (style === 'mixed' && level % 2 === 1);
        const head = legacy ? '' : `import S from '/snippets/s${below}.mdx';\n\n`;
        const element = legacy ? `<Snippet file="s${below}.mdx" />` : '<S />';
        return `${head}${Array.from({ length: fan }, () => element).join('\n\n')}\n`;
      };
      for (let level = 1; level < levels; level++) write(`snippets/s${level}.mdx`, includes(level, level - 1));
      for (const name of names) write(`${name}.mdx`, `${FRONT}## Body\n\n${includes(levels, levels - 1)}`);
      const session = await api.SiteSession.open(root, api.resolveSettings({}));
      try {
        const warnings = [];
        const text = await api.generateLlmsFullTxt(session.site, (file) => session.facts(file), {
          warn: (m) => warnings.push(m),
        });
        const bound = pages * (16 * 1024 * 1024 + 64 * 1024) + 64 * 1024;
        if (text.length > bound) throw new Error(`llms-full.txt is ${text.length} characters (bound ${bound})`);
        for (const m of warnings)
          if (/\n/.test(m)) throw new Error(`a warning of more than one line: ${JSON.stringify(m.slice(0, 200))}`);
        const { diagnostics } = await session.lint(() => true, { whole: true });
        assertFindings(diagnostics, (f) => (isInside(root, f) ? readFileSync(f, 'utf8') : undefined), knownRules);
      } finally {
        session.close();
        rmSync(root, { recursive: true, force: true });
      }
    },
  };

  /**
   * Control characters in file names (newline, ESC, C1 including U+0085, U+2028, `::` that looks
   * like a GitHub Actions command) through every report format: the text formats write them as
   * escapes (each finding on one line of its own), the JSON formats parse, the XML has no
   * character XML forbids, and every report stays bounded by its findings.
   */
  const names = {
    name: 'control characters in file names',
    arbitrary: arb.controlNames,
    async run({ pages, folder, listed }) {
      const root = caseDir('names');
      const rels = pages.map((name) => (folder ? `${folder}/${name}.mdx` : `${name}.mdx`));
      mkdirSync(root, { recursive: true });
      try {
        writeFileSync(
          path.join(root, 'docs.json'),
          siteConfig(['index', ...(listed ? rels.map((r) => r.slice(0, -4)) : [])]),
        );
        writeFileSync(path.join(root, 'index.mdx'), `${FRONT}## Start\n`);
        for (const rel of rels) {
          mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
          writeFileSync(path.join(root, rel), `${FRONT}## Body\n\nA [broken link](/missing) and TODO.\n`);
        }
        const session = await api.SiteSession.open(root, api.resolveSettings({}));
        let run;
        try {
          run = await session.lint(() => true, { whole: true });
        } finally {
          session.close();
        }
        const diagnostics = run.diagnostics;
        assertFindings(diagnostics, (f) => (isInside(root, f) ? readFileSync(f, 'utf8') : undefined), knownRules);
        const files = [...new Set([...diagnostics.map((d) => d.file), path.join(root, 'index.mdx')])].sort();
        const input = { diagnostics, files, cwd: root, color: false, rules: [], sites: [root] };
        const size =
          diagnostics.reduce((n, d) => n + d.file.length + d.message.length + 400, 0) +
          files.reduce((n, f) => n + f.length + 400, 0);
        for (const [format, load] of Object.entries(api.reporters)) {
          const out = (await load())(input);
          if (out.length > 8 * size + 256 * 1024)
            throw new Error(`${format}: ${out.length} characters for ${diagnostics.length} findings`);
          if (format === 'json' || format === 'sarif' || format === 'gitlab') JSON.parse(out);
          else if (format === 'junit' || format === 'html') {
            if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(out))
              throw new Error(`${format}: a character XML and HTML forbid`);
          } else {
            const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.exec(out);
            if (raw)
              throw new Error(
                `${format}: a raw control character U+${raw[0].charCodeAt(0).toString(16).padStart(4, '0')}`,
              );
            // Each finding is one line of its own in the line formats.
            if (format !== 'stylish') {
              const lines = out.split('\n').filter((l) => l !== '' && !/^\d+ problems?$/.test(l));
              if (lines.length !== diagnostics.length)
                throw new Error(`${format}: ${lines.length} lines for ${diagnostics.length} findings`);
              if (format === 'github' && lines.some((l) => !/^::(error|warning|notice) /.test(l)))
                throw new Error('github: a line that is not one annotation');
            }
          }
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };

  /**
   * The external-link check against a loopback server started here (the one surface that opens a
   * socket, to 127.0.0.1 only): whatever it answers, the check ends within its limits, connects to
   * no address it does not permit (only 127.0.0.1 is), and gives a judged result whose texts are
   * printable and on one line.
   */
  const external = {
    name: 'external',
    loopback: true,
    arbitrary: arb.externalCase,
    async run({ answers, withIds, accept }) {
      if (!api.checkUrl) return;
      const zlib = require('node:zlib');
      const http = require('node:http');
      let requests = 0;
      const server = http.createServer((req, res) => {
        requests++;
        const answer = answers[Number(/^\/c\/(\d+)/.exec(req.url ?? '')?.[1] ?? -1)];
        if (!answer) return res.writeHead(404).end();
        if (answer.hang) return;
        const headers = {};
        if (answer.location !== null) headers.location = answer.location.replace('SELF', base);
        if (answer.retryAfter !== null) headers['retry-after'] = answer.retryAfter;
        if (answer.contentType !== null) headers['content-type'] = answer.contentType;
        if (answer.encoding !== null) headers['content-encoding'] = answer.encoding;
        let body = Buffer.from(answer.body);
        if (answer.compress && answer.encoding === 'gzip') body = zlib.gzipSync(body);
        if (answer.compress && answer.encoding === 'br') body = zlib.brotliCompressSync(body);
        const status = req.method === 'HEAD' && answer.headStatus !== null ? answer.headStatus : answer.status;
        try {
          if (answer.reason !== null) res.writeHead(status, answer.reason, headers);
          else res.writeHead(status, headers);
          res.end(req.method === 'HEAD' ? undefined : body);
        } catch {
          // A header Node refuses to send: the connection is dropped instead.
          res.destroy();
        }
      });
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${server.address().port}`;
      const asked = [];
      try {
        const raw = await api.checkUrl(`${base}/c/0`, {
          timeoutMs: 300,
          retryAfterMaxMs: 20,
          urlLimitMs: 3000,
          withIds,
          permits: (address) => {
            asked.push(address);
            return address === '127.0.0.1';
          },
          slot: (_url, task) => task(),
          now: Date.now,
        });
        const result = api.judge(raw, new Set(accept));
        if (!result) throw new Error('no result without a budget');
        if (!['ok', 'broken', 'unreachable', 'rejected', 'refused'].includes(result.status))
          throw new Error(`bad status ${result.status}`);
        if (!/^[\x20-\x7e]*$/.test(result.detail))
          throw new Error(`a detail that is not one printable line: ${JSON.stringify(result.detail)}`);
        if (
          result.redirectedTo !== undefined &&
          (!/^https?:\/\//.test(result.redirectedTo) ||
            result.redirectedTo.length > 2048 ||
            /[\s]/.test(result.redirectedTo))
        )
          throw new Error(`bad redirect target ${JSON.stringify(result.redirectedTo)}`);
        if (result.ids && (!Array.isArray(result.ids) || result.ids.length > 5000)) throw new Error('bad ids');
        // Two tries, each at most 11 hops of a HEAD and a GET.
        if (requests > 2 * 11 * 2) throw new Error(`${requests} requests for one URL`);
        const other = asked.find((a) => a !== '127.0.0.1');
        // An address not permitted ends the check there: never a working link through it.
        if (other !== undefined && result.status === 'ok') throw new Error(`asked about ${other}, and the link works`);
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };

  return {
    surfaces: { page, docsJson, spec, robots, rc, site, terms, cache, writes, fanout, names, external },
    scratch,
    cleanup: () => rmSync(scratch, { recursive: true, force: true }),
  };
}

/** Small sites for the cache surface: pages, links (one broken), a snippet, an anchor. */
const CACHE_SITES = {
  links: {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Cache',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }] },
    }),
    'index.mdx':
      '---\ntitle: Home of the cache site\ndescription: A page that links.\n---\n\n## Start\n\n[The guide](/guide#steps) and [a broken one](/nowhere).\n',
    'guide.mdx':
      '---\ntitle: The guide of the site\ndescription: A page with steps.\n---\n\n## Steps\n\nText [here](/index).\n',
    'snippets/s.mdx': 'Shared text.\n',
  },
  syntax: {
    'docs.json': JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Cache',
      colors: { primary: '#0A7A5E' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'missing'] }] },
    }),
    'index.mdx': '---\ntitle: x\n---\n\n# Heading\n\n<Unclosed\n',
    'orphan.mdx': '## No front matter\n',
  },
};

/** The cache format written in a cache file's first line. */
function cacheFormat(file) {
  try {
    return readFileSync(file, 'utf8').split(' ', 2)[1];
  } catch {
    return '0';
  }
}

/** The user's cache key (where doclint keeps it), if there is one. */
function readSecret() {
  const home = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  try {
    const key = readFileSync(path.join(home, 'doclint', 'cache-secret'));
    return key.length >= 32 ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Every path under `dir` with its type and size (the cache file and its temporary files left out). */
function listTree(dir, cacheFile) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (p === cacheFile || p.startsWith(`${cacheFile}.`) || name.endsWith('.doclint-tmp')) continue;
      const info = lstatSync(p);
      out.push(`${path.relative(dir, p)} ${info.isDirectory() ? 'dir' : info.isSymbolicLink() ? 'link' : info.size}`);
      if (info.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out.join('\n');
}

/** Replaces a file of the site by a device (a symbolic link to one) or a FIFO. */
function placeDevice(root, device, specName) {
  const fifo = (rel) => {
    const f = path.join(root, rel);
    rmSync(f, { force: true });
    mkdirSync(path.dirname(f), { recursive: true });
    if (spawnSync('mkfifo', [f]).status !== 0) writeFileSync(f, '');
  };
  const link = (rel, target) => {
    const f = path.join(root, rel);
    rmSync(f, { force: true });
    mkdirSync(path.dirname(f), { recursive: true });
    symlinkSync(target, f);
  };
  switch (device) {
    case 'spec-zero':
      return link(specName, '/dev/zero');
    case 'spec-urandom':
      return link(specName, '/dev/urandom');
    case 'spec-fifo':
      return fifo(specName);
    case 'robots-zero':
      return link('robots.txt', '/dev/zero');
    case 'robots-fifo':
      return fifo('robots.txt');
    case 'page-fifo':
      return fifo('index.mdx');
    case 'page-zero':
      return link('quickstart.mdx', '/dev/zero');
    case 'mintignore-fifo':
      return fifo('.mintignore');
    case 'ref-fifo':
      return fifo('nav.json');
    case 'docs-zero':
      return link('docs.json', '/dev/zero');
  }
}

// ---------------------------------------------------------------------------------------------
// Running

/** Time allowed per megabyte of input, beyond the bound (see `bytes` on a surface). */
const MS_PER_MB = 1000;

/**
 * Runs one surface for `numRuns` cases with a fixed seed. Every case must finish within `boundMs`
 * and leave no network attempt or prototype change. Returns counts and timings; on a failure, the
 * (shrunk) counterexample and the error.
 */
export async function runSurface(surface, { seed, numRuns, boundMs, verbose = false }) {
  // The external surface serves on 127.0.0.1 itself; its check permits no other address.
  const attempts = surface.loopback ? [] : blockNetwork();
  let runs = 0;
  let maxMs = 0;
  let totalMs = 0;
  let slowest;
  let overBound = 0;
  const property = arb.fc.asyncProperty(surface.arbitrary, async (input) => {
    const started = performance.now();
    await surface.run(input);
    const ms = performance.now() - started;
    runs++;
    totalMs += ms;
    if (ms > maxMs) {
      maxMs = ms;
      slowest = input;
    }
    if (attempts.length) throw new Error(`network access attempted: ${attempts.splice(0).join('; ')}`);
    checkPrototypes();
    // A large input (the generators' huge arrays: docs.json files of several megabytes) is allowed
    // time in proportion to its size: the property is linear time, and a quadratic step still fails
    // (a 7 MB docs.json takes about 2.2 s on a 2-core machine; 12 MB, 5.4 s).
    const allowed = boundMs + Math.floor((surface.bytes?.(input) ?? 0) / 1_000_000) * MS_PER_MB;
    if (ms > allowed) {
      // A page the engine lints only under its time limit (on a worker thread that is stopped at
      // the limit) may take longer here, where it runs unbounded: counted, not a failure.
      if (surface.timeBounded?.(input)) overBound++;
      else throw new Error(`took ${Math.round(ms)} ms (bound ${allowed} ms)`);
    }
  });
  // The network stays blocked only while this surface runs: the next test file may serve locally.
  const details = await arb.fc.check(property, { seed, numRuns, endOnFailure: false, verbose }).finally(restoreNetwork);
  return {
    surface: surface.name,
    /** Cases past the bound that the engine runs only under its page time limit. */
    overBound,
    /** Cases that passed (shrinking runs excluded). */
    runs: details.numRuns,
    executed: runs,
    failed: details.failed,
    counterexample: details.counterexample,
    error: details.errorInstance,
    shrinks: details.numShrinks,
    seed: details.seed,
    path: details.counterexamplePath,
    maxMs,
    meanMs: runs ? totalMs / runs : 0,
    slowest,
  };
}

/** A one-line summary of a counterexample (inputs can be megabytes long). */
export function describeCounterexample(value, max = 2000) {
  const text = JSON.stringify(value, (_k, v) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length} chars)` : v,
  );
  return text && text.length > max ? `${text.slice(0, max)}…` : text;
}
