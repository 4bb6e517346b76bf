import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call, createLiveRequest, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { mediatorProfiles, users } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

/** Follows X-Next-Cursor from `url` to the end; every page has at most `limit` items. */
async function allPages<T>(t: TestApp, cookie: string, url: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  do {
    const res: LightMyRequestResponse = await call(
      t,
      'GET',
      `${url}${url.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      cookie,
    );
    expect(res.statusCode).toBe(200);
    pages.push(res.json());
    cursor = res.headers['x-next-cursor'] as string | undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe.each(backends)('admin lists on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let matched: Awaited<ReturnType<typeof createMatchedRequest>>;
  let liveId: string;
  const tag = `Zeta-${backend}`;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'lists.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'lists.admin@example.com', password: PASSWORD }));
    matched = await createMatchedRequest(t, { caseName: `${tag} Matched v. Case`, caseNumber: 'MX-100' });
    const lawyer = await signUpLawyer(t);
    liveId = await createLiveRequest(t, lawyer.cookie, { caseName: `${tag} Live v. Case`, caseNumber: 'LV-200' });
    await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Draft 50%_off' }));
  }, 180_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  it.each(['/api/admin/mediations', '/api/admin/payments', '/api/admin/mediator-ratings'])('%s: 401 signed out, 403 lawyers and mediators', async (url) => {
    expect((await call(t, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, 'GET', url, matched.lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', url, matched.mediator.cookie)).statusCode).toBe(403);
  });

  it('mediations: every request with its lawyer, selected mediator, budget, status and dates', async () => {
    const res = await call(t, 'GET', `/api/admin/mediations?search=${encodeURIComponent(tag)}`, admin);
    expect(res.statusCode).toBe(200);
    // The test clock stands still: both requests share a createdAt, and the id breaks the tie.
    const rows = res.json() as { id: string; submittedAt: string | null }[];
    expect(rows.map((r) => r.id).sort()).toEqual([matched.id, liveId].sort());
    const [first, live] = [rows.find((r) => r.id === matched.id)!, rows.find((r) => r.id === liveId)!];
    expect(first).toMatchObject({
      id: matched.id,
      caseNumber: 'MX-100',
      status: 'matched',
      budget: '1400.00',
      lawyer: { id: matched.lawyer.user.id, name: 'Lena Lawyer' },
      selectedMediatorId: matched.mediator.user.id,
      selectedMediator: { id: matched.mediator.user.id, name: 'Max Mediator' },
      paymentStatus: 'held',
      completedAt: null,
    });
    expect(first.submittedAt).toEqual(expect.any(String));
    expect(live).toMatchObject({ id: liveId, status: 'pending_mediators', selectedMediatorId: null, selectedMediator: null, paymentStatus: 'held' });
  });

  it('mediations: filter by status, search by case, number or a party (pattern characters taken literally)', async () => {
    const ids = async (query: string) => ((await call(t, 'GET', `/api/admin/mediations?${query}`, admin)).json() as { id: string }[]).map((r) => r.id);
    expect(await ids(`status=matched&search=${tag}`)).toEqual([matched.id]);
    expect(await ids(`status=pending_mediators&search=${tag}`)).toEqual([liveId]);
    expect(await ids('search=lv-200')).toEqual([liveId]);
    expect(await ids(`search=${encodeURIComponent(matched.mediator.email)}`)).toEqual([matched.id]);
    expect(await ids('search=50%25_off')).toHaveLength(1);
    expect(await ids('search=5_%25')).toEqual([]);
    const draft = await call(t, 'GET', '/api/admin/mediations?status=draft', admin);
    expect(draft.json().every((r: { status: string; paymentStatus: string | null }) => r.status === 'draft' && r.paymentStatus === null)).toBe(true);
    const bad = await call(t, 'GET', '/api/admin/mediations?status=lost', admin);
    expect([bad.statusCode, Object.keys(bad.json().fieldErrors)]).toEqual([400, ['status']]);
  });

  it('mediations: pages of one, newest first, each request once', async () => {
    const pages = await allPages<{ id: string; createdAt: string }>(t, admin, '/api/admin/mediations', 1);
    const rows = pages.flat();
    expect(pages.every((p) => p.length <= 1)).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.length).toBe((await call(t, 'GET', '/api/admin/mediations?limit=100', admin)).json().length);
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort().reverse());
  });

  it('payments: every payment with its whole ledger and parties; filter by status; pages', async () => {
    const res = await call(t, 'GET', '/api/admin/payments?status=held', admin);
    expect(res.statusCode).toBe(200);
    const payment = res.json().find((p: { requestId: string }) => p.requestId === matched.id);
    expect(payment).toMatchObject({
      status: 'held',
      totalCharged: '1400.00',
      totalRefunded: '0.00',
      lawyer: { id: matched.lawyer.user.id, name: 'Lena Lawyer' },
      mediator: { id: matched.mediator.user.id, name: 'Max Mediator' },
      paidToYou: null,
    });
    expect(payment.ledger.map((e: { kind: string; amount: string }) => [e.kind, e.amount]).sort()).toEqual([
      ['balance_charge', '1150.00'],
      ['deposit_charge', '250.00'],
    ]);
    // Admins see the provider's reference of each movement (to look it up in the provider's dashboard).
    for (const entry of payment.ledger) expect(entry.providerRef).toMatch(/\S/);
    const live = res.json().find((p: { requestId: string }) => p.requestId === liveId);
    expect(live).toMatchObject({ mediator: null, ledger: [expect.objectContaining({ kind: 'deposit_charge' })] });
    expect((await call(t, 'GET', '/api/admin/payments?status=released', admin)).json()).toEqual([]);
    const pages = await allPages<{ id: string }>(t, admin, '/api/admin/payments', 1);
    expect(pages.flat().map((p) => p.id)).toEqual((await call(t, 'GET', '/api/admin/payments', admin)).json().map((p: { id: string }) => p.id));
    expect((await call(t, 'GET', '/api/admin/payments?status=paid', admin)).statusCode).toBe(400);
  });

  it('ratings: by rating then review count, two decimals, paginated across ties', async () => {
    const set = async (userId: string, rating: string, reviewCount: number, totalMediationsCompleted: number) =>
      t.ctx.db.update(mediatorProfiles).set({ rating, reviewCount, totalMediationsCompleted }).where(eq(mediatorProfiles.userId, userId));
    const [a, b, c, d] = [await signUpMediator(t), await signUpMediator(t), await signUpMediator(t), await signUpMediator(t)];
    await t.ctx.db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, a.user.id));
    await set(a.user.id, '4.5', 2, 3);
    await set(b.user.id, '4.50', 6, 7);
    await set(c.user.id, '5.00', 1, 1);
    await set(d.user.id, '4.50', 2, 2);
    const pages = await allPages<{ mediatorId: string; averageRating: string; reviewCount: number }>(t, admin, '/api/admin/mediator-ratings', 2);
    const rows = pages.flat();
    const mine = rows.filter((r) => [a, b, c, d].some((m) => m.user.id === r.mediatorId));
    const tie = [a.user.id, d.user.id].sort();
    expect(mine.map((r) => r.mediatorId)).toEqual([c.user.id, b.user.id, ...tie]);
    expect(rows.find((r) => r.mediatorId === a.user.id)).toEqual({
      mediatorId: a.user.id,
      mediatorName: 'Ada Mediator',
      email: a.email,
      reviewCount: 2,
      averageRating: '4.50',
      totalMediationsCompleted: 3,
    });
    expect(rows.at(-1)).toMatchObject({ averageRating: '0.00', reviewCount: 0 });
    expect(new Set(rows.map((r) => r.mediatorId)).size).toBe(rows.length);
    expect(rows.map((r) => [r.averageRating, r.reviewCount])).toEqual(
      [...rows.map((r) => [r.averageRating, r.reviewCount] as const)].sort((x, y) => Number(y[0]) - Number(x[0]) || y[1] - x[1]),
    );
  });
});
