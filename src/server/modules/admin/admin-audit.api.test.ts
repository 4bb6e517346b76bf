import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../common/audit-description';
import { PASSWORD, signUpLawyer, signUpMediator, uniqueEmail } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { createCompletedRequest, createMatchedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { ensureAdmin } from '../users/accounts.service';

interface Entry {
  id: string;
  action: string;
  createdAt: string;
  actor: { id: string; firstName: string } | null;
  targetType: string | null;
  targetId: string | null;
  targetUser: { id: string; firstName: string } | null;
  details: Record<string, unknown>;
  description: { title: string; by: string; target: string; lines: Array<{ label: string; value: string }> };
}

/** The description's lines as [label, value] pairs. */
const linesOf = (e: Entry) => e.description.lines.map((l) => [l.label, l.value]);

/** What an admin must never have to read in the log: an id, a stored code or action name, a bare boolean, JSON. */
const RAW = [
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i,
  /\b[a-z]+_[a-z]+\b/,
  /(^|\s)[a-z]+\.[a-z]+(\.[a-z]+)*(\s|$)/,
  /\b(true|false|null|undefined)\b/,
  /[{}[\]]/,
  /\d+\.\d{2}\b(?<!\$[\d,]+\.\d{2})/,
];
function expectWords(e: Entry) {
  const { title, by, target, lines } = e.description;
  for (const text of [title, by, target, ...lines.flatMap((l) => [l.label, l.value])]) {
    // An e-mail address is the person's own (and test addresses hold digits and dots), but never holds an id.
    for (const raw of RAW)
      expect(raw === RAW[0] ? text : text.replace(/[^\s(]+@[^\s)]+/g, 'an address'), `${e.action}: "${text}" reads as a raw value (${raw})`).not.toMatch(raw);
  }
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
    expect(entry).toMatchObject({ targetType: 'request', targetId: id, details: { from: previous.user.id, to: next.user.id } });
    expect(entry.description.target).toBe('Audit v. Names (Case #AU-77)');
    expect(linesOf(entry)).toEqual([
      ['Mediator', 'Max Mediator → Max Mediator'],
      ['Request status', 'Matched'],
    ]);
    // A user target is named by the user's name.
    const [status] = (await read(admin.cookie, `?action=user.status&targetId=${next.user.id}`)).entries;
    expect([status.targetUser?.firstName, status.description.target]).toEqual(['Max', 'Max Mediator']);
  });

  it('describes every action the server records in words: no id, code, true/false or raw amount comes back', async () => {
    const admin = await newAdmin('Eve');
    const as = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => call(t, method, url, admin.cookie, body);
    // A second apart, so the log's order is the order of the calls.
    const ok = async (pending: Promise<{ statusCode: number; body: string }>) => {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(200);
      t.clock.advance(1000);
    };

    // Users: a status change, viewing as them and back, a deletion without history and one with it.
    const lawyer = await signUpLawyer(t);
    await ok(as('PATCH', `/api/admin/users/${lawyer.user.id}/status`, { status: 'approved' }));
    await ok(as('POST', `/api/admin/impersonate/${lawyer.user.id}`));
    await ok(as('POST', '/api/admin/impersonate/stop'));
    const newcomer = await signUpLawyer(t);
    await ok(as('DELETE', `/api/admin/users/${newcomer.user.id}`));
    // Settings: an amount, a percentage, a duration and a legal text.
    await ok(
      as('PATCH', '/api/admin/settings', { minimumPlatformFee: '55.50', commissionPercentage: '12.5', matchWindowMinutes: 30, termsOfService: 'Our terms.' }),
    );
    await ok(as('PATCH', '/api/admin/settings', { minimumPlatformFee: '50', commissionPercentage: '10', matchWindowMinutes: 20, termsOfService: null }));
    // A reassignment, and a cancellation with half the deposit back.
    const reassigned = await createMatchedRequest(t, { caseName: 'Words v. Ids', caseNumber: 'WI-1' });
    const next = await signUpMediator(t);
    await ok(as('PATCH', `/api/admin/users/${next.user.id}/status`, { status: 'approved' }));
    await ok(as('PATCH', `/api/admin/mediations/${reassigned.id}/reassign`, { mediatorId: next.user.id }));
    await ok(as('POST', `/api/admin/mediations/${reassigned.id}/cancel`, { refund: 'partial', reason: 'The parties settled on their own.' }));
    await ok(as('DELETE', `/api/admin/users/${reassigned.lawyer.user.id}`));
    // A dispute refunded in part.
    const completed = await createCompletedRequest(t, { caseName: 'Refund v. Codes', caseNumber: 'RC-2' });
    const disputed = await call(t, 'POST', `/api/requests/${completed.id}/dispute`, completed.lawyer.cookie, {
      reason: 'The mediator left after twenty minutes.',
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
    await ok(as('POST', `/api/admin/disputes/${disputed.json().id}/resolve`, { outcome: 'refund_partial', refundAmount: '400.00', note: 'Left early.' }));
    // The closed case's documents held from purging, then released (decision 061).
    await ok(as('PUT', `/api/admin/mediations/${completed.id}/retention-hold`, { hold: true }));
    await ok(as('PUT', `/api/admin/mediations/${completed.id}/retention-hold`, { hold: false }));
    // Notifications to everyone and to chosen users.
    await ok(as('POST', '/api/admin/broadcast-notification', { notification: { type: 'broadcast', title: 'Maintenance', message: 'Down at 2 AM.' } }));
    await ok(
      as('POST', '/api/admin/broadcast-notification', { notification: { type: 'broadcast', title: 'Hello', message: 'Welcome.' }, userIds: [lawyer.user.id] }),
    );
    // A support message marked handled, then open again.
    const sent = await call(t, 'POST', '/api/contact', undefined, {
      name: 'Pat Sender',
      email: 'pat@example.com',
      subject: 'Cannot upload my brief',
      message: 'It fails.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await ok(as('PATCH', `/api/admin/support/${sent.json().id}`, { handled: true }));
    await ok(as('PATCH', `/api/admin/support/${sent.json().id}`, { handled: false }));
    // A two-sided case's joint channel read (decision 046).
    const twoSided = await createMatchedRequest(t, { caseName: 'Joint v. Read', caseNumber: 'JR-3' });
    await inviteAndJoin(t, twoSided.lawyer.cookie, twoSided.id);
    await ok(call(t, 'GET', `/api/messages/${twoSided.id}?channel=joint`, admin.cookie));

    const { entries } = await read(admin.cookie, `?actorId=${admin.id}&limit=100`);
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(AUDIT_ACTIONS));
    for (const entry of entries) {
      expect(entry.description.by).toBe(`Eve Admin (${(entry.actor as unknown as { email: string }).email})`);
      expectWords(entry);
    }
    const described = (action: string) =>
      entries.filter((e) => e.action === action).map((e) => ({ title: e.description.title, target: e.description.target, lines: linesOf(e) }));
    const support = 'Support message “Cannot upload my brief” from Pat Sender (pat@example.com)';
    expect(described('support.handled')).toEqual([
      { title: 'Reopened a support message', target: support, lines: [['Now', 'Open (not handled)']] },
      { title: 'Marked a support message handled', target: support, lines: [['Now', 'Handled']] },
    ]);
    expect(described('request.retention_hold')).toEqual([
      { title: 'Released a case’s documents for purging', target: 'Refund v. Codes (Case #RC-2)', lines: [['Documents', 'Purged under the retention policy']] },
      { title: 'Held a case’s documents from purging', target: 'Refund v. Codes (Case #RC-2)', lines: [['Documents', 'Kept until released']] },
    ]);
    expect(described('dispute.resolve')).toEqual([
      {
        title: 'Resolved a dispute',
        target: 'Dispute on Refund v. Codes (Case #RC-2)',
        lines: [
          ['Outcome', 'Partial refund of $400 to the lawyer; the rest paid to the mediator'],
          ['Note', 'Left early.'],
        ],
      },
    ]);
    const [cancelled] = described('request.cancel');
    expect(cancelled.target).toBe('Words v. Ids (Case #WI-1)');
    expect(cancelled.lines[0]).toEqual(['Status before', 'Matched']);
    expect(cancelled.lines[1][0]).toBe('Refund');
    expect(cancelled.lines[1][1]).toMatch(/^Partial refund of \$[\d,]+(\.\d{2})? \(half the deposit, and anything paid beyond it\)$/);
    expect(cancelled.lines.at(-1)).toEqual(['Reason', 'The parties settled on their own.']);
    expect(described('user.delete').map((d) => [d.target, d.lines[0][1].split(':')[0]])).toEqual([
      ['Deleted user', 'Anonymised'],
      ['A lawyer’s account, since removed', 'Removed with everything they had (no money or case history)'],
    ]);
    expect(described('settings.update')[1].lines).toEqual([
      ['Commission', '10% → 12.5%'],
      ['Minimum platform fee', '$50 → $55.50'],
      ['Match window', '20 minutes → 30 minutes'],
      ['Terms of service', 'Replaced the standard text: “Our terms.”'],
    ]);
    expect(described('notification.broadcast').map((d) => d.target)).toEqual(['Lena Lawyer', 'Everyone with an active account']);
    expect(described('user.status').at(-1)).toEqual({
      title: 'Changed a user’s status',
      target: 'Lena Lawyer',
      lines: [['Status', 'Pending → Approved']],
    });
  }, 60_000);

  it('refuses a malformed actor id (400), signed-out callers (401) and non-admins (403)', async () => {
    const admin = await newAdmin('Cy');
    const bad = await call(t, 'GET', '/api/admin/audit-log?actorId=nobody', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('actorId must be a user id');
    expect((await call(t, 'GET', '/api/admin/audit-log')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/admin/audit-log', (await signUpLawyer(t)).cookie)).statusCode).toBe(403);
  });
});
