import { rmSync } from 'node:fs';
import { PagePool, type PoolResult } from '../../src/engine/page-pool.js';
import type { WorkerInit } from '../../src/engine/page-worker.js';
import { tmpSite } from '../helpers/tmp-site.js';

/*
 * The order the pool's workers take pages in: the first worker the largest page waiting, the
 * others the smallest. A stand-in worker (it speaks the pool's messages and answers with its
 * thread id) holds its first page until the other worker has taken one too, so that each takes
 * at least one whatever the load.
 */
const FAKE_WORKER = `
import { parentPort, workerData, threadId } from 'node:worker_threads';
const started = new Int32Array(workerData.doclintPageWorker.started);
let first = true;
let taken = 0;
parentPort.on('message', (job) => {
  if (first) Atomics.add(started, 0, 1);
  if (first) while (Atomics.load(started, 0) < 2) Atomics.wait(started, 0, Atomics.load(started, 0), 10);
  first = false;
  parentPort.postMessage({ type: 'done', id: job.id, result: { findings: [], facts: {}, worker: threadId, taken: ++taken, file: job.input.file } });
});
parentPort.postMessage({ type: 'ready' });
`;

test('two workers: the first takes the largest page waiting, the second the smallest, each page once', async () => {
  const root = tmpSite({ 'worker.mjs': FAKE_WORKER });
  try {
    const init = { started: new SharedArrayBuffer(4) } as unknown as WorkerInit;
    const pool = new PagePool(`${root}/worker.mjs`, init, { threads: 2, pageTimeoutMs: 60_000 });
    // Queued out of size order: p01 is the largest page, p12 the smallest.
    const files = Array.from({ length: 12 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
    const queued = [5, 0, 11, 3, 8, 1, 10, 6, 2, 9, 4, 7].map((i) => files[i]!);
    const sizeOf = (file: string) => 1000 - Number(file.slice(1));
    const results = await Promise.all(
      queued.map((file) => pool.run(() => ({ file, text: '', isSnippet: false }), sizeOf(file))),
    );
    await pool.close();
    // Each worker's pages in the order it took them.
    const byWorker = new Map<number, { taken: number; file: string }[]>();
    for (const r of results as Extract<PoolResult, { kind: 'done' }>[]) {
      const { worker, taken, file } = r.result as unknown as { worker: number; taken: number; file: string };
      byWorker.set(worker, [...(byWorker.get(worker) ?? []), { taken, file }]);
    }
    const inOrder = (worker: number) =>
      byWorker
        .get(worker)!
        .sort((a, b) => a.taken - b.taken)
        .map((t) => t.file);
    const [firstWorker, secondWorker] = [...byWorker.keys()].sort((a, b) => a - b);
    const front = inOrder(firstWorker!);
    // The second worker went from the smallest page up, meeting the first.
    const back = inOrder(secondWorker!).reverse();
    expect(results.every((r) => r.kind === 'done')).toBe(true);
    expect(front.length).toBeGreaterThan(0);
    expect(back.length).toBeGreaterThan(0);
    expect([...front, ...back]).toEqual(files);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
