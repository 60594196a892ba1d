import { spawnSync } from 'node:child_process';

/**
 * Tests that need something outside the repository (Neovim, Chromium, pre-commit, `script`, the
 * platform's installed code, the corpus of real sites) run where it is there. Elsewhere they are
 * skipped, visibly: the reason is part of the skipped test's name, and the skip reporter
 * (test/helpers/skip-reporter.cjs) lists every skipped test with its name after the run. A test
 * never returns early instead (test/meta/skips.test.ts checks it).
 *
 *   const needsNvim = testIf(nvimMissing());   // undefined when it can run, else why not
 *   needsNvim('opens a page and shows diagnostics', () => { … });
 */
export function testIf(reason: string | undefined): typeof test {
  if (!reason) return test;
  const label = (name: unknown) => `${String(name)} [skipped: ${reason}]`;
  const skip = (name: string, fn?: jest.ProvidesCallback, timeout?: number) => test.skip(label(name), fn, timeout);
  const each =
    (table: readonly unknown[]) =>
    (name: string, fn: (...args: never[]) => unknown, timeout?: number): void =>
      (test.skip.each as (t: readonly unknown[]) => (n: string, f: (...args: never[]) => unknown, t?: number) => void)(
        table,
      )(label(name), fn, timeout);
  return Object.assign(skip, { each }) as unknown as typeof test;
}

/** Why `command --version` cannot run here (undefined when it can). */
export function commandMissing(command: string, install: string, args = ['--version']): string | undefined {
  const probe = spawnSync(command, args, { encoding: 'utf8', timeout: 30000 });
  if (probe.error) return `${command} is not installed (${probe.error.message}); ${install}`;
  if (probe.status !== 0) return `\`${command} ${args.join(' ')}\` failed (exit ${probe.status}); ${install}`;
  return undefined;
}
