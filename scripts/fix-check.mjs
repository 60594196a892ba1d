#!/usr/bin/env node
// Fix safety on real sites: `npm run fix-check [-- site...]` (default: every site of $DOCLINT_CORPUS,
// else of ../shared/corpus beside the repository).
// For each site, on a copy: lint it, run `doclint --fix`, lint it again, and check that
//   - every page --fix changed still parses (no new page-mdx-syntax finding);
//   - the second run reports no finding the first did not have (same rule and message, per file);
//   - the outline of every changed page is kept: the same headings, each with the same parent;
//   - no component or attribute name changed (a `<Frame>` wrapped around an image is the only
//     element a fix may add);
//   - nothing but the changed pages changed.
// Prints per site the pages changed and the fixes applied, and exits 1 when a check fails.
// Needs `npm run build` (it runs dist/ and bin/).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(repo, 'dist/src');
if (!existsSync(path.join(dist, 'engine/lint-page.js'))) {
  console.error('fix-check: dist/ is missing; run `npm run build` first');
  process.exit(2);
}
const { lintPage } = await import(path.join(dist, 'engine/lint-page.js'));
const { pagePlan, resolveSettings } = await import(path.join(dist, 'config/settings.js'));
const plan = pagePlan(resolveSettings({}));

let sites = process.argv.slice(2).map((s) => path.resolve(s));
if (sites.length === 0) {
  const corpus = process.env.DOCLINT_CORPUS
    ? path.resolve(process.env.DOCLINT_CORPUS)
    : path.resolve(repo, '../shared/corpus');
  if (!existsSync(corpus)) {
    console.error(`fix-check: no site given and no corpus at ${corpus} (set DOCLINT_CORPUS)`);
    process.exit(2);
  }
  sites = readdirSync(corpus)
    .sort()
    .map((name) => path.join(corpus, name))
    .filter((dir) => existsSync(path.join(dir, 'docs.json')));
}

/** doclint's JSON report of a site: per file (relative), its findings. */
function lintJson(root, extra = []) {
  const run = spawnSync(process.execPath, [path.join(repo, 'bin/doclint.js'), '--format', 'json', ...extra, root], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (run.status === 2) throw new Error(`doclint failed on ${root}: ${run.stderr.trim().split('\n')[0]}`);
  const out = new Map();
  for (const file of JSON.parse(run.stdout)) out.set(path.relative(root, file.filePath), file.messages);
  return out;
}

/** Every file of a folder (relative path → content). */
function snapshot(root) {
  const out = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.set(path.relative(root, full), readFileSync(full));
    }
  };
  walk(root);
  return out;
}

/** The headings of a page as (level, text, parent index). */
function outline(file, text) {
  const { facts } = lintPage({ file, text, isSnippet: false }, plan);
  const levels = facts.headings.map((h) => h.depth);
  return facts.headings.map((h, i) => {
    let parent = -1;
    for (let j = i - 1; j >= 0; j--)
      if (levels[j] < levels[i]) {
        parent = j;
        break;
      }
    return `${h.text} <- ${parent}`;
  });
}

/** Element and attribute names of a page, counted (a rough read of the text is enough to see a rename). */
function names(text) {
  const counts = new Map();
  const add = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const m of text.matchAll(/<\/?([A-Za-z][\w.-]*)([^<>]*)>/g)) {
    if (m[1] === 'Frame') continue;
    add(`<${m[1]}>`);
    for (const a of m[2].matchAll(/\s([A-Za-z_:][\w:.-]*)(?==|\s|\/?$)/g)) add(`${m[1]} ${a[1]}`);
  }
  return counts;
}

const key = (d) => `${d.ruleId} ${d.message}`;
let failed = 0;
const totals = { sites: 0, pages: 0, fixes: 0 };
for (const site of sites) {
  const name = path.basename(site);
  const copy = mkdtempSync(path.join(os.tmpdir(), `doclint-fix-check-${name}-`));
  const problems = [];
  try {
    cpSync(site, copy, { recursive: true });
    // The copy is ours to change, whatever the modes of the original.
    for (const rel of snapshot(copy).keys())
      chmodSync(path.join(copy, rel), statSync(path.join(copy, rel)).mode | 0o200);
    const before = snapshot(copy);
    const first = lintJson(copy);
    const started = performance.now();
    lintJson(copy, ['--fix']);
    const seconds = (performance.now() - started) / 1000;
    const after = snapshot(copy);
    const second = lintJson(copy);

    const changed = [...after.keys()].filter((rel) => !before.get(rel)?.equals(after.get(rel)));
    for (const rel of before.keys()) if (!after.has(rel)) problems.push(`${rel}: deleted by --fix`);
    let fixes = 0;
    for (const rel of changed) {
      if (!/\.mdx?$/i.test(rel)) {
        problems.push(`${rel}: not a page, but --fix changed it`);
        continue;
      }
      const oldText = before.get(rel).toString('utf8');
      const newText = after.get(rel).toString('utf8');
      const was = first.get(rel) ?? [];
      const now = second.get(rel) ?? [];
      fixes += was.filter((d) => d.fix).length - now.filter((d) => d.fix).length;
      // Findings the fixed page has that the original did not.
      const remaining = new Map();
      for (const d of was) remaining.set(key(d), (remaining.get(key(d)) ?? 0) + 1);
      for (const d of now) {
        const n = remaining.get(key(d)) ?? 0;
        if (n > 0) remaining.set(key(d), n - 1);
        else problems.push(`${rel}:${d.line}:${d.column}: new finding after --fix: ${d.ruleId} ${d.message}`);
      }
      const o1 = outline(path.join(copy, rel), oldText);
      const o2 = outline(path.join(copy, rel), newText);
      if (JSON.stringify(o1) !== JSON.stringify(o2))
        problems.push(`${rel}: the outline changed (${JSON.stringify(o1)} → ${JSON.stringify(o2)})`);
      const n1 = names(oldText);
      const n2 = names(newText);
      for (const k of new Set([...n1.keys(), ...n2.keys()])) {
        if ((n1.get(k) ?? 0) !== (n2.get(k) ?? 0))
          problems.push(`${rel}: ${k} appears ${n1.get(k) ?? 0} times before --fix and ${n2.get(k) ?? 0} after`);
      }
    }
    totals.sites++;
    totals.pages += changed.length;
    totals.fixes += fixes;
    console.log(
      `${name}: ${changed.length} pages changed, ${fixes} fixes applied in ${seconds.toFixed(1)} s; ${problems.length ? `${problems.length} problems` : 'all checks pass'}`,
    );
    for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
    if (problems.length > 20) console.log(`  … and ${problems.length - 20} more`);
    if (problems.length) failed++;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
console.log(
  `\n${totals.sites} sites, ${totals.pages} pages changed, ${totals.fixes} fixes applied; ${failed ? `${failed} sites with problems` : 'every check passes'}`,
);
process.exit(failed ? 1 : 0);
