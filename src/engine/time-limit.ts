import vm from 'node:vm';
import { UserError } from '../core/errors.js';

/*
 * The last-resort watchdog. Findings never depend on time: pathological pages are bounded by the
 * page pass's pre-scan (a function of the text alone), so a real page is checked in a fraction of
 * its limit at any load. A page or site check that still passes its limit (an unknown pathology,
 * a plugin rule that loops) stops the whole run with exit 2, naming what and how to raise the
 * limit: a partial result, whose content would depend on the machine's load, is never reported.
 */

/** Which limit of the configuration's `timeLimits` was passed. */
export type LimitName = 'page' | 'siteCheck';

/** A page or a site check took longer than its watchdog allows: the run is stopped (exit 2). */
export class TimeLimitError extends UserError {
  constructor(
    readonly limit: LimitName,
    readonly seconds: number,
    /** The page (site-relative), or the site rule and the page it was at. */
    readonly what: string,
  ) {
    const s = `${Number(seconds.toFixed(3))} s`;
    const subject = limit === 'page' ? `checking ${what}` : `the site check ${what}`;
    super(
      `${subject} took longer than ${s}; the run was stopped, since a result cut short by time would depend on the machine's load. ` +
        `If it is expected to take this long, raise "timeLimits": { "${limit}": … } in the configuration file`,
    );
    this.name = 'TimeLimitError';
  }
}

const script = new vm.Script('job()', { filename: 'doclint-watchdog' });
let context: vm.Context | undefined;

/**
 * Runs synchronous work on this thread under a watchdog of `ms` milliseconds (V8 stops it from
 * another thread: no `catch` or `finally` inside runs). Past the watchdog, `onTimeout` is thrown.
 */
export function underWatchdog<T>(ms: number, work: () => T, onTimeout: () => Error): T {
  context ??= vm.createContext({});
  let result: T | undefined;
  (context as { job?: () => void }).job = () => {
    result = work();
  };
  try {
    script.runInContext(context, { timeout: Math.max(1, Math.round(ms)) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw onTimeout();
    throw error;
  } finally {
    (context as { job?: () => void }).job = undefined;
  }
  return result as T;
}
