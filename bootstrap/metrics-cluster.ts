// The metrics of a node:cluster server, one scrape for the whole process group. The workers serve HTTP and
// the primary does not listen, so a worker asked for /metrics asks the primary, which asks every worker for
// its registries (prom-client's AggregatorRegistry), adds them up and answers the asking worker.
import cluster, { Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { PromMetrics, Scrape } from '../adapters/metrics/prom-metrics';

const REQUEST = 'workspace-api:metrics-request';
const ANSWER = 'workspace-api:metrics-answer';

interface Request {
  type: typeof REQUEST;
  id: number;
}

interface Answer {
  type: typeof ANSWER;
  id: number;
  scrape?: Scrape;
  error?: string;
}

/**
 * How long a worker waits for the primary: longer than prom-client's own 5 s wait for the workers, so a
 * worker that does not answer the primary is told as that, not as a silent primary.
 */
const ANSWER_TIMEOUT_MS = 6000;

const isRequest = (m: unknown): m is Request => (m as Request | null)?.type === REQUEST;
const isAnswer = (m: unknown): m is Answer => (m as Answer | null)?.type === ANSWER;

/** In the primary, once, before it forks: answers each worker's request with every worker's metrics added up. */
export function startClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  const answer = (worker: Worker, message: Answer) => {
    if (worker.isConnected()) worker.send(message);
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isRequest(message)) return;
    aggregator.clusterMetrics().then(
      (text) => answer(worker, { type: ANSWER, id: message.id, scrape: { contentType: aggregator.contentType, text } }),
      (err: Error) => answer(worker, { type: ANSWER, id: message.id, error: err.message }),
    );
  });
}

/**
 * What `GET /metrics` answers: in a cluster worker, the whole cluster's metrics through the primary (this
 * worker's own registries are handed to the primary when it asks); in a single process, its own.
 */
export function metricsScrape(metrics: PromMetrics): () => Promise<Scrape> {
  // The process's default metrics start now, not at the first scrape.
  const registries = metrics.registries();
  if (!cluster.isWorker || !process.send) return () => metrics.scrape();
  AggregatorRegistry.setRegistries(registries);
  // Constructing one in a worker is what makes prom-client answer the primary's requests for its registries.
  new AggregatorRegistry();
  const waiting = new Map<number, { resolve(s: Scrape): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isAnswer(message)) return;
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    clearTimeout(w.timer);
    if (message.scrape) w.resolve(message.scrape);
    else w.reject(new Error(`cluster metrics: ${message.error ?? 'no answer'}`));
  });
  return () =>
    new Promise<Scrape>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`cluster metrics: the primary did not answer within ${ANSWER_TIMEOUT_MS} ms`));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, { resolve, reject, timer });
      process.send!({ type: REQUEST, id } satisfies Request);
    });
}
