// `node scripts/rename-check.mjs [--folder] [site...]`: on a copy of each corpus site (../shared/corpus,
// or /work/shared/corpus), renames the page linked from the most pages (with --folder, its folder) with `doclint rename`, then
// checks that a full lint reports nothing new and that `git diff` shows only the intended edits:
// the move, changed paths in links and navigation, and the added redirect. Needs `npm run build`.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const bin = path.join(repo, 'bin/doclint.js');

export function corpusDir() {
  for (const dir of [path.join(repo, '../shared/corpus'), '/work/shared/corpus']) if (existsSync(dir)) return dir;
  return undefined;
}

function pagesOf(root) {
  const out = [];
  const walk = (dir, rel) => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const file = path.join(dir, name);
      const r = rel ? `${rel}/${name}` : name;
      if (statSync(file).isDirectory()) walk(file, r);
      else if (/\.mdx?$/.test(name)) out.push(r);
    }
  };
  walk(root, '');
  return out;
}

/** The page (not a snippet, not an index) whose absolute route is written in the most other pages. */
function mostLinked(root) {
  const pages = pagesOf(root);
  const texts = new Map(pages.map((p) => [p, readFileSync(path.join(root, p), 'utf8')]));
  const routeCount = new Map();
  for (const text of texts.values()) {
    const seen = new Set();
    for (const m of text.matchAll(/(?:\]\(|href=["'])\/([\w./-]+?)(?:[)#?"']|\s)/g)) seen.add(m[1].replace(/\/$/, ''));
    for (const r of seen) routeCount.set(r, (routeCount.get(r) ?? 0) + 1);
  }
  const candidates = pages.filter((p) => !/(^|\/)_?snippets\//.test(p) && !/(^|\/)index\.mdx?$/.test(p));
  let best;
  for (const p of candidates) {
    const n = routeCount.get(p.replace(/\.mdx?$/, '')) ?? 0;
    if (!best || n > best.n) best = { page: p, n };
  }
  return best;
}

function lint(root) {
  const run = spawnSync(process.execPath, [bin, root, '-f', 'json', '--threads', '1'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const out = [];
  for (const f of JSON.parse(run.stdout))
    for (const m of f.messages) out.push({ file: path.relative(root, f.filePath), ...m });
  return out;
}

export function checkSite(site, { log = console.log, folder = false } = {}) {
  const source = path.join(corpusDir(), site);
  const root = mkdtempSync(path.join(os.tmpdir(), `doclint-rename-${site}-`));
  try {
    cpSync(source, root, {
      recursive: true,
      filter: (p) => !p.includes(`${path.sep}node_modules`) && !p.endsWith(`${path.sep}.git`),
    });
    // The corpus is read-only; the copy is a working tree like any other.
    execFileSync('chmod', ['-R', 'u+w', root]);
    const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
    git('init', '-q');
    git('-c', 'user.email=check@doclint', '-c', 'user.name=check', 'add', '-A');
    git('-c', 'user.email=check@doclint', '-c', 'user.name=check', 'commit', '-qm', 'corpus', '--no-verify');
    const pick = mostLinked(root);
    // A page, or (with `folder`) the folder holding it.
    const oldRel = folder ? path.posix.dirname(pick.page) : pick.page;
    if (oldRel === '.') return { site, ok: false, problems: [`${pick.page} is at the site root; no folder to rename`] };
    const oldRoute = oldRel.replace(/\.mdx?$/, '');
    const newRel = `${path.posix.dirname(oldRel) === '.' ? '' : `${path.posix.dirname(oldRel)}/`}renamed-${path.posix.basename(oldRel)}`;
    const newRoute = newRel.replace(/\.mdx?$/, '');
    const movedFile = (f) => (f === oldRel || f.startsWith(`${oldRel}/`) ? newRel + f.slice(oldRel.length) : f);
    // The route as a whole path (not the tail of another one: `es/deploy/x` is not `deploy/x`).
    const routePattern = new RegExp(
      `(?<![\\w.\\-/])/?${oldRoute.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`,
      'g',
    );
    const before = lint(root);
    const rename = spawnSync(process.execPath, [bin, 'rename', oldRel, newRel], { cwd: root, encoding: 'utf8' });
    if (rename.status !== 0) return { site, ok: false, problems: [`rename failed: ${rename.stderr.trim()}`] };
    const after = lint(root);
    // Findings keyed without positions (the redirect added to docs.json moves lines), with the page's
    // old path and route read as the new ones.
    // Size measures (agent-*-size: characters of llms.txt or of a page) move by the length of the
    // new name: their figures are not compared.
    const key = (d) =>
      `${d.ruleId}|${d.file}|${/^agent-.*size$/.test(d.ruleId) ? d.message.replace(/[\d,]+ characters/g, 'N characters') : d.message}`;
    const mapped = (d) => ({
      ...d,
      file: movedFile(d.file),
      message: d.message.replace(routePattern, (m) => m.replace(oldRoute, newRoute)),
    });
    const counts = new Map();
    for (const d of before.map(mapped)) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
    const fresh = [];
    for (const d of after) {
      const n = counts.get(key(d)) ?? 0;
      if (n > 0) counts.set(key(d), n - 1);
      else fresh.push(`${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
    }
    git('add', '-A');
    const status = git('diff', '--cached', '-M', '--name-status').trim().split('\n');
    const problems = fresh.map((f) => `new finding: ${f}`);
    const renamed = status.some(
      (l) =>
        l.startsWith('R') && l.split('\t')[2] === movedFile(l.split('\t')[1]) && l.split('\t')[1] !== l.split('\t')[2],
    );
    if (!renamed) problems.push(`git does not show the move ${oldRel} -> ${newRel}: ${status.join('; ')}`);
    for (const line of status) {
      const [, a, b] = line.split('\t');
      if (line.startsWith('R') && movedFile(a) !== b) problems.push(`unexpected move: ${line}`);
    }
    for (const line of status) if (!/^[MR]/.test(line)) problems.push(`unexpected change: ${line}`);
    // Every changed word is a path: a removed one names the old page (or, in the moved page, a
    // relative path), an added one the new page; docs.json also gains the redirect.
    const words = git(
      'diff',
      '--cached',
      '-M',
      '--word-diff=porcelain',
      '--word-diff-regex=[^[:space:]]+',
      '--unified=0',
    );
    let file = '';
    let changedWords = 0;
    for (const line of words.split('\n')) {
      if (line.startsWith('+++ b/')) file = line.slice(6);
      else if (line.startsWith('---') || line.startsWith('+++')) continue;
      else if (/^[-+]/.test(line)) {
        changedWords++;
        const word = line.slice(1);
        const oldBase = path.posix.basename(oldRoute);
        const newBase = path.posix.basename(newRoute);
        const ok =
          (line[0] === '-' ? word.includes(oldBase) : word.includes(newBase)) ||
          (file.startsWith(newRel) && /[./]/.test(word)) ||
          (file.endsWith('.json') && /"(source|destination)"|redirects|^[[\]{},]*$|^"\//.test(word.replace(/\s/g, '')));
        if (!ok) problems.push(`${file}: unexpected change ${line.slice(0, 120)}`);
      }
    }
    const changed = status.length;
    log(
      `${site}: renamed ${folder ? 'the folder ' : ''}${oldRel} (${folder ? `holding ${pick.page}, ` : ''}linked from ${pick.n} pages) -> ${newRel}: ${rename.stdout.trim().split('\n').pop()}; ${changed} files in git diff, ${changedWords} changed words; findings ${before.length} before, ${after.length} after, ${fresh.length} new`,
    );
    return {
      site,
      ok: problems.length === 0,
      problems,
      before: before.length,
      after: after.length,
      page: oldRel,
      linkedFrom: pick.n,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const corpus = corpusDir();
  if (!corpus) {
    console.log('rename-check: no corpus (../shared/corpus) here; nothing checked');
    process.exit(0);
  }
  const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const sites = named.length ? named : readdirSync(corpus).filter((s) => existsSync(path.join(corpus, s, 'docs.json')));
  let failed = 0;
  for (const site of sites) {
    const result = checkSite(site, { folder: process.argv.includes('--folder') });
    for (const p of result.problems) console.log(`  ${p}`);
    if (!result.ok) failed++;
  }
  console.log(`rename-check: ${sites.length - failed} of ${sites.length} sites pass`);
  process.exit(failed ? 1 : 0);
}
