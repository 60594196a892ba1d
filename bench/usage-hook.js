// Preloaded into every measured process (node --import): on exit, append the process's own CPU
// time and peak RSS to the file named by DOCLINT_BENCH_USAGE, so the harness measures the real
// command, start-up included, without a wrapper process.
import { appendFileSync } from 'node:fs';

const out = process.env.DOCLINT_BENCH_USAGE;
if (out) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    appendFileSync(
      out,
      JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKiB: u.maxRSS }) + '\n',
    );
  });
}
