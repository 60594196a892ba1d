import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { packageVersion as version } from '../core/package.js';
import { isStrictlyInside } from '../core/paths.js';
import { rulesOf } from './support.js';
import type { Reporter } from './types.js';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/doclint/doclint';
const SRCROOT = '%SRCROOT%';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

/** A relative URI reference for a path relative to the base, each segment percent-encoded. */
function relativeUri(cwd: string, file: string): string {
  return path.relative(cwd, file).split(path.sep).map(encodeURIComponent).join('/');
}

/** Where the file is: relative to %SRCROOT% (the working folder) when inside it, else absolute. */
function artifactLocation(cwd: string, file: string): { uri: string; uriBaseId?: string } {
  return isStrictlyInside(cwd, file)
    ? { uri: relativeUri(cwd, file), uriBaseId: SRCROOT }
    : { uri: pathToFileURL(file).href };
}

function region(d: Pick<Diagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): Record<string, number> | undefined {
  if (!(d.line >= 1 && d.column >= 1)) return undefined;
  const r: Record<string, number> = { startLine: d.line, startColumn: d.column };
  // SARIF's end column, like doclint's, points just past the region.
  if (d.endLine >= d.line) {
    r.endLine = d.endLine;
    if (d.endColumn >= 1 && (d.endLine > d.line || d.endColumn >= d.column)) r.endColumn = d.endColumn;
  }
  return r;
}

/**
 * SARIF 2.1.0, one run: the tool with every rule (id, description, documentation link, default
 * level), one result per finding with its region, and the fix when the finding carries one.
 * Paths are relative to %SRCROOT% (the working folder), which is what code-scanning uploads
 * expect; columns count UTF-16 code units.
 */
export const sarif: Reporter = (input) => {
  const rules = rulesOf(input);
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const results = input.diagnostics.map((d) => {
    const location = artifactLocation(input.cwd, d.file);
    const where = region(d);
    const ruleIndex = index.get(d.ruleId);
    return {
      ruleId: d.ruleId,
      ...(ruleIndex === undefined ? {} : { ruleIndex }),
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation: location, ...(where ? { region: where } : {}) } }],
      ...(d.related?.length
        ? {
            relatedLocations: d.related.map((r, id) => {
              const at = region(r);
              return {
                id,
                message: { text: r.message },
                physicalLocation: {
                  artifactLocation: artifactLocation(input.cwd, r.file),
                  ...(at ? { region: at } : {}),
                },
              };
            }),
          }
        : {}),
      ...(d.fix
        ? {
            fixes: [
              {
                artifactChanges: [
                  {
                    artifactLocation: location,
                    replacements: [
                      {
                        deletedRegion: {
                          charOffset: d.fix.range[0],
                          charLength: Math.max(0, d.fix.range[1] - d.fix.range[0]),
                        },
                        insertedContent: { text: d.fix.text },
                      },
                    ],
                  },
                ],
              },
            ],
          }
        : {}),
    };
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'doclint',
            version: version(),
            informationUri: INFORMATION_URI,
            rules: rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              helpUri: rule.docsUrl,
              help: {
                text: `${rule.description}\n\nDocumentation: ${rule.docsUrl}`,
                markdown: `${rule.description}\n\n[Documentation](${rule.docsUrl})`,
              },
              defaultConfiguration: { level: LEVEL[rule.severity] },
              properties: { tags: [rule.kind], fixable: rule.fixable },
            })),
          },
        },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(input.cwd).href.replace(/\/?$/, '/') } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};
