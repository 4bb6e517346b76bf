// Run by cluster-scrape.test.ts: a primary answering as scripts/cluster.mjs does, and two workers (this file again).
// The second worker is scraped; it prints what the primary gathered from both.
import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Counter, Gauge } from 'prom-client';
import { clusterMetrics, newRegistry } from './cluster-scrape';

if (cluster.isPrimary) {
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../scripts/cluster.mjs');
  const { answerMetricsRequests } = await import(pathToFileURL(script).href);
  answerMetricsRequests();
  const workers = [cluster.fork(), cluster.fork()];
  await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once('message', resolve))));
  workers[1].send('scrape');
  workers[1].on('message', (raw: unknown) => {
    const message = raw as { type?: string; text?: string; error?: string };
    if (message.type) return; // prom-client's own messages between the primary and the workers
    process.stdout.write(message.text ?? `error: ${message.error}`);
    for (const worker of workers) worker.kill();
  });
} else {
  const registry = newRegistry();
  new Counter({ name: 'fixture_hits_total', help: 'added up', registers: [registry] }).inc();
  new Gauge({ name: 'fixture_worker_id', help: 'the largest', registers: [registry], aggregator: 'max' }).set(cluster.worker!.id);
  process.on('message', (message) => {
    if (message !== 'scrape') return;
    clusterMetrics()!.then(
      (text) => process.send!({ text }),
      (error: Error) => process.send!({ error: error.message }),
    );
  });
  process.send!('ready');
}
