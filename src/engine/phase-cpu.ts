/**
 * The CPU time of a run's phases, measured in the process that runs them, for the benchmark
 * (`npm run bench`) and the test that keeps the rules and site checks a bounded share of the
 * parse (test/engine/phase-cpu.test.ts). Off unless `startPhaseCpu` is called; meaningful only
 * for a run whose pages are linted on the calling thread (`threads` none or 0), nothing else
 * running meanwhile: `process.cpuUsage` counts the whole process (the garbage collector's helper
 * threads included, as they work for whichever phase made the garbage).
 *
 * - parse: a page read into its tree, index, front matter and directives (src/pages/parse.ts);
 * - rules: the page rules and remark plugins on that tree;
 * - facts: what the page leaves for the site checks (anchors, links, headings);
 * - site: the docs.json and site checks, over every page's facts.
 */
export type Phase = 'parse' | 'rules' | 'facts' | 'site';

export type PhaseCpu = Record<Phase, number>;

let totals: PhaseCpu | undefined;

/** Starts measuring (from zero); `stopPhaseCpu` returns the milliseconds of CPU of each phase. */
export function startPhaseCpu(): void {
  totals = { parse: 0, rules: 0, facts: 0, site: 0 };
}

export function stopPhaseCpu(): PhaseCpu {
  const out = totals ?? { parse: 0, rules: 0, facts: 0, site: 0 };
  totals = undefined;
  return out;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs `work`, its CPU counted to `phase` when measuring. */
export function inPhase<T>(phase: Phase, work: () => T): T {
  if (!totals) return work();
  const counting = totals;
  const start = cpuMs();
  try {
    return work();
  } finally {
    counting[phase] += cpuMs() - start;
  }
}

/** The same for asynchronous work (nothing else may run meanwhile for the figure to mean that phase alone). */
export async function inPhaseAsync<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
  if (!totals) return work();
  const counting = totals;
  const start = cpuMs();
  try {
    return await work();
  } finally {
    counting[phase] += cpuMs() - start;
  }
}
