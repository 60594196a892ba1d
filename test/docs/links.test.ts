import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';

/*
 * The README is the map and docs/ holds the reference: every relative link in them, and in the
 * rule pages, reaches a file of the repository, and every `#anchor` a heading of its page (as
 * GitHub makes heading ids). Links inside code (fenced blocks, `inline code`) are text.
 */

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

/** The lines outside fenced code blocks, with their inline code removed. */
function prose(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence === undefined) fence = open[1]!;
      else if (line.trim().startsWith(fence)) fence = undefined;
      out.push('');
      continue;
    }
    out.push(fence === undefined ? line.replace(/(`+)[^`]*?\1/g, '') : '');
  }
  return out;
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  const text = readFileSync(file, 'utf8');
  let fence: string | undefined;
  for (const line of text.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence === undefined) fence = open[1]!;
      else if (line.trim().startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6} (.*)$/.exec(line) : null;
    if (!heading) continue;
    const base = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const match of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) ids.add(match[1]!);
  return ids;
}

const FILES = [path.join(REPO, 'README.md'), ...markdownFiles(path.join(REPO, 'docs'))];

describe('the README and docs/ link to what exists', () => {
  test.each(FILES.map((file) => [path.relative(REPO, file), file]))('%s', (_name, file) => {
    const broken: string[] = [];
    prose(readFileSync(file, 'utf8')).forEach((line, i) => {
      for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) continue;
        const [where, anchor] = target.split('#') as [string, string | undefined];
        const resolved = where === '' ? file : path.resolve(path.dirname(file), decodeURI(where));
        if (!resolved.startsWith(REPO + path.sep) || !existsSync(resolved)) {
          broken.push(`${i + 1}: ${target} (no such file)`);
          continue;
        }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(decodeURIComponent(anchor)))
          broken.push(`${i + 1}: ${target} (no such heading)`);
      }
    });
    expect(broken).toEqual([]);
  });

  test('the README is the map: its first screen installs, lints, adopts and gates, and it stays short', () => {
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const headings = readme.split('\n').filter((line) => line.startsWith('## '));
    expect(headings.slice(0, 4)).toEqual([
      '## Install',
      '## Lint',
      '## Adopt it on a site with old findings',
      '## Gate commits and pull requests',
    ]);
    expect(readme.split('\n').length).toBeLessThan(200);
  });
});
