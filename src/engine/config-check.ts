import { append, compareDiagnostics, type Finding } from '../core/diagnostic.js';
import type { ConfigRule, Report } from '../rule-kit/rule.js';
import { validateConfig, type ConfigValidation } from '../schema/validate.js';
import type { DocsJson } from '../site/docs-json.js';
import { SiteModel } from '../model/site-model.js';
import { builtinRegistry } from '../config/registry.js';
import { placeReport } from './rule-runner.js';

/** A finding of the schema validation with the JSON pointer of the value (or key) it is about. */
export type PointedFinding = Finding & { pointer: string };

/** What the docs.json rules that read docs.json alone find in a loaded docs.json (see `checkConfig`). */
export interface ConfigCheck {
  /**
   * The loader's syntax and `$ref` problems, reported by the docs.json rules that run whether or
   * not docs.json parses (`meta.independentOfConfig`); in the order found.
   */
  syntax: Finding[];
  /**
   * The schema validation, reported by the rules that declare `meta.readsConfigValidation`, each
   * finding with its pointer; sorted by position, exact duplicates dropped.
   */
  validation: PointedFinding[];
}

/** A site model of docs.json alone, whose schema validation is the one given. */
class ConfigOnlyModel extends SiteModel {
  constructor(
    doc: DocsJson,
    private readonly validation: ConfigValidation,
  ) {
    super(
      {
        root: doc.siteRoot,
        config: doc,
        pages: new Map(),
        routes: new Map(),
        files: new Set(),
        ignores: { ignores: () => false },
      },
      { read: () => ({ ok: false, code: 'ENOENT', message: 'only docs.json is read' }) },
    );
  }

  override configValidation(): Promise<ConfigValidation> {
    return Promise.resolve(this.validation);
  }
}

/**
 * The built-in docs.json rules that read nothing but docs.json, run on a loaded docs.json without
 * a site: the findings a lint run gets from them, before severities (the tests, the fuzzer and the
 * differential comparison with the platform's validator use it). `validate` replaces the schema
 * validation (tests compare precompiled and run-time validators).
 */
export async function checkConfig(
  doc: DocsJson,
  validate: (doc: DocsJson) => ConfigValidation = validateConfig,
): Promise<ConfigCheck> {
  const validation = validate(doc);
  const site = new ConfigOnlyModel(doc, validation);
  /** The pointer of each place the validation gives (rules report those places as they are). */
  const pointers = new Map<object, string>();
  for (const item of [...validation.errors, ...validation.unknownKeys, ...validation.placeholders])
    pointers.set(item.place, item.pointer);
  const run = async (rule: ConfigRule): Promise<Array<Finding & { pointer?: string }>> => {
    const out: Array<Finding & { pointer?: string }> = [];
    const report = (r: Report) => {
      const pointer = r.at ? pointers.get(r.at) : undefined;
      const finding = placeReport(site, rule.meta.id, r, doc.rootFile);
      out.push(pointer === undefined ? finding : { ...finding, pointer });
    };
    await rule.check({ ruleId: rule.meta.id, options: undefined, report, config: doc, site });
    return out;
  };
  const rules = builtinRegistry().rules('config') as ConfigRule[];
  const syntax: Finding[] = [];
  for (const rule of rules.filter((r) => r.meta.independentOfConfig)) append(syntax, await run(rule));
  const found: PointedFinding[] = [];
  if (doc.value !== undefined) {
    for (const rule of rules.filter((r) => r.meta.readsConfigValidation))
      append(found, (await run(rule)) as PointedFinding[]);
  }
  found.sort(compareDiagnostics);
  return { syntax, validation: found.filter((d, i) => i === 0 || compareDiagnostics(d, found[i - 1]!) !== 0) };
}
