import cluster from 'node:cluster';
import { AggregatorRegistry, Registry, type PrometheusContentType } from 'prom-client';

// With WEB_CONCURRENCY > 1 the server processes share one port (scripts/cluster.mjs), so a scrape reaches one of them
// at random: its own counters alone would jump from process to process. That process asks the cluster's primary
// instead, which gathers every process's metrics with prom-client's AggregatorRegistry and answers with the whole
// (decision 059). The message types are scripts/cluster.mjs's, which cannot import this file.
const REQUEST = 'mediatehub:metrics-request';
const REPLY = 'mediatehub:metrics-reply';
/** Longer than the primary's own wait for every process (prom-client's 5 s), so that its answer or error arrives first. */
const REPLY_TIMEOUT_MS = 6_000;

const inClusterWorker = () => cluster.isWorker && typeof process.send === 'function';

/** The registry of this process; in a cluster worker also the one the primary's gathering reads. */
export function newRegistry(): Registry {
  if (!inClusterWorker()) return new Registry();
  // Constructing it makes this process answer the primary's requests (prom-client's cluster listener).
  const registry = new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries(registry);
  return registry;
}

let nextId = 0;

/** Every process's metrics together, from the cluster's primary; null outside a cluster (this process is the whole). */
export function clusterMetrics(): Promise<string> | null {
  if (!inClusterWorker()) return null;
  const id = `${process.pid}:${nextId++}`;
  return new Promise((resolve, reject) => {
    const onMessage = (raw: unknown) => {
      const message = raw as { type?: string; id?: string; text?: string; error?: string } | null;
      if (message?.type !== REPLY || message.id !== id) return;
      finish();
      if (typeof message.text === 'string') resolve(message.text);
      else reject(new Error(`the cluster's primary could not gather the metrics: ${message.error ?? 'no answer'}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`the cluster's primary did not answer within ${REPLY_TIMEOUT_MS} ms`));
    }, REPLY_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id });
  });
}
