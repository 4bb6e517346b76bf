import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import { DISCLOSURE_REQUIRED } from '../../../common/schemas/cases';
import { ensureAdmin } from '../users/accounts.service';

// Parties per side and the mediator's conflict check (issue 23, docs/decisions/047).
describe.each(backends)('parties and conflict disclosure on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'conflicts.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'conflicts.admin@example.com', password: PASSWORD }));
  }, 180_000);
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const putParties = (id: string, cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/requests/${id}/parties`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const accept = (id: string, cookie: string, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true, ...extra });
  const proMediator = async (profile: Record<string, unknown> = {}) => {
    const mediator = await signUpMediator(t, profile);
    await setTier(t, mediator.user.id, 'pro'); // sees a live request at once (no head start)
    return mediator;
  };
  const notes = async (cookie: string) => (await call(t, 'GET', '/api/notifications?limit=50', cookie)).json() as { type: string; message: string }[];

  /** A Pro mediator selected on an earlier case whose first side listed "Acme Corp"; the case number is unique. */
  async function mediatorWithEarlierCase(caseNumber: string) {
    const mediator = await proMediator();
    const lawyer = await signUpLawyer(t, { firmName: 'Alpha Partners' });
    const id = await createLiveRequest(t, lawyer.cookie, {
      caseNumber,
      caseName: 'Acme v. Beta',
      opposingLawyerFirmName: 'Beta Counsel',
      parties: [{ kind: 'party', name: 'Acme Corp' }],
    });
    // The earlier case listed parties, so it was checked too: nothing to find, accepted as always.
    expect((await accept(id, mediator.cookie)).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${mediator.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    return { mediator, earlierLawyer: lawyer };
  }

  it('a party met before: previewed, accept refused without a disclosure, then stored and shown to both sides with notices', async () => {
    const { mediator } = await mediatorWithEarlierCase('CV-EARLIER-1');
    const owner = await signUpLawyer(t, { firmName: 'Gamma LLP' });
    const id = await createLiveRequest(t, owner.cookie, { opposingLawyerFirmName: 'Delta LLP' });
    const opposing = await inviteAndJoin(t, owner.cookie, id);
    const listed = await putParties(id, opposing.cookie, { parties: [{ kind: 'party', name: '  acme   corp ' }] });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([{ kind: 'party', name: 'acme   corp', side: 'second' }]);

    const match = { name: 'acme corp', kind: 'party', caseName: 'Acme v. Beta', caseNumber: 'CV-EARLIER-1' };
    const preview = await call(t, 'GET', `/api/requests/${id}/conflicts`, mediator.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({ matches: [match] });

    for (const disclosure of [undefined, '   ']) {
      const refused = await accept(id, mediator.cookie, disclosure === undefined ? {} : { disclosure });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: DISCLOSURE_REQUIRED, fieldErrors: { disclosure: DISCLOSURE_REQUIRED } });
    }
    const text = 'I mediated Acme v. Beta in 2025 for Acme Corp and its opponent; I have no ongoing relationship with either.';
    expect((await accept(id, mediator.cookie, { disclosure: `  ${text} ` })).statusCode).toBe(201);

    // A mediator without earlier cases accepts the same case as always.
    const fresh = await proMediator();
    expect((await accept(id, fresh.cookie)).statusCode).toBe(201);

    for (const who of [owner, opposing]) {
      const list = await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, who.cookie);
      expect(list.statusCode).toBe(200);
      const byMediator = new Map((list.json() as { mediatorId: string }[]).map((a) => [a.mediatorId, a]));
      expect(byMediator.get(mediator.user.id)).toMatchObject({ disclosure: text, conflictMatches: [match] });
      expect(byMediator.get(fresh.user.id)).toMatchObject({ disclosure: null, conflictMatches: [] });
      const disclosed = (await notes(who.cookie)).filter((n) => n.type === 'conflict_disclosed');
      expect(disclosed.map((n) => n.message)).toEqual([
        'Max Mediator accepted Smith v. Jones with a disclosure about a possible conflict. Please read it before the mediator is selected.',
      ]);
    }
    expect((await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, admin)).json()[0]).toHaveProperty('disclosure');
  });

  it('firms count once a case lists parties: the poster’s firm and the one typed for opposing counsel; a case without a list is the spec’s', async () => {
    const { mediator, earlierLawyer } = await mediatorWithEarlierCase('CV-EARLIER-2');
    // The same lawyer (firm "Alpha Partners") posts again, listing nobody: no check, as the spec's accept.
    const plain = await createLiveRequest(t, earlierLawyer.cookie, { caseNumber: 'CV-PLAIN', opposingLawyerFirmName: 'Beta Counsel' });
    expect((await call(t, 'GET', `/api/requests/${plain}/conflicts`, mediator.cookie)).json()).toEqual({ matches: [] });
    expect((await accept(plain, mediator.cookie)).statusCode).toBe(201);

    // With a list, both firms are compared (suffixes and case aside): "ALPHA PARTNERS LLP" and "Beta Counsel, Inc.".
    const other = await signUpLawyer(t, { firmName: 'ALPHA PARTNERS LLP' });
    const listed = await createLiveRequest(t, other.cookie, {
      caseNumber: 'CV-LISTED',
      opposingLawyerFirmName: 'Beta Counsel, Inc.',
      parties: [{ kind: 'party', name: 'Zeta Holdings' }],
    });
    const { matches } = (await call(t, 'GET', `/api/requests/${listed}/conflicts`, mediator.cookie)).json() as { matches: { name: string }[] };
    expect(matches.map((m) => m.name).sort()).toEqual(['ALPHA PARTNERS LLP', 'Beta Counsel, Inc.']);
    expect((await accept(listed, mediator.cookie)).statusCode).toBe(400);
    const ok = await accept(listed, mediator.cookie, { disclosure: 'I mediated a case with both firms last year.' });
    expect(ok.statusCode).toBe(201);
    // Only the first side is in this case: only they are told.
    expect((await notes(other.cookie)).filter((n) => n.type === 'conflict_disclosed')).toHaveLength(1);
  });

  it('a voluntary disclosure without a match is kept and shown', async () => {
    const owner = await signUpLawyer(t);
    const mediator = await proMediator();
    const id = await createLiveRequest(t, owner.cookie);
    expect((await accept(id, mediator.cookie, { disclosure: 'I once worked with the court clerk.' })).statusCode).toBe(201);
    const [row] = (await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, owner.cookie)).json();
    expect(row).toMatchObject({ disclosure: 'I once worked with the court clerk.', conflictMatches: [] });
  });

  it('the form’s list per side lands in sides.parties in order; PUT replaces a side', async () => {
    const owner = await signUpLawyer(t);
    const created = await call(t, 'POST', '/api/requests', owner.cookie, {
      ...validRequest(),
      parties: [
        { kind: 'party', name: 'Jane Smith' },
        { kind: 'party', name: 'Robert Jones', side: 'second' },
        { kind: 'firm', name: 'Smith Family Trust' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const sides = async (cookie: string) => (await call(t, 'GET', `/api/requests/${id}`, cookie)).json().sides.parties;
    expect(await sides(owner.cookie)).toEqual([
      { kind: 'party', name: 'Jane Smith', side: 'first' },
      { kind: 'firm', name: 'Smith Family Trust', side: 'first' },
      { kind: 'party', name: 'Robert Jones', side: 'second' },
    ]);
    // Nobody holds the second seat yet: the first side may write its list.
    expect((await putParties(id, owner.cookie, { side: 'second', parties: [{ kind: 'party', name: 'R. Jones' }] })).statusCode).toBe(200);
    expect((await putParties(id, owner.cookie, { parties: [] })).json()).toEqual([{ kind: 'party', name: 'R. Jones', side: 'second' }]);
    const tooMany = Array.from({ length: 21 }, (_, i) => ({ kind: 'party', name: `P${i}` }));
    expect((await call(t, 'POST', '/api/requests', owner.cookie, { ...validRequest(), parties: tooMany })).json().fieldErrors).toEqual({
      parties: 'At most 20 parties and firms per side',
    });
  });

  it('who may write which list: 401, 404 outsiders, 403 mediators, admins and the wrong side; 400 bad input; 409 closed', async () => {
    const owner = await signUpLawyer(t);
    const mediator = await proMediator(); // sees the live request in Available
    const outsider = await signUpLawyer(t);
    const id = await createLiveRequest(t, owner.cookie);
    const body = { parties: [{ kind: 'firm', name: 'Firm LLP' }] };
    expect((await putParties(id, undefined, body)).statusCode).toBe(401);
    expect((await putParties(id, outsider.cookie, body)).statusCode).toBe(404);
    expect((await putParties('00000000-0000-4000-8000-000000000000', owner.cookie, body)).statusCode).toBe(404);
    // 404 and 403 come before the body is read.
    expect((await putParties(id, outsider.cookie, { parties: 'x' })).statusCode).toBe(404);
    for (const cookie of [mediator.cookie, admin]) {
      const refused = await putParties(id, cookie, { parties: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only counsel of this case can list its parties and firms');
    }

    const bad = await putParties(id, owner.cookie, { parties: [{ kind: 'person', name: ' ' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ 'parties.0.kind': 'Choose party or firm', 'parties.0.name': 'Name is required' });
    expect((await putParties(id, owner.cookie, { parties: 'x' })).json().fieldErrors).toEqual({ parties: 'Must be a list' });
    expect((await putParties(id, owner.cookie, { parties: [], side: 'third' })).json().fieldErrors).toEqual({ side: 'Side must be first or second' });

    const opposing: Account = await inviteAndJoin(t, owner.cookie, id);
    expect((await putParties(id, owner.cookie, { ...body, side: 'second' })).json().message).toBe(
      'Opposing counsel has joined: they list their own parties and firms now',
    );
    expect((await putParties(id, opposing.cookie, { ...body, side: 'first' })).statusCode).toBe(403);
    expect((await putParties(id, opposing.cookie, body)).statusCode).toBe(200);

    // The preview is the mediator's: 403 for counsel, 404 for a mediator who cannot see the case.
    expect((await call(t, 'GET', `/api/requests/${id}/conflicts`, owner.cookie)).statusCode).toBe(403);
    const elsewhere = await proMediator({ jurisdiction: 'Nevada' });
    expect((await call(t, 'GET', `/api/requests/${id}/conflicts`, elsewhere.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/requests/${id}/conflicts`)).statusCode).toBe(401);

    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, owner.cookie, {})).statusCode).toBe(200);
    const closed = await putParties(id, owner.cookie, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This case is closed: its parties and firms can no longer change');
  });
});
