import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostic.js';
import { ruleUrl, type RuleMeta } from '../../src/rule-kit/rule.js';

const defineMeta = (meta: Omit<RuleMeta, 'docsUrl'>): RuleMeta => ({ ...meta, docsUrl: ruleUrl(meta.id) });
import type { ReportInput } from '../../src/report/types.js';

/** A working folder that need not exist: reporters only compute paths against it. */
export const CWD = '/site';

/** A small rule table, so that expected outputs do not change when rules are added. */
export const RULES: RuleMeta[] = [
  defineMeta({
    id: 'config-json',
    kind: 'config',
    description: 'docs.json is well-formed JSON.',
    severity: 'error',
    fixable: false,
  }),
  defineMeta({
    id: 'config-unknown-key',
    kind: 'config',
    description: 'Keys the platform knows.',
    severity: 'warning',
    fixable: true,
  }),
  defineMeta({
    id: 'page-link-text',
    kind: 'page',
    description: 'Link text is descriptive.',
    severity: 'warning',
    fixable: false,
  }),
  defineMeta({
    id: 'nav-openapi-invalid',
    kind: 'site',
    description: 'OpenAPI files parse.',
    severity: 'error',
    fixable: false,
  }),
];

export function diag(fields: Partial<Diagnostic> & Pick<Diagnostic, 'file' | 'ruleId'>): Diagnostic {
  return {
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
    severity: 'error',
    message: 'something is wrong',
    url: ruleUrl(fields.ruleId),
    ...fields,
  };
}

export function input(diagnostics: Diagnostic[], extra: Partial<ReportInput> = {}): ReportInput {
  return {
    diagnostics,
    files: [...new Set(diagnostics.map((d) => d.file))],
    cwd: CWD,
    color: false,
    rules: RULES,
    ...extra,
  };
}

/** Three findings in two files, and one clean file: the common case of every format. */
export function sample(): ReportInput {
  return input(
    [
      diag({
        file: '/site/docs.json',
        ruleId: 'config-json',
        line: 3,
        column: 5,
        endLine: 3,
        endColumn: 6,
        message: 'trailing comma before "}"; remove the comma',
      }),
      diag({
        file: '/site/docs.json',
        ruleId: 'config-unknown-key',
        severity: 'warning',
        line: 7,
        column: 3,
        endLine: 7,
        endColumn: 10,
        message: 'unknown key "colour"; did you mean "colors"?',
      }),
      diag({
        file: '/site/docs.json',
        ruleId: 'nav-openapi-invalid',
        severity: 'info',
        line: 9,
        column: 16,
        endLine: 9,
        endColumn: 40,
        message: 'remote OpenAPI file is not fetched',
      }),
      diag({
        file: '/site/guides/intro.mdx',
        ruleId: 'page-link-text',
        severity: 'warning',
        line: 12,
        column: 1,
        endLine: 12,
        endColumn: 15,
        message: 'link text "here" is not descriptive',
      }),
    ],
    { files: ['/site/docs.json', '/site/guides/intro.mdx', '/site/index.mdx'] },
  );
}

/** Writes files into a fresh temp folder; returns its root. */
export function tmpFiles(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-report-'));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return root;
}
