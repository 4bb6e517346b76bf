import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../../../tests/helpers/backends';
import { signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { lawyerProfiles, subscriptions } from '../../db/schema';

describe.each(backends)('role and profile on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const me = async (cookie: string) => (await call('GET', '/api/user', cookie)).json();
  async function withRole(role: 'lawyer' | 'mediator') {
    const account = await signUpVerified(t);
    expect((await call('PATCH', '/api/user/role', account.cookie, { role })).statusCode).toBe(200);
    return account;
  }

  describe('PATCH /api/user/role', () => {
    it('is 401 when signed out', async () => {
      const res = await call('PATCH', '/api/user/role', undefined, { role: 'lawyer' });
      expect(res.statusCode).toBe(401);
    });

    it('refuses admin and unknown roles with 400, leaving the role unset', async () => {
      const { cookie } = await signUpVerified(t);
      for (const role of ['admin', 'judge', '', null]) {
        const res = await call('PATCH', '/api/user/role', cookie, { role });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('role');
      }
      expect((await me(cookie)).role).toBeNull();
    });

    it('sets the role once; a second choice is 409 and changes nothing', async () => {
      const { cookie } = await signUpVerified(t);
      const first = await call('PATCH', '/api/user/role', cookie, { role: 'mediator' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ role: 'mediator', profileCompleted: false, mediatorProfile: null });
      for (const role of ['lawyer', 'mediator']) {
        expect((await call('PATCH', '/api/user/role', cookie, { role })).statusCode).toBe(409);
      }
      expect((await me(cookie)).role).toBe('mediator');
    });
  });

  describe('lawyer onboarding', () => {
    it('requires the lawyer role (403 for a mediator and for no role yet; 401 signed out)', async () => {
      const mediator = await withRole('mediator');
      const noRole = await signUpVerified(t);
      expect((await call('POST', '/api/profile/lawyer', mediator.cookie, { jurisdiction: 'Texas' })).statusCode).toBe(403);
      expect((await call('POST', '/api/profile/lawyer', noRole.cookie, { jurisdiction: 'Texas' })).statusCode).toBe(403);
      expect((await call('POST', '/api/profile/lawyer', undefined, { jurisdiction: 'Texas' })).statusCode).toBe(401);
      expect((await me(mediator.cookie)).lawyerProfile).toBeNull();
    });

    it('needs a jurisdiction (blank counts as missing)', async () => {
      const { cookie } = await withRole('lawyer');
      for (const payload of [{ firmName: 'Firm' }, { jurisdiction: '   ' }]) {
        const res = await call('POST', '/api/profile/lawyer', cookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors.jurisdiction).toBe('Jurisdiction is required');
      }
      expect((await me(cookie)).profileCompleted).toBe(false);
    });

    it('completes the profile; GET /api/user nests lawyerProfile with mediatorProfile null; doing it again updates', async () => {
      const { cookie, user } = await withRole('lawyer');
      const res = await call('POST', '/api/profile/lawyer', cookie, {
        jurisdiction: ' New York ',
        firmName: 'Reyes LLP',
        barNumber: 'NY-1',
        phoneNumber: '+1 555 0100',
        bio: '',
      });
      expect(res.statusCode).toBe(200);
      const body = await me(cookie);
      expect(body).toMatchObject({ role: 'lawyer', profileCompleted: true, mediatorProfile: null });
      expect(body.lawyerProfile).toMatchObject({ userId: user.id, jurisdiction: 'New York', firmName: 'Reyes LLP', barNumber: 'NY-1', bio: null });

      expect((await call('POST', '/api/profile/lawyer', cookie, { jurisdiction: 'Ohio', firmName: 'New Firm' })).statusCode).toBe(200);
      const again = await me(cookie);
      expect(again.lawyerProfile).toMatchObject({ jurisdiction: 'Ohio', firmName: 'New Firm', id: body.lawyerProfile.id });
      expect(await t.ctx.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, user.id))).toHaveLength(1);
    });
  });

  describe('mediator onboarding', () => {
    it('requires the mediator role', async () => {
      const lawyer = await withRole('lawyer');
      const res = await call('POST', '/api/profile/mediator', lawyer.cookie, { jurisdiction: 'Texas', hourlyRate: 300 });
      expect(res.statusCode).toBe(403);
    });

    it('needs an hourly rate and a jurisdiction, with the spec texts', async () => {
      const { cookie } = await withRole('mediator');
      const res = await call('POST', '/api/profile/mediator', cookie, { specializations: ['Family'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toMatchObject({ hourlyRate: 'Hourly rate is required', jurisdiction: 'Jurisdiction is required' });
      const blank = await call('POST', '/api/profile/mediator', cookie, { jurisdiction: 'Texas', hourlyRate: '' });
      expect(blank.json().fieldErrors.hourlyRate).toBe('Hourly rate is required');
    });

    it.each([[-1], [1.5], ['abc']])('refuses yearsExperience %s with 400', async (yearsExperience) => {
      const { cookie } = await withRole('mediator');
      const res = await call('POST', '/api/profile/mediator', cookie, { jurisdiction: 'Texas', hourlyRate: 300, yearsExperience });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('yearsExperience');
      expect((await me(cookie)).mediatorProfile).toBeNull();
    });

    it('refuses a zero or negative hourly rate', async () => {
      const { cookie } = await withRole('mediator');
      for (const hourlyRate of [0, -5, '12.345']) {
        const res = await call('POST', '/api/profile/mediator', cookie, { jurisdiction: 'Texas', hourlyRate });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('hourlyRate');
      }
    });

    it('stores money as two-decimal strings, trims tags, ignores blanks, and starts on the free tier', async () => {
      const { cookie, user } = await withRole('mediator');
      const res = await call('POST', '/api/profile/mediator', cookie, {
        jurisdiction: 'California',
        hourlyRate: 350,
        yearsExperience: 0,
        certifications: ['  Certified Family Mediator  ', '', '   '],
        specializations: [' Family Law', 'Employment ', '  '],
      });
      expect(res.statusCode).toBe(200);
      const body = await me(cookie);
      expect(body).toMatchObject({ role: 'mediator', profileCompleted: true, lawyerProfile: null });
      expect(body.mediatorProfile).toMatchObject({
        hourlyRate: '350.00',
        rating: '0.00',
        reviewCount: 0,
        yearsExperience: 0,
        subscriptionTier: 'free',
        certifications: ['Certified Family Mediator'],
        specializations: ['Family Law', 'Employment'],
      });
      const subs = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, user.id));
      expect(subs).toHaveLength(1);
      expect(subs[0].tier).toBe('free');

      // Onboarding again updates the profile and keeps a single subscription.
      await call('POST', '/api/profile/mediator', cookie, { jurisdiction: 'Oregon', hourlyRate: '410.5' });
      expect((await me(cookie)).mediatorProfile).toMatchObject({ jurisdiction: 'Oregon', hourlyRate: '410.50' });
      expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.mediatorId, user.id))).toHaveLength(1);
    });
  });

  describe('PATCH /api/profile', () => {
    it('a partial mediatorProfile update keeps every other field', async () => {
      const { cookie } = await signUpMediator(t, {
        certifications: ['AAA Panel'],
        specializations: ['Family Law', 'Real Estate'],
        languagesSpoken: ['English', 'Spanish'],
        hourlyRate: 375,
        yearsExperience: 12,
        phoneNumber: '555-0100',
      });
      const res = await call('PATCH', '/api/profile', cookie, { mediatorProfile: { bio: 'Twenty years at the table.' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().mediatorProfile).toMatchObject({
        bio: 'Twenty years at the table.',
        certifications: ['AAA Panel'],
        specializations: ['Family Law', 'Real Estate'],
        languagesSpoken: ['English', 'Spanish'],
        hourlyRate: '375.00',
        yearsExperience: 12,
        phoneNumber: '555-0100',
        jurisdiction: 'California',
      });
      const rate = await call('PATCH', '/api/profile', cookie, { mediatorProfile: { hourlyRate: '400' } });
      expect(rate.json().mediatorProfile).toMatchObject({ hourlyRate: '400.00', bio: 'Twenty years at the table.', certifications: ['AAA Panel'] });
      const tags = await call('PATCH', '/api/profile', cookie, { mediatorProfile: { specializations: [' Employment ', ''] } });
      expect(tags.json().mediatorProfile).toMatchObject({
        specializations: ['Employment'],
        certifications: ['AAA Panel'],
        languagesSpoken: ['English', 'Spanish'],
      });
    });

    it('a partial lawyerProfile update keeps the other fields; names update; GET /api/profile matches', async () => {
      const { cookie } = await signUpLawyer(t, { barNumber: 'CA-77', bio: 'Litigator' });
      const res = await call('PATCH', '/api/profile', cookie, { firstName: ' Grace ', lawyerProfile: { phoneNumber: '555-0199' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Grace', lastName: 'Lawyer' });
      expect(res.json().lawyerProfile).toMatchObject({
        phoneNumber: '555-0199',
        barNumber: 'CA-77',
        bio: 'Litigator',
        firmName: 'Firm LLP',
        jurisdiction: 'California',
      });
      const profile = await call('GET', '/api/profile', cookie);
      expect(profile.json()).toEqual(await me(cookie));
    });

    it('refuses an empty body, blank names and invalid field values with 400', async () => {
      const { cookie } = await signUpMediator(t);
      const empty = await call('PATCH', '/api/profile', cookie, {});
      expect(empty.statusCode).toBe(400);
      const none = await call('PATCH', '/api/profile', cookie);
      expect(none.statusCode).toBe(400);
      const blank = await call('PATCH', '/api/profile', cookie, { lastName: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fieldErrors.lastName).toBe('Last name is required');
      const juris = await call('PATCH', '/api/profile', cookie, { mediatorProfile: { jurisdiction: '' } });
      expect(juris.statusCode).toBe(400);
      const years = await call('PATCH', '/api/profile', cookie, { mediatorProfile: { yearsExperience: -3 } });
      expect(years.statusCode).toBe(400);
      expect((await me(cookie)).mediatorProfile).toMatchObject({ jurisdiction: 'California', yearsExperience: null });
      expect((await me(cookie)).lastName).toBe('Mediator');
    });

    it("refuses the other role's profile fields (403) and is 401 signed out", async () => {
      const lawyer = await signUpLawyer(t);
      expect((await call('PATCH', '/api/profile', lawyer.cookie, { mediatorProfile: { bio: 'x' } })).statusCode).toBe(403);
      expect((await call('PATCH', '/api/profile', undefined, { firstName: 'X' })).statusCode).toBe(401);
      expect((await call('GET', '/api/profile')).statusCode).toBe(401);
    });
  });
});
