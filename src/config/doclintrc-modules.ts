/** Loading the code a configuration names: plugins, remark plugins and modules, inside the configuration's boundary. */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { realpathSync } from 'node:fs';
import { readTextSafe, realRoot } from '../core/safe-read.js';
import { isInside } from '../core/paths.js';
import { UserError } from '../core/errors.js';
import { parseSeverity, type RuleSetting } from './settings.js';
import { withMessages, type Rule, type RuleMeta } from '../rule-kit/rule.js';
import type { RemarkPlugins } from './page-plan.js';

/** The first line of an error's message (a module loader's adds its require stack below). */
export function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}

/** Where a package or a relative path named in a configuration file leads (from that file's folder). */
export function resolveModule(specifier: string, from: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return path.resolve(path.dirname(from), specifier);
  try {
    return createRequire(from).resolve(specifier);
  } catch (error) {
    // An ES-module-only package exports no `require` condition: read its `import` entry.
    if ((error as NodeJS.ErrnoException).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    const entry = esmEntry(specifier, from);
    if (!entry) throw error;
    return entry;
  }
}

/** The `import` (or `default`) entry of an installed package's `exports`, looked up from a file's folder upwards. */
function esmEntry(name: string, from: string): string | undefined {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, 'node_modules', name);
    const read = readTextSafe(path.join(pkgDir, 'package.json'), { maxBytes: 1024 * 1024 });
    if (read.ok) {
      const exports = (JSON.parse(read.text) as { exports?: unknown }).exports;
      const root =
        typeof exports === 'object' && exports !== null && '.' in exports
          ? (exports as Record<string, unknown>)['.']
          : exports;
      const pick = (e: unknown): string | undefined =>
        typeof e === 'string'
          ? e
          : typeof e === 'object' && e !== null
            ? (pick((e as Record<string, unknown>).import) ?? pick((e as Record<string, unknown>).default))
            : undefined;
      const target = pick(root);
      return target ? path.join(pkgDir, target) : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Imports a module of the user's (a plugin, a remark plugin, a shared configuration). The bundle
 * runs from V8's code cache on Node 20 (bin/code-cache.cjs), where code read from the cache
 * cannot run import() itself: the loader lends its own (`__doclintImport`).
 */
export async function importModule(file: string): Promise<unknown> {
  const module = (await importNamespace(file)) as { default?: unknown };
  return module.default ?? module;
}

/** An ES module's namespace, imported from its absolute path (through the loader's import() when it lends one). */
export async function importNamespace(file: string): Promise<unknown> {
  const url = pathToFileURL(file).href;
  const lent = (globalThis as { __doclintImport?: (specifier: string) => Promise<unknown> }).__doclintImport;
  return lent ? lent(url) : import(url);
}

/** A plugin's rule under its prefixed id (`acme/no-todo`), checked for the shape every rule has. */
function pluginRule(prefix: string, name: string, value: unknown, where: string): Rule {
  const rule = value as Partial<Rule> | undefined;
  const meta = rule?.meta as Partial<RuleMeta> | undefined;
  if (!rule || typeof rule.check !== 'function' || !meta || typeof meta !== 'object') {
    throw new UserError(
      `plugin "${prefix}" (${where}): rule "${name}" is not a rule (an object with "meta" and a "check" function)`,
    );
  }
  if (meta.kind !== 'page' && meta.kind !== 'site' && meta.kind !== 'config') {
    throw new UserError(
      `plugin "${prefix}" (${where}): rule "${name}" has meta.kind ${JSON.stringify(meta.kind)}; use "page", "site" or "config"`,
    );
  }
  const severity = meta.severity ?? 'warning';
  if (severity !== 'error' && severity !== 'warning' && severity !== 'info') {
    throw new UserError(
      `plugin "${prefix}" (${where}): rule "${name}" has meta.severity ${JSON.stringify(meta.severity)}; use "error", "warning" or "info"`,
    );
  }
  const messages: unknown = meta.messages;
  if (
    messages !== undefined &&
    (!messages || typeof messages !== 'object' || Object.values(messages).some((m) => typeof m !== 'string'))
  ) {
    throw new UserError(
      `plugin "${prefix}" (${where}): rule "${name}" has a meta.messages that is not an object of strings (message ids to messages)`,
    );
  }
  const id = `${prefix}/${name}`;
  // A URL that defineRule derived from the rule's own id points at doclint's pages: not the plugin's.
  const docsUrl =
    typeof meta.docsUrl === 'string' && !meta.docsUrl.endsWith(`/docs/rules/${meta.id}.md`) ? meta.docsUrl : '';
  // Reports by `messageId` work also for a rule not made with defineRule (and one without meta.messages fails clearly).
  return withMessages(
    { ...rule, meta: { ...meta, id, severity, description: String(meta.description ?? ''), docsUrl } } as Rule,
    true,
  );
}

/** Loads the rules of a plugin module: `{ rules: { name: rule } }` (default or named export). */
export async function loadPlugin(
  prefix: string,
  specifier: string,
  from: string,
  boundary: string | undefined,
): Promise<{ rules: Rule[]; key: string }> {
  let file: string;
  let module: unknown;
  try {
    file = resolveModule(specifier, from);
  } catch (error) {
    throw new UserError(
      `plugin "${prefix}" cannot be loaded from "${specifier}" (named in ${from}): ${firstLine(error)}`,
    );
  }
  checkBoundary(file, `plugin "${prefix}" ("${specifier}")`, from, boundary);
  try {
    module = await importModule(file);
  } catch (error) {
    throw new UserError(
      `plugin "${prefix}" cannot be loaded from "${specifier}" (named in ${from}): ${firstLine(error)}`,
    );
  }
  const rules = (module as { rules?: unknown })?.rules;
  if (!rules || typeof rules !== 'object')
    throw new UserError(`plugin "${prefix}" ("${specifier}") exports no "rules" object`);
  return {
    rules: Object.entries(rules as Record<string, unknown>).map(([name, rule]) =>
      pluginRule(prefix, name, rule, specifier),
    ),
    key: `${prefix}=${file}`,
  };
}

/** The rule id of a remark plugin's message: `source/ruleId` as unified-lint-rule sets them (`remark-lint/maximum-line-length`). */
function remarkRuleId(pkg: string): (message: { source?: string | null; ruleId?: string | null }) => string {
  const fallback = pkg.startsWith('remark-lint-') ? `remark-lint/${pkg.slice('remark-lint-'.length)}` : pkg;
  return (message) => (message.source && message.ruleId ? `${message.source}/${message.ruleId}` : fallback);
}

/** Loads the remark plugins a configuration names, into one processor run on every page's tree. */
export async function loadRemark(
  entries: Array<[string, unknown, string]>,
  boundary: string | undefined,
): Promise<
  { remark: RemarkPlugins; metas: RuleMeta[]; settings: Record<string, RuleSetting>; key: string } | undefined
> {
  if (!entries.length) return undefined;
  const { unified } = await import('unified');
  const processor = unified();
  const metas: RuleMeta[] = [];
  const settings: Record<string, RuleSetting> = {};
  const mappers: Array<(m: { source?: string | null; ruleId?: string | null }) => string> = [];
  const keys: string[] = [];
  for (const [pkg, raw, from] of entries) {
    const [severityValue, options] = Array.isArray(raw) ? raw : [raw, undefined];
    const severity = parseSeverity(String(severityValue));
    if (!severity)
      throw new UserError(
        `remark plugin "${pkg}" in ${from}: the setting must be a severity or [severity, options] (got ${JSON.stringify(raw)})`,
      );
    let plugin: unknown;
    let file: string;
    try {
      file = resolveModule(pkg, from);
    } catch (error) {
      throw new UserError(`remark plugin "${pkg}" cannot be loaded (named in ${from}): ${firstLine(error)}`);
    }
    checkBoundary(file, `remark plugin "${pkg}"`, from, boundary);
    try {
      plugin = await importModule(file);
    } catch (error) {
      throw new UserError(`remark plugin "${pkg}" cannot be loaded (named in ${from}): ${firstLine(error)}`);
    }
    if (typeof plugin !== 'function') throw new UserError(`remark plugin "${pkg}" does not export a plugin function`);
    const ruleIdOf = remarkRuleId(pkg);
    const id = ruleIdOf({});
    mappers.push(ruleIdOf);
    keys.push(`${pkg}=${file}`);
    metas.push({
      id,
      kind: 'page',
      description: `remark plugin ${pkg}`,
      severity: 'warning',
      docsUrl: `https://www.npmjs.com/package/${pkg}`,
    });
    settings[id] = { severity, options };
    if (severity !== 'off') processor.use(plugin as never, options === undefined ? undefined : (options as never));
  }
  const known = new Set(metas.map((m) => m.id));
  return {
    remark: {
      processor: processor.freeze() as unknown as RemarkPlugins['processor'],
      ruleIdOf: (message) => {
        const id = message.source && message.ruleId ? `${message.source}/${message.ruleId}` : undefined;
        return id && known.has(id) ? id : mappers.length === 1 ? mappers[0]!(message) : (id ?? mappers[0]!({}));
      },
    },
    metas,
    settings,
    key: keys.join(','),
  };
}

/**
 * Refuses a file a configuration names (a shared configuration, a plugin) that is outside the
 * boundary once links are resolved. The message names the specifier and the configuration file,
 * never anything of the file it leads to.
 */
export function checkBoundary(target: string, what: string, from: string, boundary: string | undefined): void {
  if (boundary === undefined) return;
  let real: string;
  try {
    real = realpathSync.native(target);
  } catch {
    return; // a missing file is the loader's to report
  }
  if (!isInside(realRoot(boundary), real))
    throw new UserError(
      `${what} (named in ${from}) leads outside ${boundary}; a configuration extends and imports files inside its repository only`,
    );
}
