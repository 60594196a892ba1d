#!/usr/bin/env node
// Differential run of doclint's accessibility rules against the platform's own accessibility check
// (`mint a11y`, the pinned CLI of scripts/platform.mjs) on every site of the real corpus:
//   node scripts/differential-a11y.mjs [--site NAME] [--json FILE] [--examples N] [--keep] [--fresh] [--no-build]
// Each site is copied to a temporary folder; both run on the copy. The platform reports the
// contrast of the theme and anchor colours (FAIL below WCAG AA; WARN, between AA and AAA, is a
// pass) and, per page, images and videos without `alt` and `<a>` elements without a text node.
// They are matched with doclint's config-color-contrast (by colour and background), page-image-alt,
// page-media-alt and page-link-name (by file, line and kind of element). Prints per site each
// side's count, the agreed ones and each side's own, then the disagreements grouped into classes
// (side + kind + a cause read from the element in the page), with examples.
//   --site NAME     one site (a corpus folder name, or a unique part of one)
//   --json FILE     write every record as JSON
//   --examples N    examples printed per class (default 3)
//   --keep          keep the temporary copies of the sites
//   --fresh         run the platform again even when its cached output is current
//   --no-build      use dist/ as it is (by default `npm run build` runs when dist/ is older than
//                   src/, rules/ or schema/)
// The corpus is $DOCLINT_CORPUS, else ../shared/corpus beside the repository. The platform's
// output is cached per site in .cache/differential-a11y/, keyed by a hash of the site's files and
// the CLI version. Exit 0 when it ran (disagreements are printed, not fatal), 2 on a usage or
// setup error.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MINT_VERSION, PLATFORM_DIR } from './platform.mjs';
import {
  corpusDifferentialSetup,
  doclintRun as runDoclint,
  findDocsRoot,
  listTree,
  platformRun,
  seconds,
  workFolder,
} from './corpus-differential.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const MINT_ARGS = ['a11y'];
const RULES = ['config-color-contrast', 'page-image-alt', 'page-media-alt', 'page-link-name'];

// ---------------------------------------------------------------------------------------------
// Options and setup: the platform, doclint's build, the corpus (scripts/corpus-differential.mjs)

const { options, sites, corpusDir } = corpusDifferentialSetup('differential-a11y', repo);
const PLATFORM = { name: 'differential-a11y', repo, mintArgs: MINT_ARGS, fresh: options.fresh };

// ---------------------------------------------------------------------------------------------
// The platform's side

const CONTRAST = /^(Primary|Light|Dark) Color \((.*?)\) vs (Light|Dark) Background: (PASS|WARN|FAIL) (.*)$/;
const ANCHOR_VARIANT = /^(Light|Dark) variant vs (Light|Dark) Background: (PASS|WARN|FAIL) (.*)$/;
const ISSUE =
  /^✗ Missing (alt|text) attribute (?:on )?(image \(markdown\)|img|video|<a>) element(?: \(line (\d+), col (\d+)\))?$/;

/**
 * Reads the CLI's report. It is drawn by a terminal UI that redraws every line logged so far on
 * each update, so the last drawing is the whole report: read from the last "Checking color
 * accessibility..." on.
 */
function parsePlatform(output) {
  const lines = output.split(/\r?\n/).map((l) => l.replace(/\s+$/, ''));
  let start = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/Checking color accessibility\.\.\.$/.test(lines[i])) {
      start = i;
      break;
    }
  }
  const from = start === -1 ? 0 : start;
  const contrast = [];
  const issues = [];
  let anchor;
  let file;
  let inIssues = false;
  let checkedMdx = false;
  for (const raw of lines.slice(from)) {
    const line = raw.replace(/^.*Checking color accessibility\.\.\.$/, 'Checking color accessibility...').trim();
    if (line === '') continue;
    let m;
    if ((m = CONTRAST.exec(line))) {
      anchor = undefined;
      contrast.push({
        which: m[1].toLowerCase(),
        color: m[2],
        background: m[3].toLowerCase(),
        verdict: m[4],
        message: m[5],
      });
    } else if (line === 'Navigation Anchors:') anchor = null;
    else if (anchor !== undefined && !inIssues && (m = ANCHOR_VARIANT.exec(line)))
      contrast.push({
        which: 'anchor',
        anchor,
        variant: m[1].toLowerCase(),
        background: m[2].toLowerCase(),
        verdict: m[3],
        message: m[4],
      });
    else if (anchor !== undefined && !inIssues && /:$/.test(line) && !/^Overall/.test(line)) anchor = line.slice(0, -1);
    else if (/Checking mdx files for accessibility issues\.\.\.$/.test(line)) {
      checkedMdx = true;
      anchor = undefined;
    } else if (/^Found \d+ accessibility issues in/.test(line)) inIssues = true;
    else if (inIssues && (m = ISSUE.exec(line))) {
      const element = m[2] === '<a>' ? 'a' : m[2] === 'video' ? 'video' : m[2] === 'img' ? 'img' : 'image';
      issues.push({ file, element, line: m[3] ? Number(m[3]) : undefined, column: m[4] ? Number(m[4]) : undefined });
    } else if (inIssues && /:$/.test(line) && !line.startsWith('Recommendation')) file = line.slice(0, -1);
  }
  if (!checkedMdx) return { error: 'no report of the page check in the output', contrast, issues };
  return { contrast, issues };
}

// ---------------------------------------------------------------------------------------------
// doclint's side

async function doclintRun(site, copy, work) {
  const config = path.join(work, `${site}.doclintrc.json`);
  const all = JSON.parse(readFileSync(path.join(repo, 'schema/doclintrc.schema.json'), 'utf8'));
  const ids = Object.keys(all.properties?.rules?.properties ?? {});
  writeFileSync(
    config,
    JSON.stringify({ rules: Object.fromEntries(ids.filter((id) => !RULES.includes(id)).map((id) => [id, 'off'])) }),
  );
  const result = await runDoclint(repo, site, copy, work, ['--config', config]);
  if (result.error) return { ...result, findings: [] };
  const findings = [];
  for (const entry of result.report) {
    const file = path.relative(copy, entry.filePath).split(path.sep).join('/');
    for (const msg of entry.messages) {
      if (!RULES.includes(msg.ruleId)) continue;
      findings.push({
        file,
        line: msg.line,
        column: msg.column,
        ruleId: msg.ruleId,
        message: msg.message,
        element: doclintElement(file, msg),
      });
    }
  }
  return { ms: result.ms, findings };
}

/** The kind of element a doclint finding is about: contrast, image (markdown), img, video, audio, iframe, a, link, Card, Link. */
function doclintElement(file, msg) {
  if (msg.ruleId === 'config-color-contrast') return 'contrast';
  if (msg.ruleId === 'page-media-alt') return /^`<(\w+)>`/.exec(msg.message)?.[1] ?? 'media';
  if (msg.ruleId === 'page-image-alt') return 'image';
  if (msg.message.startsWith('`<Card>`')) return 'Card';
  return /the `<(a|Link)>`/.exec(msg.message)?.[1] ?? 'link';
}

// ---------------------------------------------------------------------------------------------
// Matching and causes

/** The name doclint's contrast message gives the colour the platform labels `which`. */
function contrastKey(c) {
  if (c.which === 'anchor') return `anchor "${c.anchor}" ${c.variant} on ${c.background}`;
  return `colors.${c.which === 'primary' ? 'primary' : c.which} on ${c.background}`;
}
function doclintContrastKey(message) {
  const m = /^`colors\.(\w+)` `#[0-9A-Fa-f]+` has a contrast of [\d.]+:1 on the (light|dark) background/.exec(message);
  if (m) return `colors.${m[1]} on ${m[2]}`;
  const a =
    /^the (light|dark) colour of anchor "(.*)" `#[0-9A-Fa-f]+` has a contrast of [\d.]+:1 on the (light|dark) background/.exec(
      message,
    );
  if (a) return `anchor "${a[2]}" ${a[1]} on ${a[3]}`;
  return `other: ${message.slice(0, 40)}`;
}

/** The source of the element that starts at a line and column (to its closing tag, at most 2,000 characters). */
function elementSource(text, line, column, name) {
  const lines = text.split('\n');
  if (!line || line > lines.length) return '';
  let offset = 0;
  for (let i = 0; i < line - 1; i++) offset += lines[i].length + 1;
  offset += Math.max(0, (column ?? 1) - 1);
  const rest = text.slice(offset, offset + 2000);
  const close = name === 'image' ? -1 : rest.search(new RegExp(`</${name}\\s*>|/>`));
  return close === -1 ? rest.split('\n')[0] : rest.slice(0, close + rest.slice(close).indexOf('>') + 1);
}

function platformOnlyCause(copy, record) {
  if (record.element === 'contrast') return 'colour the platform reports and doclint does not';
  let text;
  try {
    text = readFileSync(path.join(copy, record.file), 'utf8');
  } catch {
    return 'file not readable';
  }
  const src = elementSource(text, record.line, record.column, record.element === 'image' ? 'image' : record.element);
  const open = /^<\w+[^>]*>/.exec(src)?.[0] ?? src;
  if (record.element === 'a') {
    if (!/\bhref\s*=/.test(open)) return '`<a>` without href: an anchor target, not a link';
    if (/\b(aria-label|aria-labelledby|title)\s*=\s*(["'{])/.test(open)) return 'link named by aria-label or title';
    if (/\{\s*\.\.\./.test(open)) return 'link with {...spread} props';
    const body = src.slice(open.length);
    if (/`[^`]+`|<code\b/.test(body)) return 'link text is inline code';
    if (/<img\b[^>]*\balt\s*=\s*["'][^"']*\S/.test(body) || /!\[[^\]]*\S[^\]]*\]\(/.test(body))
      return 'image with alt text inside the link';
    if (/\{[^}]*\}/.test(body)) return 'link text from an {expression}';
    if (/\baria-label\s*=|\btitle\s*=/.test(body)) return 'labelled element inside the link';
    return 'other';
  }
  if (record.element === 'video') {
    if (/\b(aria-label|title)\s*=\s*["'{]/.test(open))
      return 'video named by aria-label or title (the platform reads only alt)';
    return 'video without a text alternative';
  }
  if (record.element === 'img') {
    if (/\balt\s*=\s*\{/.test(open)) return '`<img alt={expression}>`: the value is not known without running the page';
    if (/\{\s*\.\.\./.test(open)) return '`<img {...spread}>`';
    return 'img without alt';
  }
  return 'markdown image without alt';
}

/** Files of the snippet folders: the platform's check reads pages only (its `contentFilenames`). */
const SNIPPET_FOLDER = /^_?snippets\//i;

function doclintOnlyCause(record) {
  if (record.ruleId === 'config-color-contrast') return 'colour doclint reports and the platform does not';
  if (SNIPPET_FOLDER.test(record.file)) return 'in a snippet: the platform checks pages only';
  if (record.ruleId === 'page-image-alt') {
    if (/is a file name|is too generic/.test(record.message))
      return 'alt text that says nothing (a file name, "image"): the platform checks only that alt is there';
    return 'image without alt';
  }
  if (record.ruleId === 'page-media-alt') {
    if (record.element === 'video') return 'video with an empty alternative, or none the platform also misses';
    return `\`<${record.element}>\` (not checked by the platform)`;
  }
  if (record.element === 'link') return 'markdown link without text (the platform checks only `<a>`)';
  if (record.element === 'Card' || record.element === 'Link')
    return `\`<${record.element} href>\` without text (the platform checks only \`<a>\`)`;
  return 'link without text';
}

function compareSite(site, copy, platform, doclint) {
  const records = [];
  // Contrast: the platform's FAIL results against doclint's findings (WARN meets AA: a pass).
  const doclintContrast = new Map();
  for (const d of doclint.findings.filter((f) => f.ruleId === 'config-color-contrast'))
    doclintContrast.set(doclintContrastKey(d.message), d);
  for (const c of platform.contrast.filter((c) => c.verdict === 'FAIL')) {
    const key = contrastKey(c);
    const match = doclintContrast.get(key);
    doclintContrast.delete(key);
    const platformMessage = `${key}: ${c.message}`;
    if (match)
      records.push({
        site,
        status: 'agreed',
        kind: 'contrast',
        file: 'docs.json',
        target: key,
        platformMessage,
        doclintMessage: match.message,
      });
    else {
      const r = {
        site,
        status: 'platform-only',
        kind: 'contrast',
        element: 'contrast',
        file: 'docs.json',
        target: key,
        platformMessage,
      };
      r.cause = platformOnlyCause(copy, r);
      records.push(r);
    }
  }
  for (const [key, d] of doclintContrast) {
    const r = {
      site,
      status: 'doclint-only',
      kind: 'contrast',
      file: 'docs.json',
      target: key,
      ruleId: d.ruleId,
      doclintMessage: d.message,
      message: d.message,
    };
    r.cause = doclintOnlyCause(r);
    records.push(r);
  }
  // Elements: by file, line and kind.
  const kindOf = (element) =>
    element === 'a' || element === 'link' || element === 'Card' || element === 'Link'
      ? 'link'
      : element === 'video'
        ? 'video'
        : element === 'audio' || element === 'iframe'
          ? 'media'
          : 'image';
  const pool = new Map();
  for (const d of doclint.findings.filter((f) => f.ruleId !== 'config-color-contrast')) {
    const key = `${d.file}\0${d.line}\0${kindOf(d.element)}`;
    const list = pool.get(key) ?? [];
    list.push(d);
    pool.set(key, list);
  }
  for (const issue of platform.issues) {
    const key = `${issue.file}\0${issue.line}\0${kindOf(issue.element)}`;
    const match = pool.get(key)?.shift();
    const platformMessage = `${issue.element === 'a' ? 'Missing text attribute <a>' : `Missing alt attribute on ${issue.element}`} (line ${issue.line}, col ${issue.column})`;
    if (match) {
      records.push({
        site,
        status: 'agreed',
        kind: kindOf(issue.element),
        file: issue.file,
        line: issue.line,
        column: issue.column,
        platformMessage,
        doclintMessage: match.message,
      });
    } else {
      const r = {
        site,
        status: 'platform-only',
        kind: kindOf(issue.element),
        element: issue.element,
        file: issue.file,
        line: issue.line,
        column: issue.column,
        platformMessage,
      };
      r.cause = platformOnlyCause(copy, r);
      records.push(r);
    }
  }
  for (const list of pool.values()) {
    for (const d of list) {
      const r = {
        site,
        status: 'doclint-only',
        kind: kindOf(d.element),
        element: d.element,
        file: d.file,
        line: d.line,
        column: d.column,
        ruleId: d.ruleId,
        doclintMessage: d.message,
        message: d.message,
      };
      r.cause = doclintOnlyCause(r);
      records.push(r);
    }
  }
  return records;
}

// ---------------------------------------------------------------------------------------------
// Main

const { work, cleanup } = workFolder('differential-a11y', options.keep);

console.log(
  `platform: mint ${MINT_VERSION} (${path.relative(repo, PLATFORM_DIR)}), \`mint ${MINT_ARGS.join(' ')}\`; doclint: ${RULES.join(', ')}; corpus: ${corpusDir}`,
);
const allRecords = [];
const rows = [];
const problems = [];
for (const site of sites) {
  const docsRoot = findDocsRoot(path.join(corpusDir, site));
  if (!docsRoot) {
    problems.push(`${site}: no docs.json found`);
    continue;
  }
  const copy = path.join(work, site);
  cpSync(docsRoot, copy, { recursive: true });
  const platform = await platformRun(PLATFORM, site, copy, listTree(copy).files, work);
  const doclint = await doclintRun(site, copy, work);
  const parsed = parsePlatform(platform.stdout);
  const row = { site, platformMs: platform.ms, platformCached: platform.cached, doclintMs: doclint.ms };
  if (parsed.error || platform.timedOut || platform.spawnError)
    row.error = `platform: ${platform.timedOut ? 'timed out' : (platform.spawnError ?? parsed.error)}`;
  if (doclint.error) row.error = [row.error, doclint.error].filter(Boolean).join('; ');
  if (row.error) problems.push(`${site}: ${row.error}`);
  else {
    const records = compareSite(site, copy, parsed, doclint);
    allRecords.push(...records);
    const count = (s, kind) => records.filter((r) => r.status === s && (kind === undefined || r.kind === kind)).length;
    Object.assign(row, {
      platform: parsed.contrast.filter((c) => c.verdict === 'FAIL').length + parsed.issues.length,
      doclint: doclint.findings.length,
      agreed: count('agreed'),
      platformOnly: count('platform-only'),
      doclintOnly: count('doclint-only'),
    });
  }
  rows.push(row);
  if (!options.keep) rmSync(copy, { recursive: true, force: true });
  console.error(`differential-a11y: ${site} done`);
}

const header = [
  'site',
  'platform',
  'doclint',
  'agreed',
  'platform-only',
  'doclint-only',
  'platform time',
  'doclint time',
];
const table = rows.map((r) =>
  r.error
    ? [
        r.site,
        'error',
        '',
        '',
        '',
        '',
        r.platformMs ? seconds(r.platformMs) : '',
        r.doclintMs ? seconds(r.doclintMs) : '',
      ]
    : [
        r.site,
        r.platform,
        r.doclint,
        r.agreed,
        r.platformOnly,
        r.doclintOnly,
        seconds(r.platformMs) + (r.platformCached ? ' (cached)' : ''),
        seconds(r.doclintMs),
      ].map(String),
);
const total = (k) => rows.reduce((n, r) => n + (r[k] ?? 0), 0);
table.push(
  [
    'total',
    total('platform'),
    total('doclint'),
    total('agreed'),
    total('platformOnly'),
    total('doclintOnly'),
    '',
    '',
  ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => String(r[i]).length)));
const fmt = (cells) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
console.log('\n' + fmt(header));
for (const r of table) console.log(fmt(r));
if (problems.length) {
  console.log('\nproblems:');
  for (const p of problems) console.log(`  ${p}`);
}

const kinds = new Map();
for (const r of allRecords) {
  const k = kinds.get(r.kind) ?? { agreed: 0, 'platform-only': 0, 'doclint-only': 0 };
  k[r.status]++;
  kinds.set(r.kind, k);
}
console.log('\nby kind:');
for (const [kind, k] of [...kinds].sort())
  console.log(
    `  ${kind.padEnd(9)} agreed ${k.agreed}, platform-only ${k['platform-only']}, doclint-only ${k['doclint-only']}`,
  );

const classes = new Map();
for (const r of allRecords.filter((r) => r.status !== 'agreed')) {
  r.class = `${r.status} ${r.kind}: ${r.cause}`;
  const c = classes.get(r.class) ?? [];
  c.push(r);
  classes.set(r.class, c);
}
const sorted = [...classes].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
console.log(`\ndisagreements: ${sorted.reduce((n, [, list]) => n + list.length, 0)} in ${sorted.length} classes`);
for (const [name, list] of sorted) {
  const bySite = new Map();
  for (const r of list) bySite.set(r.site, (bySite.get(r.site) ?? 0) + 1);
  const siteList = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  console.log(`\n${String(list.length).padStart(6)}  ${name}   [${siteList}]`);
  const picked = [];
  for (let i = 0; picked.length < options.examples && i < list.length; i++) {
    const r = list[Math.floor((i * list.length) / Math.max(1, options.examples)) % list.length];
    if (!picked.includes(r)) picked.push(r);
  }
  for (const r of picked) {
    console.log(`        ${r.site}/${r.file}:${r.line ?? ''}  ${r.target ?? ''}`);
    console.log(`          platform: ${r.platformMessage ?? '(not reported)'}`);
    console.log(`          doclint:  ${r.doclintMessage ?? '(not reported)'}`);
  }
}

if (options.json) {
  writeFileSync(
    options.json,
    JSON.stringify(
      { mintVersion: MINT_VERSION, command: `mint ${MINT_ARGS.join(' ')}`, sites: rows, records: allRecords },
      null,
      2,
    ),
  );
  console.log(`\nrecords written to ${options.json}`);
}
if (options.keep) console.log(`\nsite copies and raw outputs kept in ${work}`);
cleanup();
