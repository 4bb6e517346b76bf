import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, CARDS, createLiveRequest, setTier, validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

// Who may see and do what on a request (RULES.md 6): 401 → 404 (not visible) → 403 (visible, not allowed).
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-fake-png')]);
type Account = Awaited<ReturnType<typeof signUpLawyer>>;

describe.each(backends)('request authorization on %s', (backend) => {
  let t: TestApp;
  let lawyer: Account;
  let otherLawyer: Account;
  let pro: Account;
  let admin: { cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    otherLawyer = await signUpLawyer(t);
    pro = await signUpMediator(t);
    await setTier(t, pro.user.id, 'pro');
    const { id } = await ensureAdmin(t.ctx, 'root.admin@example.com', PASSWORD);
    const login = await call(t, 'POST', '/api/login', undefined, { email: 'root.admin@example.com', password: PASSWORD });
    admin = { id, cookie: sessionCookie(login) };
  });
  afterAll(async () => {
    // The harness drops the database WITH (FORCE) as soon as pool.end() resolves, while idle sockets may still be closing:
    // their 'terminating connection' error must not surface as an uncaught exception.
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const proMediator = async (profile: Record<string, unknown> = {}, tier: 'free' | 'pro' | 'unlimited' = 'pro') => {
    const m = await signUpMediator(t, profile);
    await setTier(t, m.user.id, tier);
    return m;
  };
  const accept = (id: string, cookie: string, body: Record<string, unknown> = {}) =>
    call(t, 'POST', `/api/requests/${id}/accept`, cookie, { noConflictConfirmed: true, ...body });

  /** Asks for an upload URL, PUTs the bytes, and returns the object path (and the PUT's answer). */
  async function upload(cookie: string, purpose: string, bytes = PDF, contentType = 'application/pdf') {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { fileName: `${purpose}.pdf`, size: bytes.length, purpose });
    expect(ask.statusCode).toBe(200);
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType }, payload: bytes });
    return { objectPath, id: objectPath.split('/').pop()!, put };
  }

  it('answers 401 to every request call when signed out', async () => {
    const id = await createLiveRequest(t, lawyer.cookie);
    const mediatorId = pro.user.id;
    const calls: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/api/requests'],
      ['GET', '/api/requests?view=available'],
      ['GET', '/api/requests?view=bogus&limit=0'],
      ['GET', '/api/requests/counts'],
      ['POST', '/api/requests', validRequest()],
      ['GET', `/api/requests/${id}`],
      ['POST', `/api/requests/${id}/submit`],
      ['GET', `/api/requests/${id}/pending-acceptances`],
      ['POST', `/api/requests/${id}/accept`, { noConflictConfirmed: true }],
      ['DELETE', `/api/requests/${id}/acceptance`],
      ['POST', `/api/requests/${id}/select-mediator/${mediatorId}`],
      ['GET', `/api/requests/${id}/cancellation`],
      ['POST', `/api/requests/${id}/cancel`],
      ['POST', '/api/payments/local/confirm', { clientSecret: 'pi_x_secret_y', card: CARDS.ok }],
      ['POST', '/api/payments/local/confirm', {}],
      ['POST', '/api/files/upload', { purpose: 'brief' }],
      ['POST', '/api/files/upload', { purpose: 'not-a-purpose' }],
      ['GET', `/api/files/objects/${id}`],
      ['GET', `/api/mediators/${mediatorId}`],
      ['GET', `/api/mediators/${mediatorId}/acceptances`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(t, method, url, undefined, payload);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json().status).toBe('pending_mediators');
  });

  it("a lawyer gets 404 for another lawyer's request, whatever they try", async () => {
    const draft = (await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseName: 'Private draft' }))).json().id as string;
    const live = await createLiveRequest(t, lawyer.cookie, { caseName: 'Private live' });
    expect((await accept(live, pro.cookie)).statusCode).toBe(201);
    for (const id of [draft, live]) {
      for (const [method, url] of [
        ['GET', `/api/requests/${id}`],
        ['POST', `/api/requests/${id}/submit`],
        ['POST', `/api/requests/${id}/cancel`],
        ['GET', `/api/requests/${id}/cancellation`],
        ['POST', `/api/requests/${id}/select-mediator/${pro.user.id}`],
        ['GET', `/api/requests/${id}/pending-acceptances`],
        ['POST', `/api/requests/${id}/accept`],
      ] as const) {
        const res = await call(t, method, url, otherLawyer.cookie, url.endsWith('/accept') ? { noConflictConfirmed: true } : undefined);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      }
    }
    const theirs = (await call(t, 'GET', '/api/requests', otherLawyer.cookie)).json() as { id: string }[];
    expect(theirs.map((r) => r.id)).not.toContain(live);
    // Nothing changed for the owner.
    expect((await call(t, 'GET', `/api/requests/${live}`, lawyer.cookie)).json()).toMatchObject({ status: 'awaiting_selection', selectedMediatorId: null });
    expect((await call(t, 'GET', `/api/requests/${draft}`, lawyer.cookie)).json().status).toBe('draft');
  });

  it('a mediator gets 404 for what they cannot see, 403 for what they see but may not do', async () => {
    const texas = await proMediator({ jurisdiction: 'Texas' });
    const employment = await proMediator({ specializations: ['Employment Law'] });
    const free = await proMediator({}, 'free');
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Visibility' });

    for (const m of [texas, employment, free]) {
      expect((await call(t, 'GET', `/api/requests/${id}`, m.cookie)).statusCode).toBe(404);
      expect((await accept(id, m.cookie)).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, m.cookie)).statusCode).toBe(404);
      expect((await call(t, 'POST', `/api/requests/${id}/cancel`, m.cookie)).statusCode).toBe(404);
      expect(((await call(t, 'GET', '/api/requests?view=available', m.cookie)).json() as { id: string }[]).map((r) => r.id)).not.toContain(id);
    }
    t.clock.advance(5 * 60_000); // the Free head start is over; the match window is not
    expect((await call(t, 'GET', `/api/requests/${id}`, free.cookie)).statusCode).toBe(200);
    for (const m of [texas, employment]) expect((await call(t, 'GET', `/api/requests/${id}`, m.cookie)).statusCode).toBe(404);

    // Visible to the matching Pro mediator, who may still not act as the lawyer.
    const seen = await call(t, 'GET', `/api/requests/${id}`, pro.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      opposingLawyerName: 'Olivia Opponent',
      opposingLawyerFirmName: 'Opponent LLP',
      opposingLawyerEmail: null,
      opposingLawyerPhone: null,
      mediationBriefUrl: null,
      caseFilesUrls: [],
      documents: [],
      mediatorPayout: '1260.00',
      budget: '1400.00',
    });
    expect((await call(t, 'GET', `/api/requests/${id}/pending-acceptances`, pro.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/requests/${id}/cancel`, pro.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/requests/${id}/cancellation`, pro.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/requests/${id}/submit`, pro.cookie)).statusCode).toBe(403);
    expect((await accept(id, pro.cookie)).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${pro.user.id}`, pro.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/requests', pro.cookie, validRequest())).statusCode).toBe(403);
    // A lawyer may see their own request but cannot accept it.
    expect((await accept(id, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json()).toMatchObject({ status: 'awaiting_selection', acceptanceCount: 1 });
  });

  it('shows contacts, the brief and the case files only to the selected mediator', async () => {
    const brief = await upload(lawyer.cookie, 'brief');
    const caseFile = await upload(lawyer.cookie, 'case_file');
    expect([brief.put.statusCode, caseFile.put.statusCode]).toEqual([200, 200]);
    const id = await createLiveRequest(t, lawyer.cookie, {
      caseName: 'With documents',
      mediationBriefUrl: brief.objectPath,
      caseFilesUrls: [caseFile.objectPath],
    });
    const other = await proMediator();
    expect((await accept(id, pro.cookie)).statusCode).toBe(201);
    expect((await accept(id, other.cookie)).statusCode).toBe(201);

    const mine = (await call(t, 'GET', `/api/requests/${id}`, lawyer.cookie)).json();
    expect(mine.documents.map((d: { kind: string; url: string }) => [d.kind, d.url])).toEqual([
      ['brief', `/api/files/objects/${brief.id}`],
      ['case_file', `/api/files/objects/${caseFile.id}`],
    ]);
    for (const m of [pro, other]) {
      expect((await call(t, 'GET', `/api/requests/${id}`, m.cookie)).json()).toMatchObject({
        opposingLawyerEmail: null,
        documents: [],
        mediationBriefUrl: null,
      });
      expect((await call(t, 'GET', `/api/files/objects/${brief.id}`, m.cookie)).statusCode).toBe(404);
    }
    const own = await call(t, 'GET', `/api/files/objects/${brief.id}`, lawyer.cookie);
    expect(own.statusCode).toBe(200);
    expect(Buffer.compare(own.rawPayload, PDF)).toBe(0);

    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${pro.user.id}`, lawyer.cookie)).statusCode).toBe(200);
    const selectedView = (await call(t, 'GET', `/api/requests/${id}`, pro.cookie)).json();
    expect(selectedView).toMatchObject({
      opposingLawyerEmail: 'olivia@opponent.example',
      opposingLawyerPhone: '+1 555 0100',
      mediationBriefUrl: brief.objectPath,
    });
    expect(selectedView.documents).toHaveLength(2);
    for (const fileId of [brief.id, caseFile.id]) {
      const got = await call(t, 'GET', `/api/files/objects/${fileId}`, pro.cookie);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toMatch(/^application\/pdf/);
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
    }
    // The mediator not selected still sees the request they accepted, but never its contacts or files.
    const rejectedView = await call(t, 'GET', `/api/requests/${id}`, other.cookie);
    expect(rejectedView.json()).toMatchObject({ opposingLawyerEmail: null, opposingLawyerPhone: null, documents: [], caseFilesUrls: [] });
    for (const cookie of [other.cookie, otherLawyer.cookie]) {
      expect((await call(t, 'GET', `/api/files/objects/${brief.id}`, cookie)).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/files/objects/${caseFile.id}`, cookie)).statusCode).toBe(404);
    }
    expect((await call(t, 'GET', `/api/files/objects/${brief.id}`, admin.cookie)).statusCode).toBe(200);
  });

  it('GET /api/mediators/{id}: lawyers, admins and the mediator see it; other mediators get 404', async () => {
    const m = await proMediator({
      hourlyRate: '325.5',
      specializations: ['Family Law', 'Probate'],
      yearsExperience: 12,
      bio: 'Twenty years in family courts.',
      phoneNumber: '+1 555 0199',
    });
    for (const cookie of [lawyer.cookie, admin.cookie, m.cookie]) {
      const res = await call(t, 'GET', `/api/mediators/${m.user.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: m.user.id,
        firstName: 'Max',
        lastName: 'Mediator',
        rating: '0.00',
        reviewCount: 0,
        verified: false,
        specializations: ['Family Law', 'Probate'],
        hourlyRate: '325.50',
        yearsOfExperience: 12,
        totalMediationsCompleted: 0,
      });
      expect(typeof res.json().verified).toBe('boolean');
      expect(res.json()).not.toHaveProperty('email');
      // Spec 3's name is there; its value only for the mediator and admins (a lawyer gets it on the request once matched).
      expect(res.json().phoneNumber).toBe(cookie === lawyer.cookie ? null : '+1 555 0199');
      expect(res.json().monthlyMediationCount).toBe(cookie === lawyer.cookie ? null : 0);
    }
    expect((await call(t, 'GET', `/api/mediators/${m.user.id}`, pro.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/mediators/${lawyer.user.id}`, otherLawyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/mediators/00000000-0000-4000-8000-000000000000', lawyer.cookie)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/mediators/not-a-uuid', lawyer.cookie)).statusCode).toBe(404);
  });

  it('GET /api/mediators/{id}/acceptances: the mediator and admins only (lawyer 403, other mediator 404)', async () => {
    const m = await proMediator();
    const id = await createLiveRequest(t, lawyer.cookie, { caseName: 'Acceptance list' });
    expect((await accept(id, m.cookie, { note: 'Available next week' })).statusCode).toBe(201);
    for (const cookie of [m.cookie, admin.cookie]) {
      const res = await call(t, 'GET', `/api/mediators/${m.user.id}/acceptances`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(1);
      expect(res.json()[0]).toMatchObject({
        requestId: id,
        mediatorId: m.user.id,
        status: 'pending',
        note: 'Available next week',
        request: { id, caseName: 'Acceptance list' },
      });
    }
    expect((await call(t, 'GET', `/api/mediators/${m.user.id}/acceptances`, lawyer.cookie)).statusCode).toBe(403);
    expect((await call(t, 'GET', `/api/mediators/${m.user.id}/acceptances`, pro.cookie)).statusCode).toBe(404);
  });

  it('uploads request documents: PDFs only, the caller own objects, the right purpose, at most 5 case files', async () => {
    // The local upload target refuses bytes that are not a PDF at once.
    const fake = await upload(lawyer.cookie, 'brief', Buffer.from('<html>not a pdf</html>'), 'application/pdf');
    expect(fake.put.statusCode).toBe(415);
    const photo = await upload(lawyer.cookie, 'photo', PNG, 'image/png');
    expect(photo.put.statusCode).toBe(200);
    const someoneElses = await upload(otherLawyer.cookie, 'brief');
    const neverUploaded = (await call(t, 'POST', '/api/files/upload', lawyer.cookie, { purpose: 'brief' })).json().objectPath as string;

    for (const [path, hint] of [
      [fake.objectPath, /upload it again/],
      [photo.objectPath, /uploaded for something else/],
      [someoneElses.objectPath, /not found/],
      [neverUploaded, /upload it again/],
      ['/objects/not-an-object', /not found/],
    ] as const) {
      const res = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: path }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.mediationBriefUrl).toMatch(hint);
    }
    const caseFileAsBrief = await upload(lawyer.cookie, 'case_file');
    expect((await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: caseFileAsBrief.objectPath }))).statusCode).toBe(400);
    const badCaseFiles = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseFilesUrls: [someoneElses.objectPath] }));
    expect(badCaseFiles.statusCode).toBe(400);
    expect(badCaseFiles.json().fieldErrors).toHaveProperty('caseFilesUrls');

    const six = [];
    for (let i = 0; i < 6; i++) six.push((await upload(lawyer.cookie, 'case_file')).objectPath);
    const tooMany = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseFilesUrls: six }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      message: 'You can only upload up to 5 file(s).',
      fieldErrors: { caseFilesUrls: 'You can only upload up to 5 file(s).' },
    });
    const five = await call(t, 'POST', '/api/requests', lawyer.cookie, validRequest({ caseFilesUrls: six.slice(0, 5) }));
    expect(five.statusCode).toBe(201);
    expect(five.json().caseFilesUrls).toEqual(six.slice(0, 5));
    expect(five.json().documents).toHaveLength(5);

    // Case documents are uploaded by lawyers only.
    expect((await call(t, 'POST', '/api/files/upload', pro.cookie, { purpose: 'brief' })).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/files/upload', pro.cookie, { purpose: 'case_file' })).statusCode).toBe(403);
  });
});
