import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageInput, PageResult } from './lint-page.js';
import type { WorkerInit, WorkerJob, WorkerReply } from './page-worker.js';

/*
 * The page pass on worker threads: each page is parsed and checked by one of N workers, one page
 * at a time, with a time limit per page. A worker that passes the limit is terminated and
 * replaced; the page gets a finding instead of findings (the session makes it). Workers start on
 * the first page that needs one (a warm cached run starts none) and do not keep the process
 * alive while idle.
 *
 * The first worker takes the largest page waiting, the others the smallest (the page pass has
 * pages from both ends of its order waiting). A worker's heap grows with the pages it parses
 * (V8 lets it reach several times what the page keeps alive before collecting), so with one
 * worker on the large pages and the others on small ones, only one heap is large at a time
 * (measured on a 5,000-page site: peak memory 575 → 520 MiB, the same CPU), and the workers
 * still finish together, meeting at the middle-sized pages.
 *
 * node:worker_threads is used directly rather than a pool library: what is needed is one message
 * per page, a timer per page that terminates exactly the worker running it, and workers that make
 * the run's settings again themselves (see page-worker.ts).
 */

export type PoolResult =
  | { kind: 'done'; result: PageResult }
  /** The page took longer than the limit: its worker was terminated. */
  | { kind: 'timeout'; limitMs: number }
  /** The worker died while on the page (out of memory). */
  | { kind: 'crashed'; reason: string }
  /**
   * Lint it on the main thread: no worker can lint with these settings (`refused`: they cannot be
   * made again in a worker), or the pool was closed meanwhile.
   */
  | { kind: 'unavailable'; reason: string; refused: boolean };

/** Heap a worker may use; a page that needs more is reported as not checked. */
export const WORKER_HEAP_MB = 2048;

/**
 * A worker's stack, as deep as the main thread's (V8's default of 984 KB, plus the 192 KB Node
 * keeps in reserve on a worker's stack): a page nested so deeply that the parser runs out of stack
 * does so on any thread, and gets the same finding (with Node's default of 4 MB for workers, the
 * parser would go on for tens of seconds where the main thread stops at once).
 */
const MAIN_THREAD_STACK_MB = (984 + 192) / 1024;

export interface PoolOptions {
  threads: number;
  pageTimeoutMs: number;
}

interface Job {
  id: number;
  /** Makes the page's input when a worker takes it (the text is not held while the page waits). */
  input: () => PageInput;
  /** The page's size in bytes, as the page pass knows it. */
  size: number;
  resolve(result: PoolResult): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

let workerFile: string | null | undefined;

/**
 * The worker's module in the layout that is running: beside this module (the compiled sources),
 * or the bundle's worker entry beside the bundle. None when running from
 * the TypeScript sources (the tests' unit project): the page pass then stays on the main thread.
 */
export function pageWorkerFile(): string | undefined {
  if (workerFile === undefined) {
    workerFile = null;
    const url = import.meta.url;
    if (url.startsWith('file:') && /\.c?js$/.test(url)) {
      // The compiled sources (dist/src), or the bundle (dist/bundle/main.cjs).
      for (const candidate of url.endsWith('.cjs') ? ['./page-worker-start.cjs'] : ['./page-worker.js']) {
        const file = fileURLToPath(new URL(candidate, import.meta.url));
        if (existsSync(file)) {
          workerFile = file;
          break;
        }
      }
    }
  }
  return workerFile ?? undefined;
}

/**
 * Threads for `--threads auto`: one per core the process may use, fewer when memory is short
 * (each may use up to WORKER_HEAP_MB while on a large page, most pages need far less).
 */
export function autoThreads(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const byMemory = Math.floor(os.totalmem() / (512 * 1024 * 1024));
  return Math.max(1, Math.min(cores, byMemory));
}

export class PagePool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 0;
  private unavailable: string | undefined;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly init: WorkerInit,
    private readonly options: PoolOptions,
  ) {}

  /** Lints a page (of `size` bytes: see `take`) on a worker thread. Never rejects. */
  run(input: () => PageInput, size = 0): Promise<PoolResult> {
    if (this.unavailable !== undefined || this.closed)
      return Promise.resolve({
        kind: 'unavailable',
        reason: this.unavailable ?? 'the pool is closed',
        refused: this.unavailable !== undefined,
      });
    return new Promise((resolve) => {
      this.queue.push({ id: ++this.nextId, input, size, resolve });
      this.pump();
    });
  }

  /** Terminates every worker; pages still waiting are handed back to the main thread. */
  async close(): Promise<void> {
    this.closed = true;
    this.giveUp('the pool is closed', false);
  }

  private pump(): void {
    let first = true;
    for (const slot of this.slots) {
      if (!this.queue.length) break;
      if (slot.ready && !slot.job) this.assign(slot, this.take(first));
      first = false;
    }
    const starting = [...this.slots].filter((s) => !s.ready).length;
    let wanted = Math.min(this.queue.length - starting, this.options.threads - this.slots.size);
    while (wanted-- > 0) this.spawn();
  }

  /**
   * The next page for a worker: for the first, the largest waiting (the earliest of equals); for
   * the others, the smallest (the latest of equals).
   */
  private take(first: boolean): Job {
    let best = first ? 0 : this.queue.length - 1;
    for (let i = 0; i < this.queue.length; i++) {
      const size = this.queue[i]!.size;
      const than = this.queue[best]!.size;
      if (first ? size > than : size < than || (size === than && i > best)) best = i;
    }
    return this.queue.splice(best, 1)[0]!;
  }

  private spawn(): void {
    const worker = new Worker(this.file, {
      workerData: { doclintPageWorker: this.init },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: MAIN_THREAD_STACK_MB },
    });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply) => {
      if (!this.slots.has(slot)) return;
      if (reply.type === 'ready') {
        slot.ready = true;
        worker.unref();
        this.pump();
      } else if (reply.type === 'refused') {
        this.giveUp(reply.reason, true);
      } else if (slot.job?.id === reply.id) {
        const job = slot.job;
        this.release(slot);
        job.resolve({ kind: 'done', result: reply.result });
        this.pump();
      }
    });
    const died = (reason: string) => {
      if (!this.slots.has(slot)) return;
      this.slots.delete(slot);
      clearTimeout(slot.timer);
      const job = slot.job;
      if (job) job.resolve({ kind: 'crashed', reason });
      // A worker that cannot even start will not start next time either.
      if (!slot.ready) this.giveUp(reason, true);
      else this.pump();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      died(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `it needs more memory than a worker thread may use (${WORKER_HEAP_MB} MB)`
          : error.message,
      ),
    );
    worker.on('exit', (code) => died(`its worker thread stopped (exit code ${code})`));
  }

  private assign(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => this.timeout(slot), this.options.pageTimeoutMs);
    slot.worker.postMessage({ id: job.id, input: job.input() } satisfies WorkerJob);
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.job = undefined;
    slot.worker.unref();
  }

  private timeout(slot: Slot): void {
    if (!this.slots.has(slot) || !slot.job) return;
    const job = slot.job;
    this.slots.delete(slot);
    slot.job = undefined;
    void slot.worker.terminate();
    job.resolve({ kind: 'timeout', limitMs: this.options.pageTimeoutMs });
    this.pump();
  }

  /** No more workers: every waiting and running page goes back to the main thread. */
  private giveUp(reason: string, refused: boolean): void {
    if (refused) this.unavailable ??= reason;
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      slot.job?.resolve({ kind: 'unavailable', reason, refused });
      void slot.worker.terminate();
    }
    this.slots.clear();
    for (const job of this.queue.splice(0)) job.resolve({ kind: 'unavailable', reason, refused });
  }
}
