import path from 'node:path';
import type { Finding, Span } from '../core/diagnostic.js';
import { LineIndex } from '../core/text.js';
import { isObject } from '../core/json.js';
import { checkExtensions } from './extensions.js';
import { openapiSources, resolveSpecPath, specsMatchingName, type LoadedSpec, type SpecResult, type SpecSource } from './loader.js';
import { describeReference, parseEndpointReference, type EndpointReference } from './reference.js';
import type { NavEntry } from '../site/navigation.js';
import type { LintPass, SiteModel } from '../site/model.js';

export const UNRESOLVED = 'nav-endpoint-unresolved';
export const HIDDEN = 'nav-endpoint-hidden';
export const INVALID = 'nav-openapi-invalid';
export const EXTENSION = 'openapi-extension';
/** The problem kind of nav-openapi-invalid's note about a remote spec (an info-level note). */
export const REMOTE_SPEC = 'remote-spec';

export interface EndpointAnalysisOptions {
  /**
   * Also validate each spec in use against the OpenAPI 3.x schema with the OpenAPI library
   * (default false: the library compiles its schema on every call, 100-400 ms per spec).
   */
  schema?: boolean;
}

/**
 * Every finding about endpoint references and the specs they use (four rules report them, each
 * its own rule id). Specs are loaded once each, by the site model's loader.
 */
export function analyseEndpoints(site: SiteModel, pass: LintPass, options: EndpointAnalysisOptions = {}): Promise<Finding[]> {
  return run(site, pass, options);
}

function specFileFinding(file: string, text: string, range: { start: number; end: number }, ruleId: string, message: string): Finding {
  return { file, ...new LineIndex(text).range(range.start, range.end), ruleId, message };
}

function pageFinding(file: string, span: Span, ruleId: string, message: string): Finding {
  return { file, line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn, ruleId, message };
}

async function run(site: SiteModel, context: LintPass, options: EndpointAnalysisOptions): Promise<Finding[]> {
  const config = site.config;
  const specs = site.specs;
  const out: Finding[] = [];
  const nav = site.navigation;
  const rel = (file: string) => site.relative(file);
  const validateSchema = options.schema === true;

  const at = (pointer: string, ruleId: string, message: string, problem?: string) =>
    out.push({ ...site.place(pointer), ruleId, message, ...(problem ? { problem } : {}) });

  /** Loads a local source; reports why it failed (once per spec file) and returns undefined then. */
  const reportedSpecFiles = new Set<string>();
  const checkedSpecs = new Set<string>();
  const loadLocal = async (source: Extract<SpecSource, { kind: 'local' }>): Promise<SpecResult> => {
    const result = await specs.loader.load(source.file);
    if (result.ok && !checkedSpecs.has(result.file)) {
      checkedSpecs.add(result.file);
      for (const f of checkExtensions(result)) out.push(f);
    }
    return result;
  };

  /** Why a spec cannot be used, for the finding at the place that names it. */
  const describeFailure = async (source: SpecSource, result?: SpecResult): Promise<string | undefined> => {
    if (source.kind === 'unresolved') {
      const hint = source.suggestion ? `; did you mean \`${source.suggestion}\`?` : '';
      return `OpenAPI spec \`${source.written}\` not found: ${source.message}${hint}`;
    }
    if (source.kind !== 'local' || !result) return undefined;
    if (!result.ok) {
      const where = result.range && result.text ? ` (${rel(result.file)}:${new LineIndex(result.text).position(result.range.start).line})` : '';
      if (result.range && result.text && !reportedSpecFiles.has(result.file) && result.reason !== 'missing' && result.reason !== 'unreadable') {
        reportedSpecFiles.add(result.file);
        out.push(specFileFinding(result.file, result.text, result.range, INVALID, `this OpenAPI spec cannot be used: ${result.message}`));
      }
      const verb =
        result.reason === 'unparsable'
          ? 'cannot be parsed'
          : result.reason === 'missing'
            ? 'not found'
            : result.reason === 'unreadable'
              ? 'is unusable'
              : 'cannot be used';
      return `OpenAPI spec \`${source.written}\` ${verb}: ${result.message}${where}`;
    }
    if (!validateSchema) return undefined;
    const problems = await specs.loader.validateSchema(result);
    if (!problems.length) return undefined;
    if (!reportedSpecFiles.has(result.file)) {
      reportedSpecFiles.add(result.file);
      for (const p of problems.slice(0, 20)) {
        const range = p.range ?? { start: 0, end: 0 };
        out.push(
          specFileFinding(result.file, result.document.text, range, INVALID, `OpenAPI validation: ${p.message}${p.pointer ? ` (at ${p.pointer})` : ''}`),
        );
      }
    }
    const first = problems[0]!;
    const line = first.range ? ` at ${rel(result.file)}:${result.document.lines.position(first.range.start).line}` : '';
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    return `OpenAPI spec \`${source.written}\` does not pass OpenAPI validation: ${first.message}${line}${more}; the platform renders the endpoint pages of an invalid spec blank`;
  };

  const resolve = (written: string) => resolveSpecPath(site.root, written, specs.specFiles);

  // 1. Every `openapi` value of the navigation: ONE finding each when its spec cannot be used.
  interface SpecUse {
    sources: SpecSource[];
    loaded: LoadedSpec[];
    /** Some source failed or is remote: endpoint references using this value are not checked further. */
    unusable: boolean;
    remote: string[];
    pointer: string;
  }
  const uses = new Map<string, SpecUse>();
  const useOf = async (value: unknown, pointer: string): Promise<SpecUse> => {
    let use = uses.get(pointer);
    if (use) return use;
    use = { sources: [], loaded: [], unusable: false, remote: [], pointer };
    uses.set(pointer, use);
    const named = openapiSources(value, pointer);
    if (!named.length) {
      at(pointer, INVALID, `\`openapi\` must be a spec path or URL, a list of them, or an object with \`source\`; got ${JSON.stringify(value)}`);
      use.unusable = true;
    }
    for (const { written, pointer: p } of named) {
      const source = resolve(written);
      use.sources.push(source);
      if (source.kind === 'remote') {
        use.remote.push(source.url);
        continue;
      }
      const result = source.kind === 'local' ? await loadLocal(source) : undefined;
      const failure = await describeFailure(source, result);
      if (failure) {
        at(p, INVALID, failure);
        use.unusable = true;
      } else if (result?.ok) use.loaded.push(result);
    }
    return use;
  };
  // Steps 1 and 2 report in docs.json: a run that does not lint it does them only when a page's
  // front matter needs the navigation's specs.
  const remoteSkipped = new Map<string, number>();
  const apiOpenapi = isObject(config.value) && isObject(config.value.api) ? config.value.api.openapi : undefined;
  let navigationDone: Promise<void> | undefined;
  const navigationPart = () => (navigationDone ??= checkNavigation());
  async function checkNavigation(): Promise<void> {
    for (const o of nav.openapi) await useOf(o.value, o.pointer);

    // 2. Endpoint and webhook entries of the navigation.
    for (const entry of nav.entries) {
      if (entry.kind === 'page') continue;
      const ref = entry.reference!;
      let use: SpecUse;
      if (ref.spec !== undefined) {
        use = await useOf(ref.spec, entry.pointer);
      } else if (entry.openapi) {
        use = await useOf(entry.openapi.value, entry.openapi.pointer);
      } else {
        const what = describeReference(ref);
        if (apiOpenapi !== undefined) {
          at(
            entry.pointer,
            UNRESOLVED,
            `\`${entry.value}\` has no OpenAPI spec in scope: the platform does not use the top-level \`api.openapi\` for navigation entries, so it reports \`${what}\` as a missing page; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json ${what}")`,
          );
        } else {
          at(
            entry.pointer,
            UNRESOLVED,
            `\`${entry.value}\` is an endpoint reference but no OpenAPI spec is in scope; add "openapi" to the enclosing group or tab, or name the spec first ("spec.json ${what}")`,
          );
        }
        continue;
      }
      if (use.remote.length && !use.loaded.length) {
        remoteSkipped.set(use.pointer, (remoteSkipped.get(use.pointer) ?? 0) + 1);
        continue;
      }
      if (use.unusable || !use.loaded.length) continue;
      checkEntry(entry, ref, use.loaded, use.remote.length > 0);
    }
  }
  // 3. The top-level `api.openapi`: its specs must exist (front matter resolves against them).
  let apiDone: Promise<SpecUse | undefined> | undefined;
  const apiPart = () => (apiDone ??= apiOpenapi !== undefined ? useOf(apiOpenapi, '/api/openapi') : Promise.resolve(undefined));

  const configInScope = [...config.files.keys()].some((f) => context.inScope(f));
  if (configInScope) {
    await navigationPart();
    await apiPart();
  }

  function checkEntry(entry: NavEntry, ref: EndpointReference, loaded: LoadedSpec[], partlyRemote: boolean) {
    const what = describeReference(ref);
    const names = loaded.map((s) => `\`${rel(s.file)}\``).join(', ');
    for (const spec of loaded) {
      const op = ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path);
      if (!op) continue;
      if (op.excluded) {
        at(
          entry.pointer,
          HIDDEN,
          `\`${what}\` is marked \`x-excluded: true\` in \`${rel(spec.file)}\`: the platform generates no page for it; remove the entry or the \`x-excluded\``,
        );
      } else if (op.hidden) {
        at(
          entry.pointer,
          HIDDEN,
          `\`${what}\` is marked \`x-hidden: true\` in \`${rel(spec.file)}\`: the platform keeps hidden operations out of the navigation; remove the entry or the \`x-hidden\``,
        );
      }
      return;
    }
    if (partlyRemote) return; // it may be in the remote spec
    at(entry.pointer, UNRESOLVED, unresolvedMessage(`\`${entry.value}\``, ref, loaded, names));
  }

  function unresolvedMessage(subject: string, ref: EndpointReference, loaded: LoadedSpec[], names: string): string {
    const what = describeReference(ref);
    for (const spec of loaded) {
      const unreadable = spec.index.unreadableItem(ref.kind, ref.path);
      if (unreadable) return `${subject}: \`${ref.path}\` cannot be read in \`${rel(spec.file)}\`: ${unreadable.reason}`;
    }
    let suggestion: string | undefined;
    if (ref.kind === 'webhook') {
      for (const spec of loaded) suggestion ??= spec.index.suggestWebhook(ref.path);
      const noWebhooks = loaded.every((s) => !s.index.webhooks.length);
      const hint = suggestion ? `; did you mean \`webhook ${suggestion}\`?` : noWebhooks ? ' (it has no `webhooks`; they need OpenAPI 3.1)' : '';
      return `${subject}: no webhook \`${ref.path}\` in ${names}${hint}`;
    }
    for (const spec of loaded) suggestion ??= spec.index.suggest(ref.method!, ref.path);
    return `${subject}: no operation \`${what}\` in ${names}${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`;
  }

  // 4. Front matter `openapi:` of pages.
  let frontMatterRemote = 0;
  // Only pages in scope: the findings are in the page, and reading the others would parse them all.
  const pages = [...site.pages.values()].filter((p) => !p.isSnippet && context.inScope(p.file));
  const factsList = await Promise.all(pages.map((p) => context.facts(p.file).then((f) => [p, f] as const)));
  for (const [page, facts] of factsList) {
    const fm = facts?.openapi;
    if (!fm || typeof fm.value !== 'string') continue;
    const ref = parseEndpointReference(fm.value);
    if (!ref) {
      out.push(
        pageFinding(
          page.file,
          fm,
          UNRESOLVED,
          `front matter \`openapi: ${fm.value}\` is not an endpoint reference; write "METHOD /path", "spec.json METHOD /path" or "spec.json webhook name"`,
        ),
      );
      continue;
    }
    const apiUse = await apiPart();
    let candidates: LoadedSpec[] = [];
    let remote = false;
    let label: string;
    if (ref.spec !== undefined && resolve(ref.spec).kind === 'unresolved' && specsMatchingName(ref.spec, specs.specFiles).length > 0) {
      // A partial name the platform resolves by matching: the specs whose path contains it, those
      // with the operation first (the platform picks the first spec that has it).
      const matching = specsMatchingName(ref.spec, specs.specFiles);
      const loaded: LoadedSpec[] = [];
      for (const relPath of matching) {
        const result = await loadLocal({ kind: 'local', written: ref.spec, file: path.join(site.root, relPath), relative: relPath });
        if (result.ok) loaded.push(result);
      }
      const having = loaded.filter((spec) => (ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path)));
      if (having.length > 1) {
        out.push({
          ...pageFinding(
            page.file,
            fm,
            INVALID,
            `OpenAPI spec \`${ref.spec}\` is no file but part of the path of ${having.length} specs that have this operation (${having
              .slice(0, 3)
              .map((spec) => `\`${rel(spec.file)}\``)
              .join(', ')}${having.length > 3 ? ', …' : ''}): the platform takes the first it finds; write the path of the one you mean`,
          ),
          problem: 'ambiguous',
        });
      }
      candidates = having.length ? having : loaded;
      label = `\`${ref.spec}\` (${matching.map((m) => `\`${m}\``).join(', ')})`;
    } else if (ref.spec !== undefined) {
      const source = resolve(ref.spec);
      if (source.kind === 'remote') {
        frontMatterRemote++;
        continue;
      }
      const result = source.kind === 'local' ? await loadLocal(source) : undefined;
      const failure = await describeFailure(source, result);
      if (failure) {
        out.push(pageFinding(page.file, fm, INVALID, failure));
        continue;
      }
      if (result?.ok) candidates = [result];
      label = `\`${ref.spec}\``;
    } else {
      // As the platform: api.openapi, then the navigation's specs, then every spec in the site.
      const seen = new Set<string>();
      const add = (s: LoadedSpec) => {
        if (!seen.has(s.file)) {
          seen.add(s.file);
          candidates.push(s);
        }
      };
      if (apiUse) {
        apiUse.loaded.forEach(add);
        remote ||= apiUse.remote.length > 0;
      }
      await navigationPart();
      for (const use of uses.values()) use.loaded.forEach(add);
      for (const relPath of await specs.discovered()) {
        const result = await specs.loader.load(path.join(site.root, relPath));
        if (result.ok) add(result);
      }
      label = candidates.length ? candidates.map((s) => `\`${rel(s.file)}\``).join(', ') : 'the site';
    }
    const found = candidates.some((spec) => (ref.kind === 'webhook' ? spec.index.findWebhook(ref.path) : spec.index.find(ref.method!, ref.path)));
    if (found) continue;
    if (remote || (!candidates.length && apiUse?.remote.length)) {
      frontMatterRemote++;
      continue;
    }
    if (!candidates.length) {
      out.push(
        pageFinding(
          page.file,
          fm,
          UNRESOLVED,
          `front matter \`openapi: ${fm.value}\` names an operation but the site has no OpenAPI spec; add one and set "api.openapi" or name it first ("spec.json ${describeReference(ref)}")`,
        ),
      );
      continue;
    }
    out.push(pageFinding(page.file, fm, UNRESOLVED, unresolvedMessage(`front matter \`openapi: ${fm.value}\``, ref, candidates, label)));
  }

  // 5. ONE info note per remote spec value whose references could not be checked.
  for (const use of uses.values()) {
    if (!use.remote.length) continue;
    const skipped = remoteSkipped.get(use.pointer) ?? 0;
    const fm = use.pointer === '/api/openapi' ? frontMatterRemote : 0;
    const generates = nav.openapi.some((o) => o.pointer === use.pointer && o.generatesAll);
    if (!skipped && !fm && !generates) continue;
    const counted = [
      skipped ? `${skipped} navigation endpoint reference${skipped === 1 ? '' : 's'}` : '',
      fm ? `${fm} front-matter reference${fm === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const what = counted ? `${counted} using it ${skipped + fm === 1 ? 'is' : 'are'} not checked` : 'its endpoints are not checked';
    at(
      use.pointer,
      INVALID,
      `the OpenAPI spec ${use.remote.map((u) => `\`${u}\``).join(', ')} is remote: doclint never fetches URLs, so ${what}; commit the spec to the repository to have them checked`,
      REMOTE_SPEC,
    );
  }
  return out;
}
