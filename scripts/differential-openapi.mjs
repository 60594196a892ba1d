#!/usr/bin/env node
// Differential run of doclint's OpenAPI validation (openapi-schema, openapi-ref and the part of
// nav-openapi-invalid that says a file cannot be used) against the platform's `mint openapi-check`
// (the pinned CLI of scripts/platform.mjs), on every OpenAPI file of the corpus and on mutated
// specs generated from them with a fixed seed:
//   node scripts/differential-openapi.mjs [--mutants N] [--seed S] [--cli N] [--json FILE] [--examples N] [--no-build]
// Both sides give a verdict per spec: valid or invalid. The platform's is what `mint openapi-check`
// does for a local file — read it with js-yaml, then `validate` of @mintlify/common (external
// references refused, then the platform's copy of the OpenAPI validator) — called in-process from
// the pinned install, since starting the CLI takes seconds per file; `--cli N` also runs the real
// `mint openapi-check` on the first N specs and checks that its exit code agrees with the in-process
// verdict. doclint's comes from the code the rules run: the spec loader, then the reports of the
// openapi-ref and openapi-schema rules (`refReports`, `schemaReports` of dist/rules/); a
// local `$ref` that points at nothing is a doclint finding but not a platform failure, so it does
// not count toward doclint's verdict (docs/platform-differences.md).
//   --mutants N   mutated specs (default 600)
//   --seed S      seed of the mutations (default 18)
//   --cli N       cross-check the first N specs with the real CLI (default 0)
//   --json FILE   write every record
//   --examples N  disagreements printed per class (default 3)
//   --no-build    use dist/ as it is (by default `npm run build` runs when dist/ is older than src/,
//                 rules/ or schema/)
// The corpus is $DOCLINT_CORPUS, else ../shared/corpus beside the repository. Exit 0 when it ran
// (disagreements are printed), 2 on a usage or setup error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commonModule, mintBin, MINT_VERSION, PLATFORM_DIR, platformMissingReason } from './platform.mjs';
import { corpusFolder, currentBuild } from './corpus-differential.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const usage =
  'usage: node scripts/differential-openapi.mjs [--mutants N] [--seed S] [--cli N] [--json FILE] [--examples N] [--no-build]';
function fail(message) {
  console.error(`differential-openapi: ${message}`);
  process.exit(2);
}
const options = { mutants: 600, seed: 18, cli: 0, json: undefined, examples: 3, build: true };
{
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = () => {
      if (i + 1 >= args.length) fail(`${a} needs a value\n${usage}`);
      return args[++i];
    };
    const whole = (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) fail(`${a} needs a whole number\n${usage}`);
      return n;
    };
    if (a === '--mutants') options.mutants = whole(value());
    else if (a === '--seed') options.seed = whole(value());
    else if (a === '--cli') options.cli = whole(value());
    else if (a === '--examples') options.examples = whole(value());
    else if (a === '--json') options.json = path.resolve(value());
    else if (a === '--no-build') options.build = false;
    else fail(`unknown option ${a}\n${usage}`);
  }
}
const missing = platformMissingReason();
if (missing) fail(missing);
currentBuild('differential-openapi', repo, options.build, fail);
const corpusDir = corpusFolder(repo, fail);

// ---------------------------------------------------------------------------------------------
// The two sides

const built = (file) => import(pathToFileURL(path.join(repo, 'dist', file)).href);
const [{ SpecLoader }, { readableSchemaProblems }, { refReports }, { schemaReports }] = await Promise.all([
  built('src/openapi/loader.js'),
  built('src/openapi/schema-problems.js'),
  built('rules/openapi-ref.js'),
  built('rules/openapi-schema.js'),
]);

/**
 * doclint's validation of one spec file's text: the findings of openapi-schema and openapi-ref,
 * and why the file cannot be used at all (nav-openapi-invalid's part) when it cannot.
 */
async function validateSpecText(file, text) {
  const loader = new SpecLoader(path.dirname(file), () => ({ ok: true, text }));
  const result = await loader.load(file);
  if (!result.ok) return { unusable: result.message, findings: [] };
  const tagged = (ruleId) => (report) => ({
    ...report.at,
    ruleId,
    message: report.message,
    ...(report.problem ? { problem: report.problem } : {}),
  });
  const problems = readableSchemaProblems(result, await loader.validateSchema(result));
  return {
    findings: [
      ...refReports(result).map(tagged('openapi-ref')),
      ...schemaReports(result, problems).map(tagged('openapi-schema')),
    ],
  };
}
const { validate: platformValidate } = await commonModule('openapi/validate.js');
const platformRequire = createRequire(path.join(PLATFORM_DIR, 'node_modules/@mintlify/cli/bin/cli.js'));
const jsYaml = platformRequire('js-yaml');

/** What `mint openapi-check FILE` decides for a local file, from the platform's own functions. */
async function platformVerdict(text) {
  try {
    const document = jsYaml.load(text);
    if (!document) throw new Error('failed to parse OpenAPI spec');
    await platformValidate(document);
    return { valid: true };
  } catch (error) {
    return {
      valid: false,
      reason: String(error?.message ?? error)
        .split('\n')
        .slice(0, 2)
        .join(' ')
        .slice(0, 200),
    };
  }
}

async function doclintVerdict(file, text) {
  const { unusable, findings } = await validateSpecText(file, text);
  if (unusable) return { valid: false, reason: `nav-openapi-invalid: ${unusable}`, findings: [] };
  const counted = findings.filter((f) => f.problem !== 'missing-target');
  return {
    valid: counted.length === 0,
    reason: counted[0] ? `${counted[0].ruleId}: ${counted[0].message}` : undefined,
    findings,
  };
}

// ---------------------------------------------------------------------------------------------
// Specs: the corpus's, then mutants

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (/\.(json|ya?ml)$/i.test(entry.name) && statSync(full).size < 8 * 1024 * 1024) {
      const head = readFileSync(full, 'utf8').slice(0, 65536);
      if (/^\s*["']?openapi["']?\s*:/m.test(head) || /"openapi"\s*:\s*"3/.test(head)) out.push(full);
    }
  }
  return out;
}
const corpusSpecs = walk(corpusDir).sort();

/** A small seeded generator (mulberry32): the same seed, the same mutants. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(options.seed);
const pick = (list) => list[Math.floor(rand() * list.length)];

function operations(doc) {
  const out = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const m of ['get', 'put', 'post', 'delete', 'patch'])
      if (item[m] && typeof item[m] === 'object') out.push({ path: p, item, op: item[m], method: m });
  }
  return out;
}

/** Mutations a writer makes (or a merge makes for them); each says what it did. */
const MUTATIONS = [
  ['drop info', (d) => delete d.info],
  ['drop info.title', (d) => d.info && delete d.info.title],
  ['drop info.version', (d) => d.info && delete d.info.version],
  ['drop paths', (d) => delete d.paths],
  ['openapi 3.0 → 3.1', (d) => (d.openapi = '3.1.0')],
  ['openapi 3.1 → 3.0', (d) => (d.openapi = '3.0.3')],
  ['openapi as a number', (d) => (d.openapi = 3.1)],
  ['unknown field on an operation', (d) => pick(operations(d))?.op && (pick(operations(d)).op.descriptio = 'typo')],
  ['unknown top-level field', (d) => (d.tagz = [])],
  ['extension field on an operation', (d) => pick(operations(d))?.op && (pick(operations(d)).op['x-note'] = 'fine')],
  ['summary as a number', (d) => pick(operations(d))?.op && (pick(operations(d)).op.summary = 42)],
  ['drop responses', (d) => pick(operations(d))?.op && delete pick(operations(d)).op.responses],
  ['empty responses', (d) => pick(operations(d))?.op && (pick(operations(d)).op.responses = {})],
  [
    'drop a response description',
    (d) => {
      const o = pick(operations(d));
      const r = o && o.op.responses && Object.values(o.op.responses).find((x) => x && typeof x === 'object' && !x.$ref);
      if (r) delete r.description;
    },
  ],
  [
    'parameter in: body',
    (d) => {
      const o = operations(d).find((x) => Array.isArray(x.op.parameters) && x.op.parameters.some((p) => p && !p.$ref));
      const p = o?.op.parameters.find((x) => x && !x.$ref);
      if (p) p.in = 'body';
    },
  ],
  [
    'drop required of a path parameter',
    (d) => {
      const o = operations(d).find(
        (x) => Array.isArray(x.op.parameters) && x.op.parameters.some((p) => p?.in === 'path'),
      );
      const p = o?.op.parameters.find((x) => x?.in === 'path');
      if (p) delete p.required;
    },
  ],
  ['parameters as an object', (d) => pick(operations(d))?.op && (pick(operations(d)).op.parameters = { name: 'x' })],
  ['tags as a string', (d) => pick(operations(d))?.op && (pick(operations(d)).op.tags = 'Users')],
  [
    'external $ref',
    (d) => {
      const o = pick(operations(d));
      if (o)
        o.op.responses = {
          200: { description: 'OK', content: { 'application/json': { schema: { $ref: 'schemas/user.yaml' } } } },
        };
    },
  ],
  [
    '$ref to a URL',
    (d) => {
      const o = pick(operations(d));
      if (o) o.op.responses = { 200: { $ref: 'https://example.com/common.yaml#/Ok' } };
    },
  ],
  [
    'local $ref to nothing',
    (d) => {
      const o = pick(operations(d));
      if (o)
        o.op.responses = {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/DoesNotExist' } } },
          },
        };
    },
  ],
  [
    'path without a leading slash',
    (d) => {
      const [first] = Object.keys(d.paths ?? {});
      if (first) {
        d.paths[first.replace(/^\/+/, '')] = d.paths[first];
        delete d.paths[first];
      }
    },
  ],
  [
    'component name with a space',
    (d) => {
      d.components ??= {};
      d.components.schemas ??= {};
      d.components.schemas['My Thing'] = { type: 'object' };
    },
  ],
  [
    'component name with a bad character',
    (d) => {
      d.components ??= {};
      d.components.schemas ??= {};
      d.components.schemas['My/Thing'] = { type: 'object' };
    },
  ],
  [
    'schema type misspelt',
    (d) => {
      d.components ??= {};
      d.components.schemas ??= {};
      d.components.schemas.Broken = { type: 'strnig' };
    },
  ],
  [
    'nullable as a string',
    (d) => {
      d.components ??= {};
      d.components.schemas ??= {};
      d.components.schemas.Broken = { type: 'string', nullable: 'yes' };
    },
  ],
  ['server without url', (d) => (d.servers = [{ description: 'prod' }])],
  [
    'security scheme without type',
    (d) => {
      d.components ??= {};
      d.components.securitySchemes = { key: { name: 'X-Key', in: 'header' } };
    },
  ],
  ['duplicate the info as a list', (d) => (d.info = [d.info])],
  ['no change', () => {}],
];

const work = mkdtempSync(path.join(os.tmpdir(), 'doclint-differential-openapi-'));
// Files that mention `openapi` but are not OpenAPI documents (docs.json, translation configs) are not specs.
const isSpec = (text) => {
  try {
    const doc = jsYaml.load(text);
    return doc !== null && typeof doc === 'object' && ('openapi' in doc || 'swagger' in doc);
  } catch {
    return true; // a spec that does not parse is still a spec: both sides must refuse it
  }
};
const specs = corpusSpecs
  .map((file) => ({ id: path.relative(corpusDir, file), file, text: readFileSync(file, 'utf8'), mutation: undefined }))
  .filter((s) => isSpec(s.text));
const parsedCorpus = [];
for (const s of specs) {
  try {
    const doc = jsYaml.load(s.text);
    if (doc && typeof doc === 'object') parsedCorpus.push({ s, doc });
  } catch {}
}
for (let i = 0; i < options.mutants && parsedCorpus.length; i++) {
  const base = pick(parsedCorpus);
  const doc = structuredClone(base.doc);
  const count = rand() < 0.7 ? 1 : 2;
  const done = [];
  for (let k = 0; k < count; k++) {
    const [name, mutate] = pick(MUTATIONS);
    try {
      mutate(doc);
    } catch {}
    done.push(name);
  }
  const yaml = rand() < 0.3;
  const file = path.join(work, `mutant-${i}.${yaml ? 'yaml' : 'json'}`);
  const text = yaml ? jsYaml.dump(doc, { noRefs: true }) : JSON.stringify(doc, null, 2);
  writeFileSync(file, text);
  specs.push({ id: `mutant-${i} (${base.s.id}: ${done.join(', ')})`, file, text, mutation: done.join(', ') });
}

// ---------------------------------------------------------------------------------------------
// Run

const records = [];
for (const s of specs) {
  const platform = await platformVerdict(s.text);
  const doclint = await doclintVerdict(s.file, s.text);
  records.push({
    id: s.id,
    file: s.file,
    mutation: s.mutation,
    platform: platform.valid,
    doclint: doclint.valid,
    platformReason: platform.reason,
    doclintReason: doclint.reason,
  });
}

let cliChecked = 0;
let cliAgreed = 0;
const cliEnv = {
  ...process.env,
  MINTLIFY_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  CLI_TEST_MODE: 'true',
  NO_COLOR: '1',
  FORCE_COLOR: '0',
};
for (const r of records.slice(0, options.cli)) {
  const run = spawnSync(mintBin(), ['openapi-check', path.basename(r.file)], {
    cwd: path.dirname(r.file),
    env: cliEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  cliChecked++;
  const valid = run.status === 0;
  if (valid === r.platform) cliAgreed++;
  else console.log(`CLI disagrees with the in-process verdict on ${r.id}: exit ${run.status}`);
}

const corpusRecords = records.filter((r) => r.mutation === undefined);
const mutantRecords = records.filter((r) => r.mutation !== undefined);
const summary = (list) => {
  const same = list.filter((r) => r.platform === r.doclint).length;
  return `${same} of ${list.length} same verdict (${list.length ? ((100 * same) / list.length).toFixed(2) : '100.00'}%); platform invalid ${list.filter((r) => !r.platform).length}, doclint invalid ${list.filter((r) => !r.doclint).length}`;
};
console.log(`differential-openapi (mint ${MINT_VERSION}, seed ${options.seed})`);
console.log(`corpus specs: ${summary(corpusRecords)}`);
console.log(`mutated specs: ${summary(mutantRecords)}`);
if (cliChecked)
  console.log(`real CLI cross-check: ${cliAgreed} of ${cliChecked} exit codes agree with the in-process verdict`);
const classes = new Map();
for (const r of records) {
  if (r.platform === r.doclint) continue;
  const key = `${r.platform ? 'platform valid, doclint invalid' : 'platform invalid, doclint valid'}: ${r.mutation ?? 'corpus'}`;
  const list = classes.get(key) ?? [];
  list.push(r);
  classes.set(key, list);
}
for (const [key, list] of [...classes].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${list.length} × ${key}`);
  for (const r of list.slice(0, options.examples))
    console.log(`  ${r.id}\n    platform: ${r.platformReason ?? 'valid'}\n    doclint:  ${r.doclintReason ?? 'valid'}`);
}
if (options.json) writeFileSync(options.json, JSON.stringify(records, null, 2));
rmSync(work, { recursive: true, force: true });
