// Differential testing of doclint's docs.json checks against the platform's own validator
// (`validateDocsConfig` of the platform's published validation package). Both get the same
// documents; the verdicts must agree: the platform rejects ⇒ doclint reports an error; the
// platform accepts ⇒ doclint reports no error (warnings are fine). Disagreements that are
// deliberate are listed in EXPLAINED, each with the section of docs/platform-differences.md
// that explains it; any other disagreement is a bug in doclint's schema.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const PLATFORM_PACKAGE = '@mintlify/validation';
export const PLATFORM_VERSION = '0.1.876';

/**
 * The platform's validator, or the reason it cannot be used (package not installed).
 * `validate(value)` → { ok, issues: [{ path, code, message }], data }.
 */
export async function loadPlatform() {
  let mod;
  try {
    mod = await import(PLATFORM_PACKAGE);
  } catch (error) {
    return {
      reason: `${PLATFORM_PACKAGE} cannot be imported (${String(error?.message ?? error).split('\n')[0]}); install the dev dependencies`,
    };
  }
  const fn = mod.validateDocsConfig;
  if (typeof fn !== 'function') return { reason: `${PLATFORM_PACKAGE} has no validateDocsConfig export` };
  let version = 'unknown';
  try {
    version = createRequire(import.meta.url)(`${PLATFORM_PACKAGE}/package.json`).version;
  } catch {
    // Not needed to validate.
  }
  return {
    version,
    validate(value) {
      let result;
      try {
        result = fn(value);
      } catch (error) {
        // A validator that throws (a stack overflow on deep nesting) has not accepted the document.
        return {
          ok: false,
          crashed: true,
          issues: [{ path: [], code: 'crash', message: String(error?.message ?? error) }],
          data: undefined,
        };
      }
      if (result.success) return { ok: true, issues: [], data: result.data };
      return { ok: false, issues: flattenIssues(result.error.issues), data: undefined };
    },
  };
}

/**
 * zod reports a failed union as one issue with the errors of every branch. Keep the branch that
 * got furthest (the deepest path, then the fewest issues): the one the writer meant.
 */
function flattenIssues(issues) {
  const out = [];
  for (const issue of issues) {
    if (issue.code === 'invalid_union' && Array.isArray(issue.unionErrors) && issue.unionErrors.length > 0) {
      let best;
      let bestScore;
      for (const branch of issue.unionErrors) {
        const flat = flattenIssues(branch.issues);
        const depth = Math.max(...flat.map((i) => i.path.length));
        // A branch that failed only because its own key is missing is not the one meant.
        const missing = flat.filter((i) => i.code === 'invalid_type' && i.received === 'undefined').length;
        const score = [depth - missing * 0.5, -flat.length];
        if (!best || score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) {
          best = flat;
          bestScore = score;
        }
      }
      out.push(...best);
    } else {
      out.push({ path: issue.path, code: issue.code, message: issue.message, received: issue.received });
    }
  }
  return out;
}

/**
 * doclint's verdict on a docs.json text: the loader (parse errors, `config-json`) and the schema
 * checks. `deps` are doclint's own `loadDocsJson`, `checkConfig` (the docs.json rules on a loaded
 * docs.json) and the default severity of a rule (from the sources in the tests, from `dist/` in
 * the script).
 */
export function createDoclint({ loadDocsJson, checkConfig, severityOf }) {
  const root = path.resolve('/virtual-site');
  const file = path.join(root, 'docs.json');
  return async (text) => {
    const doc = await loadDocsJson(file, root, async (f) => {
      if (f === file) return text;
      throw new Error(`no file ${f}`);
    });
    const { syntax, validation } = await checkConfig(doc);
    const found = [...syntax.map((d) => ({ ...d, pointer: undefined })), ...validation];
    for (const d of found) d.severity = severityOf(d.ruleId);
    const errors = found
      .filter((d) => d.severity === 'error')
      .map((d) => ({ ruleId: d.ruleId, pointer: d.pointer, message: d.message }));
    const warnings = found
      .filter((d) => d.severity === 'warning')
      .map((d) => ({ ruleId: d.ruleId, pointer: d.pointer, message: d.message }));
    return { ok: errors.length === 0, errors, warnings };
  };
}

// ---------------------------------------------------------------------------------------------
// Classification

/** The parts of a JSON pointer. */
function segments(pointer) {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * True when the platform's parsed value does not hold what `pointer` names: the platform
 * accepted the document but dropped that part (an unknown key, an invalid entry of nested
 * navigation it falls back from, an invalid `openapi` of a group it ignores).
 */
export function droppedByPlatform(data, pointer) {
  let v = data;
  for (const s of segments(pointer)) {
    if (v === undefined || v === null || typeof v !== 'object') return true;
    if (Array.isArray(v)) {
      const i = Number(s);
      if (!Number.isInteger(i) || i >= v.length) return true;
      v = v[i];
    } else {
      if (!Object.hasOwn(v, s)) return true;
      v = v[s];
    }
  }
  return v === undefined;
}

const DIVISIONS = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages', 'menu'];

/**
 * Why the platform dropped what `pointer` names: the first key on the way that its parsed value
 * lacks, and what kind of drop that is.
 */
export function dropCause(data, pointer) {
  const parts = segments(pointer);
  let v = data;
  for (let i = 0; i < parts.length; i++) {
    const s = parts[i];
    const has =
      v !== null &&
      typeof v === 'object' &&
      (Array.isArray(v) ? Number(s) < v.length : Object.hasOwn(v, s) && v[s] !== undefined);
    if (!has) {
      const where = pattern(parts.slice(0, i + 1));
      const parentIsEntry = i >= 2 && /^\d+$/.test(parts[i - 1]) && DIVISIONS.includes(parts[i - 2]);
      if (i === 1 && parts[0] === 'navigation' && DIVISIONS.includes(s))
        return { kind: 'navigation key the platform does not use (it took another one)', where };
      if (parentIsEntry && (DIVISIONS.includes(s) || s === 'global'))
        return { kind: 'content of a nested navigation entry', where };
      if (parentIsEntry && s === 'href') return { kind: 'href of a navigation entry', where };
      if (
        parentIsEntry &&
        (s === 'openapi' || s === 'asyncapi') &&
        (parts[i - 2] === 'groups' || parts[i - 2] === 'pages')
      )
        return { kind: 'openapi or asyncapi of a group', where };
      if (parentIsEntry && (s === 'openapi' || s === 'asyncapi'))
        return { kind: 'openapi or asyncapi of a navigation entry', where };
      return { kind: `other: ${where}`, where };
    }
    v = Array.isArray(v) ? v[Number(s)] : v[s];
  }
  return { kind: 'not dropped', where: pattern(parts) };
}

/** `navigation.tabs[0].groups[2]` → `navigation.tabs[].groups[]`. */
export function pattern(parts) {
  let out = '';
  for (const p of parts) {
    if (typeof p === 'number' || /^\d+$/.test(String(p))) out += '[]';
    else out += (out ? '.' : '') + String(p);
  }
  return out || '(root)';
}

/**
 * A path pattern for grouping: inside the navigation, where the same mistake shows up at many
 * depths, only the last two keys (`…groups[].openapi[]`).
 */
export function groupPattern(parts) {
  const full = pattern(parts);
  if (String(parts[0]) !== 'navigation') return full;
  const named = [];
  for (let i = parts.length - 1; i >= 0 && named.length < 2; i--) if (!/^\d+$/.test(String(parts[i]))) named.unshift(i);
  if (named.length < 2 || named[0] <= 1) return full;
  return `navigation.…${pattern(parts.slice(named[0]))}`;
}

/** A message without the values it quotes, so that equal causes group together. */
function normalizeMessage(message) {
  return message
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\(got [^)]*\)/g, '(got …)')
    .replace(/\b\d+\b/g, 'N')
    .replace(/^[^ ]+ /, '');
}

/**
 * Disagreements doclint makes on purpose, each explained in docs/platform-differences.md (the
 * `section` is the heading there). `match(record)` sees the document's record and decides.
 */
export const EXPLAINED = [
  {
    id: 'dropped-by-platform',
    section: 'Values the platform drops instead of rejecting',
    description: 'the platform accepts the document but silently drops every value doclint reports an error on',
    match: (r) =>
      r.platform.ok &&
      r.doclint.errors.length > 0 &&
      r.doclint.errors.every((e) => e.pointer !== undefined && droppedByPlatform(r.platform.data, e.pointer)),
  },
  {
    id: 'nesting-limit',
    section: 'Nesting deeper than 512 levels',
    description: 'doclint refuses JSON nested more than 512 levels deep (config-json); the platform parses it',
    match: (r) =>
      r.platform.ok &&
      r.doclint.errors.length > 0 &&
      r.doclint.errors.every((e) => e.ruleId === 'config-json' && /nested more than \d+ levels/.test(e.message)),
  },
];

/**
 * Compares the two verdicts on one document. The record: { id, kind, mutations, platform,
 * doclint, agree, side, key, explained } where `side` is `platform-only` (the platform rejects,
 * doclint does not) or `doclint-only`, and `key` groups disagreements of one cause.
 */
export function compare(doc, platformResult, doclintResult) {
  const record = {
    id: doc.id,
    kind: doc.kind,
    mutations: doc.mutations,
    platform: platformResult,
    doclint: doclintResult,
  };
  record.agree = platformResult.ok === doclintResult.ok;
  if (record.agree) return record;
  if (!platformResult.ok) {
    record.side = 'platform-only';
    const first = platformResult.issues[0] ?? { path: [], message: '?' };
    record.key = `${groupPattern(first.path)}: ${normalizeMessage(`x ${first.message}`)}`;
    record.details = platformResult.issues.map((i) => `${pattern(i.path)}: ${i.message}`);
  } else {
    record.side = 'doclint-only';
    const first = doclintResult.errors[0];
    record.key = `${first.ruleId} ${groupPattern(segments(first.pointer ?? ''))}: ${normalizeMessage(first.message)}`;
    record.details = doclintResult.errors.map((e) => `${e.ruleId} ${e.pointer ?? ''}: ${e.message}`);
  }
  const explained = EXPLAINED.find((c) => c.match(record));
  record.explained = explained?.id;
  if (explained?.id === 'dropped-by-platform') {
    record.explainedDetail = [
      ...new Set(doclintResult.errors.map((e) => dropCause(platformResult.data, e.pointer).kind)),
    ]
      .sort()
      .join(' + ');
  }
  return record;
}

/** Agreement rate and the disagreements grouped by cause (explained ones by their id). */
export function summarize(records) {
  const total = records.length;
  const agree = records.filter((r) => r.agree).length;
  const groups = new Map();
  for (const r of records) {
    if (r.agree) continue;
    const key = r.explained
      ? `explained: ${r.explained}${r.explainedDetail ? ` (${r.explainedDetail})` : ''}`
      : `${r.side}: ${r.key}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, side: r.side, explained: r.explained, count: 0, examples: [] }));
    g.count++;
    if (g.examples.length < 3) g.examples.push({ id: r.id, mutations: r.mutations, details: r.details.slice(0, 4) });
  }
  const byCause = [...groups.values()].sort((a, b) => b.count - a.count);
  const unexplained = records.filter((r) => !r.agree && !r.explained);
  const byKind = {};
  for (const r of records) {
    const k = (byKind[r.kind] ??= { total: 0, agree: 0, platformRejects: 0 });
    k.total++;
    if (r.agree) k.agree++;
    if (!r.platform.ok) k.platformRejects++;
  }
  // What the platform rejected documents for (its first issue), to see how much of its schema the documents reach.
  const rejections = new Map();
  for (const r of records) {
    if (r.platform.ok) continue;
    const first = r.platform.issues[0] ?? { path: [], message: '?' };
    const key = `${groupPattern(first.path)}: ${normalizeMessage(`x ${first.message}`)}`;
    rejections.set(key, (rejections.get(key) ?? 0) + 1);
  }
  const rejectionCauses = [...rejections.entries()].sort((a, b) => b[1] - a[1]).map(([key, count]) => ({ key, count }));
  return {
    total,
    agree,
    rate: total === 0 ? 1 : agree / total,
    strictAgree: records.filter((r) => r.agree || r.explained).length,
    byCause,
    unexplained,
    byKind,
    rejectionCauses,
  };
}

/** A readable report of a summary; examples of explained differences only with `showExplained`. */
export function formatSummary(s, { showExplained = false } = {}) {
  const pct = (x) => `${(x * 100).toFixed(2)}%`;
  const lines = [];
  lines.push(`documents: ${s.total}`);
  lines.push(`agreement (same verdict): ${s.agree}/${s.total} = ${pct(s.rate)}`);
  lines.push(
    `agreement counting explained differences: ${s.strictAgree}/${s.total} = ${pct(s.strictAgree / Math.max(1, s.total))}`,
  );
  lines.push(
    `by kind: ${Object.entries(s.byKind)
      .map(([k, v]) => `${k} ${v.agree}/${v.total} (platform rejects ${v.platformRejects})`)
      .join('; ')}`,
  );
  lines.push(`distinct reasons the platform rejected documents for: ${s.rejectionCauses.length}`);
  if (s.byCause.length === 0) lines.push('no disagreements');
  for (const g of s.byCause) {
    lines.push(`\n${g.count} × ${g.key}${g.explained ? '' : `  [${g.side}]`}`);
    for (const e of g.explained && !showExplained ? [] : g.examples) {
      lines.push(`    ${e.id}: ${e.mutations.join('; ') || '(not mutated)'}`);
      for (const d of e.details) lines.push(`        ${d.length > 200 ? `${d.slice(0, 197)}...` : d}`);
    }
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// The real corpus

/** The folder of real sites, if there is one: $DOCLINT_CORPUS, else ../shared/corpus beside the repository. */
export function corpusDir(repoRoot) {
  const dir = process.env.DOCLINT_CORPUS ?? path.resolve(repoRoot, '../shared/corpus');
  return existsSync(dir) ? dir : undefined;
}

/** Each real docs.json with its `$ref`s resolved by doclint's loader: [{ name, value }]. */
export async function loadCorpus(repoRoot, loadDocsJson) {
  const dir = corpusDir(repoRoot);
  if (!dir) return [];
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name, 'docs.json');
    if (!existsSync(file)) continue;
    const doc = await loadDocsJson(file, path.dirname(file));
    if (doc.value !== undefined) out.push({ name, value: doc.value });
  }
  return out;
}

/** Runs every document through both validators. */
export async function runDifferential({ documents, platform, doclint }) {
  const records = [];
  for (const doc of documents) {
    const value = JSON.parse(doc.text);
    const p = platform.validate(value);
    const d = await doclint(doc.text);
    records.push(compare(doc, p, d));
  }
  return records;
}
