import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import type { MessageDto } from '../../../common/schemas/messages';
import { mediationRequests, messages } from '../../db/schema';
import { findUserById } from '../users/users.repo';
import { sendInTransaction } from './messages.service';

// A thread's order under concurrent sends, on the PostgreSQL server (decision 057, option A). A one-sided text
// message is one autocommit statement whose snapshot predates the lock it waits for, so only the head on the request's
// row (re-read at the lock) keeps its time strictly later than the message committed before it; the transaction's
// sends (attachments, two-sided cases) take the same head. The app's clock stands still here, so every time comes
// from the head: a send that read a stale newest time would repeat one. Needs TEST_DATABASE_URL (see
// requests.race.test.ts).

describeOnPostgres('message-order.race.test.ts', 'message order races on postgres', () => {
  let t: TestApp;
  startRaceApp((app) => ({ t } = app));

  it('waves of concurrent sends both ways: distinct times, later waves later, the head the newest, every message paged once', async () => {
    const matched = await createMatchedRequest(t);
    const lawyer = (await findUserById(t.ctx.db, matched.lawyer.user.id))!;
    const sent: { wave: number; createdAt: number; id: string }[] = [];
    const waves = 6;
    const perWave = 12;
    for (let wave = 0; wave < waves; wave++) {
      const sends = Array.from({ length: perWave }, async (_, i) => {
        const content = `wave ${wave} message ${i}`;
        // Every third goes through the transaction, the rest through the one-statement send (HTTP, both sides).
        const message =
          i % 3 === 2
            ? await sendInTransaction(t.ctx, { user: lawyer, impersonatorId: null }, matched.id, { requestId: matched.id, content, attachmentUrl: null }, null)
            : await call(t, 'POST', '/api/messages', i % 2 ? matched.mediator.cookie : matched.lawyer.cookie, { requestId: matched.id, content }).then(
                (res) => {
                  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
                  return res.json() as MessageDto;
                },
              );
        sent.push({ wave, createdAt: Date.parse(message.createdAt), id: message.id });
      });
      await Promise.all(sends);
    }

    expect(sent).toHaveLength(waves * perWave);
    expect(new Set(sent.map((m) => m.createdAt)).size).toBe(waves * perWave);
    // A wave starts after the one before has been answered: each of its messages is later than all of the last's.
    for (let wave = 1; wave < waves; wave++) {
      const earlier = Math.max(...sent.filter((m) => m.wave === wave - 1).map((m) => m.createdAt));
      const later = Math.min(...sent.filter((m) => m.wave === wave).map((m) => m.createdAt));
      expect(later, `wave ${wave}`).toBeGreaterThan(earlier);
    }
    const [head] = await t.ctx.db.select({ at: mediationRequests.lastMessageAt }).from(mediationRequests).where(eq(mediationRequests.id, matched.id));
    expect(head!.at!.getTime()).toBe(Math.max(...sent.map((m) => m.createdAt)));
    const stored = await t.ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.requestId, matched.id));
    expect(stored).toHaveLength(waves * perWave);

    // Paged backwards through the cursor, 7 at a time: every message once, newest first.
    const paged: MessageDto[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(t, 'GET', `/api/messages/${matched.id}?limit=7${cursor ? `&cursor=${cursor}` : ''}`, matched.lawyer.cookie);
      expect(res.statusCode).toBe(200);
      paged.push(...(res.json() as MessageDto[]));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(paged.map((m) => m.id).sort()).toEqual(sent.map((m) => m.id).sort());
    const times = paged.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
