import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpVerified } from '../../../../tests/helpers/accounts';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { notifications } from '../../db/schema';
import { transaction } from '../../unit-of-work';
import { markThreadNotificationsRead, notify } from './notifications.service';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Coalescing new-message notifications raced on the PostgreSQL server: many messages of one thread at once become one
// unread row that counts them all, even while the user reads. Needs TEST_DATABASE_URL (see requests.race.test.ts).

describeOnPostgres('coalesce.race.test.ts', 'new-message coalescing races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  const requestId = '66666666-6666-4666-8666-666666666666';
  const message = (userId: string, i: number) => ({
    userId,
    type: 'new_message' as const,
    title: 'New message',
    message: `message ${i}`,
    linkUrl: `/messages/${requestId}`,
    at: t.clock.now(),
  });
  const rows = (userId: string) =>
    t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'new_message')));

  it('40 messages at once: one unread notification counting 40, no error', async () => {
    const me = await signUpVerified(t);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => transaction(t.ctx, (tx) => notify(tx, [message(me.user.id, i)]))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const all = await rows(me.user.id);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ isRead: false, coalescedCount: 40, title: '40 new messages' });
  });

  it('messages while the user reads the thread: never two unread rows, every message counted once', async () => {
    const me = await signUpVerified(t);
    const work = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 5
        ? transaction(t.ctx, (tx) => markThreadNotificationsRead(tx, me.user.id, requestId, 0))
        : transaction(t.ctx, (tx) => notify(tx, [message(me.user.id, i)])),
    );
    const results = await Promise.allSettled(work);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const all = await rows(me.user.id);
    expect(all.filter((r) => !r.isRead).length).toBeLessThanOrEqual(1);
    expect(all.reduce((sum, r) => sum + r.coalescedCount, 0)).toBe(50);
  });
});
