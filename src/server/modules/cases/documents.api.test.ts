import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUpLawyer, signUpMediator, type Account } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { call, createLiveRequest, setTier } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { inviteAndJoin } from '../../../../tests/helpers/two-sided';
import type { DocumentVisibility } from '../../../common/enums';
import { documentAccesses } from '../../db/schema';
import { ensureAdmin } from '../users/accounts.service';

// Case documents by visibility, with the access log (issue 23, docs/decisions/044).
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');
const VISIBILITIES: DocumentVisibility[] = ['own_side', 'side_and_mediator', 'everyone'];
type Doc = { uploadId: string; kind: string; side: string; visibility: string; mine: boolean; accesses: { userId: string }[] | null; fileName: string | null };

describe.each(backends)('case documents on %s', (backend) => {
  let t: TestApp;
  let admin: { cookie: string; id: string };
  let first: Account;
  let second: Account;
  let selected: Account;
  let passedOver: Account;
  let outsider: Account;
  let id: string;
  /** "first/own_side" → upload id: one case file per side and visibility. */
  const docs = new Map<string, string>();

  async function upload(cookie: string, purpose: 'brief' | 'case_file', fileName = `${purpose}.pdf`) {
    const ask = await call(t, 'POST', '/api/files/upload', cookie, { fileName, size: PDF.length, purpose });
    expect(ask.statusCode).toBe(200);
    const { uploadURL, objectPath } = ask.json() as { uploadURL: string; objectPath: string };
    const put = await t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': 'application/pdf' }, payload: PDF });
    expect(put.statusCode).toBe(200);
    return objectPath;
  }
  const add = (requestId: string, cookie: string, body: unknown) => call(t, 'POST', `/api/requests/${requestId}/documents`, cookie, body);
  const detail = (cookie: string, requestId = id) => call(t, 'GET', `/api/requests/${requestId}`, cookie);
  const download = (cookie: string, uploadId: string) => call(t, 'GET', `/api/files/objects/${uploadId}`, cookie);
  const change = (cookie: string, uploadId: string, body: unknown) => call(t, 'PATCH', `/api/requests/${id}/documents/${uploadId}`, cookie, body);
  const log = (cookie: string, uploadId: string) => call(t, 'GET', `/api/requests/${id}/documents/${uploadId}/accesses`, cookie);

  beforeAll(async () => {
    t = await createTestApp(backend);
    const made = await ensureAdmin(t.ctx, 'docs.admin@example.com', PASSWORD);
    admin = { id: made.id, cookie: sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'docs.admin@example.com', password: PASSWORD })) };
    first = await signUpLawyer(t);
    outsider = await signUpLawyer(t);
    selected = await signUpMediator(t);
    passedOver = await signUpMediator(t);
    for (const m of [selected, passedOver]) await setTier(t, m.user.id, 'pro');
    // The first side's brief comes with the request (default: its side and the mediator).
    id = await createLiveRequest(t, first.cookie, { mediationBriefUrl: await upload(first.cookie, 'brief') });
    for (const m of [selected, passedOver])
      expect((await call(t, 'POST', `/api/requests/${id}/accept`, m.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${id}/select-mediator/${selected.user.id}`, first.cookie)).statusCode).toBe(200);
    second = await inviteAndJoin(t, first.cookie, id);
    for (const [side, account] of [
      ['first', first],
      ['second', second],
    ] as const) {
      for (const visibility of VISIBILITIES) {
        const res = await add(id, account.cookie, { objectPath: await upload(account.cookie, 'case_file', `${side}-${visibility}.pdf`), visibility });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ side, visibility, mine: true, kind: 'case_file', accesses: [] });
        docs.set(`${side}/${visibility}`, res.json().uploadId);
      }
    }
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  // What each reader may open: the uploader's side everything of its own, the selected mediator and admins all but
  // a side's own, the other side what is shared with everyone, anyone else nothing.
  const table: [string, () => Account | { cookie: string; id: string }, string[]][] = [
    ['first lawyer', () => first, ['first/own_side', 'first/side_and_mediator', 'first/everyone', 'second/everyone']],
    ['second lawyer', () => second, ['second/own_side', 'second/side_and_mediator', 'second/everyone', 'first/everyone']],
    ['selected mediator', () => selected, ['first/side_and_mediator', 'first/everyone', 'second/side_and_mediator', 'second/everyone']],
    ['accepted, not selected', () => passedOver, []],
    ['admin', () => admin, ['first/side_and_mediator', 'first/everyone', 'second/side_and_mediator', 'second/everyone']],
    ['outsider', () => outsider, []],
  ];

  it.each(table)('%s: the detail lists and the download serves exactly what they may open', async (_name, who, expected) => {
    const reader = who();
    const seen = await detail(reader.cookie);
    const listed = seen.statusCode === 200 ? (seen.json().documents as Doc[]) : [];
    const keyOf = new Map([...docs].map(([key, uploadId]) => [uploadId, key]));
    expect(
      listed
        .filter((d) => d.kind === 'case_file')
        .map((d) => keyOf.get(d.uploadId))
        .sort(),
    ).toEqual([...expected].sort());
    for (const [key, uploadId] of docs) {
      const res = await download(reader.cookie, uploadId);
      expect({ key, status: res.statusCode }).toEqual({ key, status: expected.includes(key) ? 200 : 404 });
    }
  });

  it("the spec's fields stay the first side's, cut to what the viewer may open", async () => {
    const mine = (await detail(first.cookie)).json();
    expect(mine.mediationBriefUrl).not.toBeNull();
    expect(mine.caseFilesUrls).toHaveLength(3);
    expect(mine.documents[0]).toMatchObject({ kind: 'brief', side: 'first', visibility: 'side_and_mediator', mine: true });
    const theirs = (await detail(second.cookie)).json();
    expect(theirs.mediationBriefUrl).toBeNull(); // a brief is for the mediator
    expect(theirs.caseFilesUrls).toEqual([`/objects/${docs.get('first/everyone')}`]);
    expect((theirs.documents as Doc[]).filter((d) => d.side === 'first').every((d) => !d.mine && d.accesses === null)).toBe(true);
    const mediator = (await detail(selected.cookie)).json();
    expect(mediator.mediationBriefUrl).toBe(mine.mediationBriefUrl);
    expect(mediator.caseFilesUrls).toHaveLength(2);
    expect((await detail(passedOver.cookie)).json()).toMatchObject({ documents: [], mediationBriefUrl: null, caseFilesUrls: [] });
  });

  it('every download is recorded; only the uploader sees who opened it', async () => {
    const uploadId = docs.get('second/everyone')!;
    for (const reader of [first, selected, admin, first]) expect((await download(reader.cookie, uploadId)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(documentAccesses).where(eq(documentAccesses.uploadId, uploadId));
    expect(rows.length).toBeGreaterThanOrEqual(4);

    const own = ((await detail(second.cookie)).json().documents as Doc[]).find((d) => d.uploadId === uploadId)!;
    const openers = own.accesses!.map((a) => a.userId);
    expect(openers.filter((u) => u === first.user.id).length).toBeGreaterThanOrEqual(2);
    expect(openers).toEqual(expect.arrayContaining([selected.user.id, admin.id]));
    const asFirst = ((await detail(first.cookie)).json().documents as Doc[]).find((d) => d.uploadId === uploadId)!;
    expect(asFirst).toMatchObject({ mine: false, accesses: null });

    const full = await log(second.cookie, uploadId);
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ uploadId, visibility: 'everyone', changes: [] });
    expect(full.json().accesses[0]).toMatchObject({ name: expect.any(String), accessedAt: expect.any(String) });
    // Who may open it but did not add it: 403; who may not see it: 404.
    expect((await log(first.cookie, uploadId)).statusCode).toBe(403);
    expect((await log(selected.cookie, uploadId)).statusCode).toBe(403);
    expect((await log(admin.cookie, uploadId)).statusCode).toBe(403);
    expect((await log(outsider.cookie, uploadId)).statusCode).toBe(404);
    expect((await log(passedOver.cookie, uploadId)).statusCode).toBe(404);
    expect((await log(first.cookie, docs.get('second/own_side')!)).statusCode).toBe(404);
  });

  it('narrowing is logged with who had already opened it; widening is not a narrowing; the narrowed document is gone for them', async () => {
    const path = await upload(first.cookie, 'case_file', 'shared-then-not.pdf');
    const uploadId = (await add(id, first.cookie, { objectPath: path })).json().uploadId as string; // a case file: everyone
    for (const reader of [second, selected, first]) expect((await download(reader.cookie, uploadId)).statusCode).toBe(200);

    const narrowed = await change(first.cookie, uploadId, { visibility: 'side_and_mediator' });
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().visibility).toBe('side_and_mediator');
    expect(narrowed.json().changes).toHaveLength(1);
    const entry = narrowed.json().changes[0];
    expect(entry).toMatchObject({ fromVisibility: 'everyone', toVisibility: 'side_and_mediator' });
    expect(entry.alreadyOpenedBy.map((o: { userId: string }) => o.userId).sort()).toEqual([second.user.id, selected.user.id].sort());
    expect(entry.alreadyOpenedBy[0].name).toMatch(/\w+ \w+/);
    expect((await download(second.cookie, uploadId)).statusCode).toBe(404);
    expect(((await detail(second.cookie)).json().documents as Doc[]).map((d) => d.uploadId)).not.toContain(uploadId);
    expect((await download(selected.cookie, uploadId)).statusCode).toBe(200);

    // Widening: allowed, not logged as a narrowing; the same visibility again changes nothing.
    const widened = await change(first.cookie, uploadId, { visibility: 'everyone' });
    expect(widened.json()).toMatchObject({ visibility: 'everyone' });
    expect(widened.json().changes).toHaveLength(1);
    expect((await change(first.cookie, uploadId, { visibility: 'everyone' })).json().changes).toHaveLength(1);
    expect((await download(second.cookie, uploadId)).statusCode).toBe(200);

    const ownOnly = await change(first.cookie, uploadId, { visibility: 'own_side' });
    expect(ownOnly.json().changes).toHaveLength(2);
    expect(ownOnly.json().changes).toContainEqual(expect.objectContaining({ fromVisibility: 'everyone', toVisibility: 'own_side' }));
    expect((await download(selected.cookie, uploadId)).statusCode).toBe(404);
    expect((await download(admin.cookie, uploadId)).statusCode).toBe(404);
    expect((await log(first.cookie, uploadId)).json().changes).toHaveLength(2);
  });

  it('refuses bad input in RULES.md 6 order: 404, 403, 400, 409', async () => {
    const theirs = docs.get('second/everyone')!;
    // Not theirs to change: 403 when they can see it (bad body or not), 404 when they cannot.
    expect((await change(first.cookie, theirs, { visibility: 'own_side' })).statusCode).toBe(403);
    expect((await change(first.cookie, theirs, { visibility: 'nobody' })).statusCode).toBe(403);
    expect((await change(admin.cookie, theirs, { visibility: 'own_side' })).statusCode).toBe(403);
    expect((await change(outsider.cookie, theirs, { visibility: 'nobody' })).statusCode).toBe(404);
    expect((await change(first.cookie, docs.get('second/own_side')!, { visibility: 'everyone' })).statusCode).toBe(404);
    expect((await change(second.cookie, '00000000-0000-4000-8000-000000000000', { visibility: 'everyone' })).statusCode).toBe(404);
    expect((await change(second.cookie, 'not-a-uuid', { visibility: 'everyone' })).statusCode).toBe(404);
    const bad = await change(second.cookie, theirs, { visibility: 'nobody' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.visibility).toMatch(/only my side/);
    expect((await change(second.cookie, theirs, {})).statusCode).toBe(400);

    // Adding: outsiders 404, mediators and admins 403, bad bodies 400, someone else's file 400.
    const path = await upload(second.cookie, 'case_file');
    expect((await add(id, outsider.cookie, { objectPath: path })).statusCode).toBe(404);
    expect((await add(id, passedOver.cookie, { objectPath: path })).statusCode).toBe(403);
    expect((await add(id, selected.cookie, { objectPath: path })).statusCode).toBe(403);
    expect((await add(id, admin.cookie, { objectPath: path })).statusCode).toBe(403);
    expect((await add(id, second.cookie, {})).statusCode).toBe(400);
    expect((await add(id, second.cookie, { objectPath: path, visibility: 'nobody' })).statusCode).toBe(400);
    const foreign = await add(id, first.cookie, { objectPath: path });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.objectPath).toBe('The attached file was not found. Please upload it again.');
    const photo = await call(t, 'POST', '/api/files/upload', second.cookie, { purpose: 'photo' });
    expect((await add(id, second.cookie, { objectPath: photo.json().objectPath })).statusCode).toBe(400);

    // Twice the same file, a second brief, a sixth case file: 409.
    expect((await add(id, second.cookie, { objectPath: path })).statusCode).toBe(201);
    expect((await add(id, second.cookie, { objectPath: path })).statusCode).toBe(409);
    expect((await add(id, first.cookie, { objectPath: await upload(first.cookie, 'brief') })).json().message).toBe(
      'Your side already has a brief in this case. Add this file as a case file instead.',
    );
    const brief = await add(id, second.cookie, { objectPath: await upload(second.cookie, 'brief') });
    expect(brief.json()).toMatchObject({ kind: 'brief', side: 'second', visibility: 'side_and_mediator' });
    expect((await add(id, second.cookie, { objectPath: await upload(second.cookie, 'case_file') })).statusCode).toBe(201); // the fifth
    const sixth = await add(id, second.cookie, { objectPath: await upload(second.cookie, 'case_file') });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('You can only upload up to 5 file(s).');
    // Signed out: 401 on every route.
    for (const res of [await add(id, '', { objectPath: path }), await change('', theirs, { visibility: 'everyone' }), await log('', theirs)]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('a one-sided case: the owner, the selected mediator and admins see what they saw before, each opening recorded', async () => {
    const owner = await signUpLawyer(t);
    const brief = await upload(owner.cookie, 'brief');
    const file = await upload(owner.cookie, 'case_file');
    const mediator = await signUpMediator(t);
    await setTier(t, mediator.user.id, 'pro');
    const oneSided = await createLiveRequest(t, owner.cookie, { mediationBriefUrl: brief, caseFilesUrls: [file] });
    expect((await call(t, 'POST', `/api/requests/${oneSided}/accept`, mediator.cookie, { noConflictConfirmed: true })).statusCode).toBe(201);
    expect((await call(t, 'POST', `/api/requests/${oneSided}/select-mediator/${mediator.user.id}`, owner.cookie)).statusCode).toBe(200);
    for (const reader of [owner, mediator, admin]) {
      const seen = (await detail(reader.cookie, oneSided)).json();
      expect(seen.mediationBriefUrl).toBe(brief);
      expect(seen.caseFilesUrls).toEqual([file]);
      expect(seen.documents.map((d: Doc) => [d.kind, d.side, d.visibility, d.fileName])).toEqual([
        ['brief', 'first', 'side_and_mediator', 'brief.pdf'],
        ['case_file', 'first', 'everyone', 'case_file.pdf'],
      ]);
      for (const d of seen.documents as Doc[]) expect((await download(reader.cookie, d.uploadId)).statusCode).toBe(200);
    }
    const ownerView = (await detail(owner.cookie, oneSided)).json().documents as Doc[];
    expect(ownerView[0].accesses!.map((a) => a.userId).sort()).toEqual([owner.user.id, mediator.user.id, admin.id].sort());
    expect(((await detail(mediator.cookie, oneSided)).json().documents as Doc[])[0]).toMatchObject({ mine: false, accesses: null });
    // Owner adds a document later: it joins the spec's fields.
    const later = await upload(owner.cookie, 'case_file', 'later.pdf');
    expect((await add(oneSided, owner.cookie, { objectPath: later })).statusCode).toBe(201);
    expect((await detail(mediator.cookie, oneSided)).json().caseFilesUrls).toEqual([file, later]);
  });
});
