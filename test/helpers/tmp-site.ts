import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes a throwaway site (file path -> content) into a fresh temp folder; returns its root. */
export function tmpSite(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-test-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}

export const MINIMAL_CONFIG = JSON.stringify(
  {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Test',
    colors: { primary: '#0A7A5E' },
    navigation: { groups: [{ group: 'Start', pages: ['index'] }] },
  },
  null,
  2,
);

export const MINIMAL_PAGE =
  '---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\n---\n\n## Start here\n\nSome text.\n';
