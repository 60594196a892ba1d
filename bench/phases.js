// node bench/phases.js site [--rounds N]: where a run's CPU goes, phase by phase, on one thread.
// Lints the site in this process with its pages on the calling thread (no worker threads), the
// CPU time of each phase counted in process (src/engine/phase-cpu.ts): the parse, the page rules
// (and remark plugins), the page facts (anchors, links, headings for the site checks), the
// docs.json and site checks. Round 1 is the cold run; later rounds (--rounds) show the same with
// the code warmed up. Prints one JSON line per round: milliseconds of CPU per phase, and the
// share of the rules, facts and site checks in the parse's CPU (what test/engine/phase-cpu.test.ts bounds).
import path from 'node:path';
import { lint } from '../dist/src/commands/lint.js';
import { startPhaseCpu, stopPhaseCpu } from '../dist/src/engine/phase-cpu.js';

const args = process.argv.slice(2);
let rounds = 1;
let site;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else site = path.resolve(args[i]);
}
if (!site) {
  process.stderr.write('usage: node bench/phases.js SITE [--rounds N]\n');
  process.exit(2);
}
for (let round = 1; round <= rounds; round++) {
  startPhaseCpu();
  const before = process.cpuUsage();
  await lint({ paths: [site], cwd: site });
  const total = process.cpuUsage(before);
  const cpu = stopPhaseCpu();
  const round2 = (x) => Math.round(x);
  const afterParse = cpu.rules + cpu.facts + cpu.site;
  process.stdout.write(
    JSON.stringify({
      site: path.basename(site),
      round,
      parseMs: round2(cpu.parse),
      rulesMs: round2(cpu.rules),
      factsMs: round2(cpu.facts),
      siteMs: round2(cpu.site),
      totalMs: round2((total.user + total.system) / 1000),
      afterParseShare: Number((afterParse / cpu.parse).toFixed(3)),
    }) + '\n',
  );
}
