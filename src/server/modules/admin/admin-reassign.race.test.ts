import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signUpMediator } from '../../../../tests/helpers/accounts';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { type TestApp } from '../../../../tests/helpers/test-app';
import { mediatorAcceptances } from '../../db/schema';
import { findPaymentForRequest } from '../payments/payments.repo';
import { findRequest } from '../requests/requests.repo';
import { describeOnPostgres, startRaceApp } from '../../../../tests/helpers/postgres-only';

// Reassignment raced on the PostgreSQL server (real concurrent transactions): one consistent outcome, 0 server
// errors. Needs TEST_DATABASE_URL (see requests.race.test.ts for why and how it fails loudly in CI).

describeOnPostgres('admin-reassign.race.test.ts', 'reassignment races on postgres', () => {
  let t: TestApp;
  let admin: string;
  startRaceApp((app) => ({ t, admin } = app), { adminEmail: 'race.admin@example.com', timeoutMs: 180_000 });

  const reassign = (id: string, mediatorId: string) => call(t, 'PATCH', `/api/admin/mediations/${id}/reassign`, admin, { mediatorId });

  /** The request, its payment and its acceptances agree on one selected mediator. */
  async function expectOneSelected(id: string, mediatorId: string) {
    const request = await findRequest(t.ctx.db, id);
    const payment = await findPaymentForRequest(t.ctx.db, id);
    const selected = (await t.ctx.db.select().from(mediatorAcceptances).where(eq(mediatorAcceptances.requestId, id))).filter((a) => a.status === 'selected');
    expect({ request: request!.selectedMediatorId, payment: payment!.mediatorId, acceptances: selected.map((a) => a.mediatorId) }).toEqual({
      request: mediatorId,
      payment: mediatorId,
      acceptances: [mediatorId],
    });
  }

  it('reassign ⇄ complete, repeated: either completed by the first mediator or reassigned (then 403/404 to them), never both', async () => {
    for (let round = 0; round < 5; round++) {
      const { mediator, id } = await createMatchedRequest(t);
      const next = await signUpMediator(t);
      const [reassigned, completed] = await Promise.all([
        reassign(id, next.user.id),
        call(t, 'POST', `/api/requests/${id}/complete`, mediator.cookie, { completionResults: 'Done' }),
      ]);
      const codes = [reassigned.statusCode, completed.statusCode];
      expect(codes.filter((s) => s >= 500)).toEqual([]);
      const request = await findRequest(t.ctx.db, id);
      if (completed.statusCode === 200) {
        expect(reassigned.statusCode).toBe(409);
        expect(request!.status).toBe('completed');
        await expectOneSelected(id, mediator.user.id);
      } else {
        expect([reassigned.statusCode, [403, 404].includes(completed.statusCode)]).toEqual([200, true]);
        expect(request!.status).toBe('matched');
        await expectOneSelected(id, next.user.id);
      }
    }
  }, 240_000);

  it('two reassignments at once, to different mediators and to the same one: serialized, one consistent outcome', async () => {
    const { id } = await createMatchedRequest(t);
    const [b, c] = [await signUpMediator(t), await signUpMediator(t)];
    const different = await Promise.all([reassign(id, b.user.id), reassign(id, c.user.id)]);
    expect(different.map((r) => r.statusCode)).toEqual([200, 200]);
    // Both applied, one after the other: the later one is the one that stands, and its answer says so.
    const final = (await findRequest(t.ctx.db, id))!.selectedMediatorId!;
    expect([b.user.id, c.user.id]).toContain(final);
    await expectOneSelected(id, final);

    const other = final === b.user.id ? c : b;
    const same = await Promise.all(Array.from({ length: 5 }, () => reassign(id, other.user.id)));
    // The losers find it already done: 409 (RULES.md 4), not a 400 about their input.
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    await expectOneSelected(id, other.user.id);
  }, 240_000);
});
