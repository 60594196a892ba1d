import { createHash } from 'node:crypto';
import { relativePath } from './support.js';
import type { Reporter } from './types.js';

const SEVERITY = { error: 'major', warning: 'minor', info: 'info' } as const;

/**
 * GitLab's Code Quality report (a subset of the Code Climate format): a JSON array of
 * `{description, check_name, fingerprint, severity, location: {path, lines: {begin}}}`, paths
 * relative to the working folder (the repository root in a CI job).
 *
 * The fingerprint identifies a finding across commits, so that GitLab can tell new findings from
 * fixed ones: it hashes the rule, the file and the message but not the line (unrelated edits
 * above a finding move it), plus the finding's rank among identical ones in the file.
 */
export const gitlab: Reporter = (input) => {
  const seen = new Map<string, number>();
  const issues = input.diagnostics.map((d) => {
    const file = relativePath(input.cwd, d.file);
    const key = JSON.stringify([d.ruleId, file, d.message]);
    const rank = seen.get(key) ?? 0;
    seen.set(key, rank + 1);
    return {
      description: d.message,
      check_name: d.ruleId,
      fingerprint: createHash('sha256').update(`${key}#${rank}`).digest('hex').slice(0, 32),
      severity: SEVERITY[d.severity],
      location: { path: file, lines: { begin: d.line, end: Math.max(d.endLine, d.line) } },
    };
  });
  return JSON.stringify(issues, null, 2) + '\n';
};
