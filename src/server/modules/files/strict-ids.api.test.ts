import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuid } from '../../../common/ids';
import { backends } from '../../../../tests/helpers/backends';
import { signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { validRequest } from '../../../../tests/helpers/requests';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { NOT_UUIDS_36 } from './odd-ids.fixture';

// 36-character strings that look like an id to a loose check but are not UUIDs must be stopped at the edge (404 for a
// path id, 400 with a field error for a body id), never reach SQL and come back as a 500.

describe.each(backends)('ids that are not UUIDs on %s', (backend) => {
  let t: TestApp;
  let lawyer: { cookie: string };
  let mediator: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    lawyer = await signUpLawyer(t);
    mediator = await signUpMediator(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  it('every probe value is 36 characters and not a UUID', () => {
    for (const id of NOT_UUIDS_36) {
      expect(id).toHaveLength(36);
      expect(isUuid(id)).toBe(false);
    }
  });

  it('attaching "/objects/<not a uuid>" to a request is 400 with a field error on that field', async () => {
    for (const id of NOT_UUIDS_36) {
      for (const path of [`/objects/${id}`, `/api/files/objects/${id}`, `objects/${id}`]) {
        const brief = await inject('POST', '/api/requests', lawyer.cookie, validRequest({ mediationBriefUrl: path }));
        expect(brief.statusCode, `${path} → ${brief.body}`).toBe(400);
        expect(brief.json().fieldErrors).toHaveProperty('mediationBriefUrl');
        const files = await inject('POST', '/api/requests', lawyer.cookie, validRequest({ caseFilesUrls: [path] }));
        expect(files.statusCode, `${path} → ${files.body}`).toBe(400);
        expect(files.json().fieldErrors).toHaveProperty('caseFilesUrls');
      }
    }
  });

  it('PATCH /api/profile with such a profileImageUrl is 400 with a field error, and changes nothing', async () => {
    for (const id of NOT_UUIDS_36) {
      for (const path of [`/objects/${id}`, `/api/files/objects/${id}`]) {
        const res = await inject('PATCH', '/api/profile', mediator.cookie, { profileImageUrl: path, firstName: 'Changed' });
        expect(res.statusCode, `${path} → ${res.body}`).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('profileImageUrl');
      }
    }
    const me = (await inject('GET', '/api/user', mediator.cookie)).json();
    expect(me.firstName).toBe('Max');
    expect(me.profileImageUrl).toBeNull();
  });

  it('GET /api/files/objects/{not a uuid} is 404', async () => {
    for (const id of NOT_UUIDS_36) {
      const res = await inject('GET', `/api/files/objects/${encodeURIComponent(id)}`, lawyer.cookie);
      expect(res.statusCode, `${id} → ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });

  it('PATCH /api/notifications/{not a uuid}/read is 404', async () => {
    const { cookie } = await signUpVerified(t);
    for (const id of NOT_UUIDS_36) {
      const res = await inject('PATCH', `/api/notifications/${encodeURIComponent(id)}/read`, cookie);
      expect(res.statusCode, `${id} → ${res.body}`).toBe(404);
    }
  });

  it('the local upload target answers 404 for a key that is not a UUID, even with a valid signature', async () => {
    for (const id of NOT_UUIDS_36) {
      const url = await (t.ctx.storage as { createUploadUrl(key: string, o: object): Promise<string> }).createUploadUrl(id, { expiresInSeconds: 60 });
      const res = await t.app.inject({ method: 'PUT', url, headers: { 'content-type': 'image/png' }, payload: Buffer.from('x') });
      expect(res.statusCode, `${id} → ${res.body}`).toBe(404);
    }
  });
});
