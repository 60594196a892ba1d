// The "Incorrect" and "Correct" examples of every rule page (docs/rules/<id>.md) are run as tests:
// each incorrect example gets at least one finding of its rule, each correct example none.
//
// An example is a fenced block with a language (mdx, md, json, yaml). A block whose info string
// names a file (`json file=docs.json`) is a file of an example site: the blocks of one section
// with files make one site (a minimal docs.json is added when none is given). Other blocks are
// a page (page rules; front matter is added when the block has none) or docs.json (docs.json
// rules). Blocks without a language (expected output) are not run. A rule that checks a change
// (`--staged`, `--changed-since`) marks the files the change removes (`mdx file=guides/old.mdx removed`)
// and docs.json as it was before it (`json file=docs.json before`): the example is then run as a change.
// A rule that reads git history gives it as a `git` block: one commit per line, a date then the
// files it changes (`2026-01-05 index.mdx fr/index.mdx`); the example site is then a repository.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { builtinRegistry } from '../../src/config/registry.js';
import { checksWords } from '../../src/rule-kit/rule.js';
import { SiteSession } from '../../src/engine/session.js';
import { referencesToRemoved } from '../../src/commands/removed.js';
import { resolveSettings, type RuleSetting } from '../../src/config/settings.js';
import { REPO } from '../helpers/cli.js';
import { runRule } from '../helpers/rule-tester.js';
import { MINIMAL_CONFIG } from '../helpers/tmp-site.js';
import { testIf } from '../helpers/needs.js';

interface Block {
  lang: string;
  file?: string;
  /** `removed`: a file the change deletes; `before`: docs.json as it was before the change. */
  change?: 'removed' | 'before';
  text: string;
  /** Blocks with files and no prose between them make one example site. */
  group: number;
}

const LANGS = new Set(['mdx', 'md', 'json', 'yaml', 'yml', 'txt', 'git']);

/** The fenced blocks of a section (`## Incorrect`), in order; `##` lines inside blocks do not end the section. */
function blocks(markdown: string, heading: string): Block[] {
  const out: Block[] = [];
  let inSection = false;
  let group = 0;
  let open: { fence: string; lang: string; file?: string; change?: 'removed' | 'before'; lines: string[] } | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      if (new RegExp(`^${open.fence[0]}{${open.fence.length},}\\s*$`).test(line)) {
        if (inSection && LANGS.has(open.lang)) out.push({ lang: open.lang, file: open.file, change: open.change, text: `${open.lines.join('\n')}\n`, group });
        open = undefined;
      } else open.lines.push(line);
      continue;
    }
    const fence = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      const [lang = '', ...meta] = fence[2]!.trim().split(/\s+/);
      const change = meta.includes('removed') ? 'removed' : meta.includes('before') ? 'before' : undefined;
      open = { fence: fence[1]!, lang, file: meta.find((x) => x.startsWith('file='))?.slice(5), change, lines: [] };
      continue;
    }
    if (line.startsWith('## ')) inSection = line === `## ${heading}`;
    else if (line.trim() !== '') group++;
  }
  return out;
}

const FRONT = '---\ntitle: Example page\ndescription: A page of a rule example.\n---\n\n';

/** Findings of one rule on an example site. */
/** Makes the example site a git repository with the commits of a `git` block (each touches its files). */
function commitHistory(root: string, text: string): void {
  const run = (args: string[], date?: string) => {
    const result = spawnSync('git', args, { cwd: root, env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) } });
    if (result.status !== 0) throw new Error(`git ${args[0]} failed: ${String(result.stderr)}`);
  };
  run(['init', '-q']);
  const seen = new Set<string>();
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const [date, ...files] = line.trim().split(/\s+/);
    for (const file of files) {
      // A file committed before changes again: one more blank line at its end.
      if (seen.has(file)) appendFileSync(path.join(root, file), '\n');
      seen.add(file);
      run(['add', '--', file]);
    }
    run(['-c', 'user.email=writer@example.com', '-c', 'user.name=Writer', 'commit', '-qm', `example ${date}`], `${date}T10:00:00Z`);
  }
}

async function siteFindings(ruleId: string, files: Record<string, string>, change: Block[] = []): Promise<string[]> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doclint-example-'));
  const all = { 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${FRONT}## Start\n`, ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  const history = change.find((b) => b.lang === 'git');
  if (history) commitHistory(root, history.text);
  const changes = change.filter((b) => b.lang !== 'git');
  const rules: Record<string, RuleSetting> = {};
  for (const id of builtinRegistry().ids()) rules[id] = { severity: id === ruleId ? builtinRegistry().rule(id)!.meta.severity : 'off' };
  // An example may set the rule's options (smaller thresholds) in a `.doclintrc.json` block.
  const rc = files['.doclintrc.json'] ? (JSON.parse(files['.doclintrc.json']) as { rules?: Record<string, unknown> }).rules?.[ruleId] : undefined;
  if (Array.isArray(rc) && rc[1] !== undefined) rules[ruleId] = { options: rc[1] };
  if (changes.length) {
    // Run as a change: the removed files in place before it, docs.json as it was.
    const removed = new Map(changes.filter((b) => b.change === 'removed').map((b) => [path.join(root, b.file!), Buffer.from(b.text)]));
    const before = changes.find((b) => b.change === 'before');
    const found = await referencesToRemoved(root, removed, { exhaustive: true, ...(before ? { configBefore: Buffer.from(before.text) } : {}) });
    return found.filter((d) => d.ruleId === ruleId).map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.message}`);
  }
  const session = await SiteSession.open(root, resolveSettings(rules));
  const { diagnostics } = await session.lint(() => true, { whole: true });
  return diagnostics.filter((d) => d.ruleId === ruleId).map((d) => `${path.relative(root, d.file)}:${d.line}:${d.column} ${d.message}`);
}

async function findings(ruleId: string, kind: string, example: Block[]): Promise<string[]> {
  if (example.some((b) => b.file || b.lang === 'git'))
    return siteFindings(
      ruleId,
      Object.fromEntries(example.filter((b) => !b.change && b.file).map((b) => [b.file!, b.text])),
      example.filter((b) => b.change || b.lang === 'git'),
    );
  const [block] = example;
  if (kind === 'page') {
    const text = block!.text.startsWith('---') || ruleId === 'page-frontmatter' ? block!.text : FRONT + block!.text;
    // A spelling rule is given its dictionaries by the engine: its page runs in a site.
    const rule = builtinRegistry().rule(ruleId);
    if (rule && checksWords(rule)) return siteFindings(ruleId, { 'example.mdx': text });
    return runRule(ruleId, text).map((d) => `${d.line}:${d.column} ${d.message}`);
  }
  return siteFindings(ruleId, { 'docs.json': block!.text });
}

/** The examples of a section: one per block, or one site per run of blocks that name files. */
function examples(markdown: string, heading: string): Block[][] {
  const out: Block[][] = [];
  for (const block of blocks(markdown, heading)) {
    const last = out[out.length - 1];
    const sited = (b: Block | undefined) => b !== undefined && (b.file !== undefined || b.lang === 'git');
    if (sited(block) && sited(last?.[0]) && last![0]!.group === block.group) last!.push(block);
    else out.push([block]);
  }
  return out;
}

const rules = builtinRegistry().metas();

describe('rule pages: examples are run', () => {
  test('every rule has a page with runnable incorrect and correct examples', () => {
    const missing: string[] = [];
    for (const meta of rules) {
      const page = readFileSync(path.join(REPO, 'docs/rules', `${meta.id}.md`), 'utf8');
      if (!examples(page, 'Incorrect').length) missing.push(`${meta.id}: Incorrect`);
      if (!examples(page, 'Correct').length) missing.push(`${meta.id}: Correct`);
    }
    expect(missing).toEqual([]);
    expect(readdirSync(path.join(REPO, 'docs/rules')).filter((f) => f.endsWith('.md') && f !== 'README.md').length).toBe(rules.length);
  });

  describe.each(rules.map((m) => [m.id, m.kind] as const))('%s', (id, kind) => {
    const page = readFileSync(path.join(REPO, 'docs/rules', `${id}.md`), 'utf8');
    const incorrect = examples(page, 'Incorrect');
    const correct = examples(page, 'Correct');
    // A rule that checks the network runs only under --check-external; tests never reach the
    // network, so its examples are skipped, visibly (its tests use local servers instead).
    const run = testIf(
      builtinRegistry().rule(id)?.meta.runsWith === '--check-external' ? 'the rule checks URLs on the network (--check-external); see its tests against local servers' : undefined,
    );
    run.each(incorrect.map((e, i) => [i + 1, e] as const))('incorrect example %i gets a finding', async (_i, example) => {
      expect((await findings(id, kind, example)).length).toBeGreaterThan(0);
    });
    run.each(correct.map((e, i) => [i + 1, e] as const))('correct example %i gets none', async (_i, example) => {
      expect(await findings(id, kind, example)).toEqual([]);
    });
  });
});
