import { runJob } from '../../src/server/jobs/handlers';
import type { JobName, RecordingScheduler } from '../../src/server/jobs/scheduler';
import type { TestApp } from './test-app';

/**
 * Runs every recorded job that is due on the test clock, including the ones those jobs schedule (through the outbox),
 * until none is left. Returns the names of the jobs it ran.
 */
export async function runDueJobs(t: TestApp, only?: (name: JobName) => boolean): Promise<JobName[]> {
  const jobs = t.ctx.jobs as RecordingScheduler;
  const ran: JobName[] = [];
  for (let round = 0; round < 20; round++) {
    await t.ctx.outbox.kick();
    const due = jobs.due(t.clock.now()).filter((j) => !only || only(j.name));
    if (!due.length) return ran;
    for (const job of due) {
      job.done = true;
      await runJob(t.ctx, job.name, job.data);
      ran.push(job.name);
    }
  }
  throw new Error('jobs kept scheduling due jobs');
}

/** The recorded jobs of one name (not yet run and run). */
export function recordedJobs(t: TestApp, name: JobName) {
  return (t.ctx.jobs as RecordingScheduler).jobs.filter((j) => j.name === name);
}
