/**
 * A worker thread of the page pass (src/engine/page-pool.ts): makes the run's settings again from
 * where they came from (the site root, the configuration file and its plugins, the command line's
 * rule settings), checks that they lint pages exactly as the main thread's do, then lints the
 * pages it is sent, one at a time.
 */
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { PageInput, PagePlan } from './lint-page.js';
import type { SettingsSource } from '../config/settings.js';

export interface WorkerInit {
  source: SettingsSource;
  /** The main thread's `planFingerprint`: the worker refuses to lint with anything else. */
  fingerprint: string;
  /** The run's spelling setup, when a spelling rule is on: the worker reads the pages' words for it. */
  spelling?: import('../services/spelling/setup.js').SpellingSetup;
  /** The site's icon library, as the page rules see it. */
  icons?: import('../rule-kit/rule.js').SiteIcons;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'refused'; reason: string }
  | { type: 'done'; id: number; result: import('./lint-page.js').PageResult };

export interface WorkerJob {
  id: number;
  input: PageInput;
}

async function start(port: NonNullable<typeof parentPort>, init: WorkerInit): Promise<void> {
  let planFor: (file: string) => PagePlan;
  let lintPage: typeof import('./lint-page.js').lintPage;
  let spelling: import('../services/spelling/load.js').SpellingResources | undefined;
  try {
    const settingsModule = await import('../config/settings.js');
    const { resolveSiteSettings } = await import('../config/site-settings.js');
    ({ lintPage } = await import('./lint-page.js'));
    const { source } = init;
    const { settings } = await resolveSiteSettings(source.siteRoot, {
      configFile: source.configFile,
      overrides: source.overrides,
      ...(source.plugins === false ? { plugins: false } : {}),
    });
    const fingerprint = settingsModule.planFingerprint(settings);
    if (fingerprint !== init.fingerprint) {
      port.postMessage({
        type: 'refused',
        reason: 'the configuration reads differently in a worker thread',
      } satisfies WorkerReply);
      return;
    }
    planFor = (file) => settingsModule.pagePlan(settingsModule.settingsFor(settings, file));
    // The words are read here and checked on the main thread (no dictionary is loaded here).
    if (init.spelling) spelling = (await import('../services/spelling/load.js')).deferredSpelling(init.spelling);
  } catch (error) {
    port.postMessage({
      type: 'refused',
      reason: error instanceof Error ? error.message : String(error),
    } satisfies WorkerReply);
    return;
  }
  port.on('message', (job: WorkerJob) => {
    port.postMessage({
      type: 'done',
      id: job.id,
      result: lintPage(job.input, planFor(job.input.file), spelling, init.icons),
    } satisfies WorkerReply);
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
}

// Node 22.1 and later: the compiled code of the parser and the rules is kept between runs.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

if (parentPort && (workerData as { doclintPageWorker?: WorkerInit } | undefined)?.doclintPageWorker) {
  void start(parentPort, (workerData as { doclintPageWorker: WorkerInit }).doclintPageWorker);
}
