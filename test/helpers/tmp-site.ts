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

/** The minimal docs.json of a test site: the one the RuleTester gives a site case that gives none. */
export { DEFAULT_DOCS_JSON as MINIMAL_CONFIG } from '../../src/api/rule-tester.js';

export const MINIMAL_PAGE =
  '---\ntitle: Welcome to the test site\ndescription: What this site is for and where to start.\n---\n\n## Start here\n\nSome text.\n';
