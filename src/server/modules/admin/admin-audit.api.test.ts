import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

interface Entry {
  id: string;
  action: string;
  createdAt: string;
  actor: { id: string; firstName: string } | null;
  targetType: string | null;
  targetId: string | null;
  targetUser: { id: string; firstName: string } | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
  people: Record<string, string>;
}

describe.each(backends)('GET /api/admin/audit-log on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newAdmin(firstName: string) {
    const email = uniqueEmail('admin');
    const { id } = await ensureAdmin(t.ctx, email, PASSWORD, { firstName, lastName: 'Admin' });
    return { id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email, password: PASSWORD })) };
  }
  const read = async (cookie: string, query = '') => {
    const res = await call(t, 'GET', `/api/admin/audit-log${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return { entries: res.json() as Entry[], next: res.headers['x-next-cursor'] as string | undefined };
  };

  it('says who did what to whom, newest first, filtered by actor, target and action, a page at a time', async () => {
    const [ann, bob] = [await newAdmin('Ann'), await newAdmin('Bob')];
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    const setStatus = (cookie: string, id: string, status: string) => call(t, 'PATCH', `/api/admin/users/${id}/status`, cookie, { status });
    expect((await setStatus(ann.cookie, lawyer.user.id, 'approved')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await setStatus(bob.cookie, mediator.user.id, 'approved')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await setStatus(ann.cookie, mediator.user.id, 'suspended')).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await call(t, 'PATCH', '/api/admin/settings', bob.cookie, { payoutHoldHours: 48 })).statusCode).toBe(200);

    const { entries } = await read(ann.cookie);
    expect(entries.slice(0, 4).map((e) => [e.action, e.actor?.firstName, e.targetUser?.firstName ?? e.targetType])).toEqual([
      ['settings.update', 'Bob', 'settings'],
      ['user.status', 'Ann', 'Max'],
      ['user.status', 'Bob', 'Max'],
      ['user.status', 'Ann', 'Lena'],
    ]);
    expect(entries[1]).toMatchObject({ targetType: 'user', targetId: mediator.user.id, details: { from: 'approved', to: 'suspended' } });
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect((await read(ann.cookie, `?actorId=${bob.id}`)).entries.map((e) => e.action)).toEqual(['settings.update', 'user.status']);
    expect((await read(ann.cookie, `?targetId=${mediator.user.id}`)).entries.map((e) => e.actor?.firstName)).toEqual(['Ann', 'Bob']);
    expect((await read(ann.cookie, `?action=settings.update&actorId=${bob.id}`)).entries).toHaveLength(1);

    const first = await read(ann.cookie, '?limit=2');
    expect(first.entries.map((e) => e.id)).toEqual(entries.slice(0, 2).map((e) => e.id));
    const second = await read(ann.cookie, `?limit=2&cursor=${first.next}`);
    expect(second.entries.map((e) => e.id)).toEqual(entries.slice(2, 4).map((e) => e.id));
  });

  it('names a request target by its case and the mediators a reassignment moved it between, not by bare ids', async () => {
    const admin = await newAdmin('Dee');
    const { mediator: previous, id } = await createMatchedRequest(t, { caseName: 'Audit v. Names', caseNumber: 'AU-77' });
    const next = await signUpMediator(t);
    await call(t, 'PATCH', `/api/admin/users/${next.user.id}/status`, admin.cookie, { status: 'approved' });
    expect((await call(t, 'PATCH', `/api/admin/mediations/${id}/reassign`, admin.cookie, { mediatorId: next.user.id })).statusCode).toBe(200);
    const [entry] = (await read(admin.cookie, `?action=request.reassign&targetId=${id}`)).entries;
    expect(entry).toMatchObject({
      targetType: 'request',
      targetId: id,
      targetLabel: 'Audit v. Names (Case #AU-77)',
      details: { from: previous.user.id, to: next.user.id },
    });
    expect(entry.people).toEqual({ [previous.user.id]: 'Max Mediator', [next.user.id]: 'Max Mediator' });
    // A user target keeps its user, and no label of its own.
    const [status] = (await read(admin.cookie, `?action=user.status&targetId=${next.user.id}`)).entries;
    expect([status.targetUser?.firstName, status.targetLabel, status.people]).toEqual(['Max', null, {}]);
  });

  it('refuses a malformed actor id (400), signed-out callers (401) and non-admins (403)', async () => {
    const admin = await newAdmin('Cy');
    const bad = await call(t, 'GET', '/api/admin/audit-log?actorId=nobody', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('actorId must be a user id');
    expect((await call(t, 'GET', '/api/admin/audit-log')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/admin/audit-log', (await signUpLawyer(t)).cookie)).statusCode).toBe(403);
  });
});
