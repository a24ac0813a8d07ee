/**
 * One `/metrics` answer for all the server processes of `serve --workers N`. prom-client's AggregatorRegistry
 * collects and adds up the workers' registries, but only in the primary process, which holds no HTTP server; so
 * a server process that is scraped asks the primary over the cluster channel and answers with the sum.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { registry } from './metrics.js';

const ASK = 'werkbank:metrics-request';
const ANSWER = 'werkbank:metrics-answer';
/** Longer than the aggregator's own 5 s limit on the workers' replies. */
const WAIT_MS = 7000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** In a server process: answer the aggregator's requests with this process's registry, and take the primary's answers. */
export function joinClusterMetrics(): void {
  if (!cluster.isWorker) return;
  new AggregatorRegistry(); // its constructor installs the workers' reply to the aggregator
  AggregatorRegistry.setRegistries([registry]);
  process.on('message', (message: Answer) => {
    if (message?.type !== ANSWER) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
}

/** The text format of every server process's metrics added up (of this process alone when it is the only one). */
export function clusterMetricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer in time'));
    }, WAIT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    });
    process.send!({ type: ASK, id });
  });
}

/** In the primary process: answer a server process's request with all their metrics added up. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => worker.isConnected() && worker.send({ type: ANSWER, id, error: err.message } satisfies Answer),
    );
  });
}
