#!/usr/bin/env node
// The third-party packages inside the bundle (dist/bundle/) and their licences, read from the
// bundle's metafile (which scripts/bundle.mjs writes to dist/bundle-meta.json) and from each
// package's own package.json and licence file.
//
//   node scripts/licenses.mjs           writes the table of bundled packages in docs/dependencies.md
//   node scripts/licenses.mjs --check   exits 1 when that table is not what the bundle holds
//
// scripts/bundle.mjs also calls writeNotices(): dist/bundle/THIRD-PARTY-NOTICES.txt, every
// bundled package's licence text, shipped with the bundle (minified code keeps no comments).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const README = path.join(repo, 'docs/dependencies.md');
const START = '<!-- gen:bundled -->';
const END = '<!-- /gen:bundled -->';

/** The package folder (relative to the repository) of a bundled input, or undefined for doclint's own code. */
function packageFolder(input) {
  const parts = input.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith('@') ? 2 : 1;
  return parts.slice(0, at + 1 + length).join('/');
}

function licenceOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type;
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ');
  return 'UNKNOWN';
}

/** Every third-party package with code in the bundle: name, version, licence and licence text, sorted by name. */
export function bundledPackages(metafile) {
  const folders = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const folder = packageFolder(input);
    if (folder) folders.add(folder);
  }
  const byName = new Map();
  for (const folder of folders) {
    const dir = path.join(repo, folder);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const file = readdirSync(dir).find((name) => /^(licen[cs]e|copying)([.-]|$)/i.test(name));
    const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name;
    const entry = byName.get(pkg.name) ?? {
      name: pkg.name,
      versions: new Set(),
      licence: licenceOf(pkg),
      author,
      texts: new Set(),
    };
    entry.versions.add(pkg.version);
    if (file) entry.texts.add(readFileSync(path.join(dir, file), 'utf8').trim());
    byName.set(pkg.name, entry);
  }
  return [...byName.values()]
    .map((e) => ({
      name: e.name,
      versions: [...e.versions].sort(),
      licence: e.licence,
      author: e.author,
      texts: [...e.texts],
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The table of docs/dependencies.md: one row per licence, with the packages under it. */
export function readmeTable(packages) {
  const byLicence = new Map();
  for (const p of packages) byLicence.set(p.licence, [...(byLicence.get(p.licence) ?? []), p.name]);
  const rows = [...byLicence].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  return [
    '| licence | packages |',
    '| --- | --- |',
    ...rows.map(([licence, names]) => `| ${licence} (${names.length}) | ${names.map((n) => `\`${n}\``).join(', ')} |`),
  ].join('\n');
}

export function writeNotices(metafile, file) {
  const { text, packages, missing } = noticesText(metafile);
  writeFileSync(file, text);
  return { packages, missing };
}

/** The notices of a bundle's packages (THIRD-PARTY-NOTICES.txt), for the bundle in `folder`. */
export function noticesText(metafile, folder = 'dist/bundle/') {
  const packages = bundledPackages(metafile);
  const missing = packages.filter((p) => p.texts.length === 0).map((p) => p.name);
  const text = [
    `doclint bundles the code of the following packages into ${folder}. Their licences follow.`,
    '',
    ...packages.flatMap((p) => [
      '-'.repeat(72),
      `${p.name} ${p.versions.join(', ')} (${p.licence})`,
      '',
      ...(p.texts.length
        ? p.texts
        : [
            `The package ships no licence file; its package.json says ${p.licence}${p.author ? `, by ${p.author}` : ''}.`,
          ]),
      '',
    ]),
  ].join('\n');
  return { text, packages, missing };
}

function readMeta() {
  const file = path.join(repo, 'dist/bundle-meta.json');
  if (!existsSync(file)) {
    console.error('licenses: dist/bundle-meta.json is missing: run `npm run build` first');
    process.exit(2);
  }
  return JSON.parse(readFileSync(file, 'utf8'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = readmeTable(bundledPackages(readMeta()));
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) {
    console.error(`licenses: docs/dependencies.md has no ${START} … ${END} section`);
    process.exit(2);
  }
  const next = `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`;
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error(
        'licenses: the table of bundled packages in docs/dependencies.md is out of date: run `node scripts/licenses.mjs`',
      );
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(README, next);
    console.error('licenses: wrote the table of bundled packages in docs/dependencies.md');
  }
}
