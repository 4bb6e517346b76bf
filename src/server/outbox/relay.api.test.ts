import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../../../tests/helpers/backends';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { MailMessage } from '../adapters/mail';
import { transaction } from '../unit-of-work';
import { enqueueJob, enqueueMail } from './messages';
import { countUndelivered } from './outbox.repo';

describe.each(backends)('outbox relay on %s', (backend) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('delivers nothing from a transaction that rolls back, and everything from one that commits', async () => {
    t = await createTestApp(backend, { awaitOutbox: false });
    await expect(
      transaction(t.ctx, async (tx) => {
        await enqueueMail(tx, { to: 'rolled@back.example', subject: 'x', text: 'y' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await transaction(t.ctx, (tx) => enqueueMail(tx, { to: 'kept@commit.example', subject: 'Hello', text: 'Body' }));
    await t.ctx.outbox.kick();
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['kept@commit.example']);
  });

  it('keeps a failed delivery and retries it later; schedules jobs once per key', async () => {
    t = await createTestApp(backend, { awaitOutbox: false });
    const sent: MailMessage[] = [];
    let failures = 1;
    t.ctx.mailer.send = async (m) => {
      if (failures-- > 0) throw new Error('SMTP down');
      sent.push(m);
    };
    await transaction(t.ctx, async (tx) => {
      await enqueueMail(tx, { to: 'retry@example.com', subject: 's', text: 't' });
      await enqueueJob(tx, 'request.open-to-all', { requestId: 'r1' }, new Date('2030-01-01T00:00:00Z'), 'open-to-all:r1');
      await enqueueJob(tx, 'request.open-to-all', { requestId: 'r1' }, new Date('2030-01-01T00:00:00Z'), 'open-to-all:r1');
    });
    await t.ctx.outbox.kick();
    expect(sent).toEqual([]);
    expect(await countUndelivered(t.ctx.db, 'mail')).toBe(1);
    // The failed message waits for its backoff; make it due now, as time passing would.
    await t.ctx.db.execute(`UPDATE outbox SET available_at = now() WHERE delivered_at IS NULL` as never);
    await t.ctx.outbox.kick();
    expect(sent.map((m) => m.to)).toEqual(['retry@example.com']);
    const recorded = (t.ctx.jobs as unknown as { jobs: { key: string }[] }).jobs.filter((j) => j.key === 'open-to-all:r1');
    expect(recorded).toHaveLength(1);
  });

  it('wakes the relay after a commit that wrote to the outbox, and only then (a busy thread writes nothing there)', async () => {
    t = await createTestApp(backend, { awaitOutbox: false });
    let kicks = 0;
    t.ctx.outbox.kick = async () => {
      kicks++;
    };
    await transaction(t.ctx, (tx) => tx.execute(`SELECT 1` as never));
    expect(kicks).toBe(0);
    await transaction(t.ctx, async (tx) => {
      await tx.execute(`SELECT 1` as never);
      await enqueueMail(tx, { to: 'woken@example.com', subject: 's', text: 't' });
    });
    expect(kicks).toBe(1);
    // Inside a savepoint too: the unit of work's transaction is the one that wrote.
    await transaction(t.ctx, (tx) => tx.transaction((savepoint) => enqueueMail(savepoint, { to: 'nested@example.com', subject: 's', text: 't' })));
    expect(kicks).toBe(2);
    await expect(
      transaction(t.ctx, async (tx) => {
        await enqueueMail(tx, { to: 'rolled@back.example', subject: 'x', text: 'y' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(kicks).toBe(2);
  });
});
