import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMediator, signUpVerified } from '../../../tests/helpers/accounts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DASHBOARD_DOCUMENTS, FIRST_NAME_SLOT, SIDEBAR_WIDTH_SLOT } from '../../common/shell-sections';

const FRAME = '<!doctype html><title>app</title><header>frame</header>';
const SIDEBAR = (width: string) => `<aside style="width:${width}"></aside>`;

// Decisions 027 and 029: / without a session cookie is the landing document; every other client route, and / with a session
// cookie, is the app's document. Decision 064: /dashboard's document carries the signed-in user's name. One backend is enough.
describe('the documents the client routes serve', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'client-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(root, 'landing.html'), '<!doctype html><title>landing</title>');
    writeFileSync(path.join(root, 'index.signed-out.html'), '<!doctype html><html data-signed-out><title>app</title>');
    writeFileSync(path.join(root, 'auth.signed-out.html'), '<!doctype html><html data-signed-out><title>app</title>Welcome back');
    writeFileSync(path.join(root, 'auth-signup.signed-out.html'), '<!doctype html><html data-signed-out><title>app</title>Create your account');
    writeFileSync(path.join(root, 'index.shell.html'), FRAME + SIDEBAR(SIDEBAR_WIDTH_SLOT));
    writeFileSync(path.join(root, DASHBOARD_DOCUMENTS.lawyer), `${SIDEBAR(SIDEBAR_WIDTH_SLOT)}<h1>Welcome back, ${FIRST_NAME_SLOT}!</h1>lawyer`);
    writeFileSync(path.join(root, DASHBOARD_DOCUMENTS.mediator), `${SIDEBAR(SIDEBAR_WIDTH_SLOT)}<h1>Welcome back, ${FIRST_NAME_SLOT}!</h1>mediator`);
    // What scripts/build.mjs writes beside every text file.
    mkdirSync(path.join(root, 'assets'));
    const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(2000))});`);
    writeFileSync(path.join(root, 'assets/app-1234.js'), script);
    writeFileSync(path.join(root, 'assets/app-1234.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(root, 'assets/app-1234.js.gz'), gzipSync(script));
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(path.join(root, '.vite/manifest.json'), '{}');
    writeFileSync(path.join(root, 'landing.html.br'), brotliCompressSync('<!doctype html><title>landing</title>'));
    t = await createTestApp('pglite', { clientRoot: root });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

  it('/ without a session cookie is the landing document, kept apart by caches', async () => {
    for (const url of ['/', '/?utm_source=mail', '/?tab=x#pricing']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>landing</title>');
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // Another cookie is not a session.
    expect((await get('/', 'theme=dark')).body).toContain('<title>landing</title>');
  });

  it('/ with a session cookie, even a stale one, is the app (it decides where the user belongs)', async () => {
    const res = await get('/', 'sid=whatever');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
  });

  it("the build's manifest is not served", async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('every other client route is the app: marked signed out without a session cookie (decision 029), as built with one', async () => {
    const shellPages = ['/dashboard', '/requests/123', '/admin/users'];
    for (const url of ['/auth', ...shellPages, '/privacy', '/auth?tab=signup', '/auth?verified=false', '/role-selection']) {
      const signedOut = await get(url, 'theme=dark');
      expect(signedOut.body, url).toMatch(/^<!doctype html><html data-signed-out><title>app<\/title>/);
      expect(signedOut.headers.vary, url).toMatch(/cookie/i);
      const withSession = await get(url, 'sid=whatever');
      if (!shellPages.includes(url)) expect(withSession.body, url).toBe('<!doctype html><title>app</title>');
      expect(withSession.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it("the signed-in shell's pages, with a session cookie, get the document with the shell's frame drawn (decision 033)", async () => {
    for (const url of [
      '/dashboard',
      '/dashboard?x=1',
      '/requests',
      '/requests/123',
      '/messages/9',
      '/payments/1/receipt',
      '/admin',
      '/admin/users',
      '/profile',
    ]) {
      const res = await get(url, 'sid=whatever');
      expect(res.body, url).toBe(FRAME + SIDEBAR('16rem'));
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The sidebar's place is as wide as the visitor keeps the live sidebar (its cookie), so nothing moves sideways.
    expect((await get('/requests', 'sid=whatever; sidebar_state=false')).body).toBe(FRAME + SIDEBAR('3rem'));
    expect((await get('/requests', 'sidebar_state=true; sid=whatever')).body).toBe(FRAME + SIDEBAR('16rem'));
    // Pages outside the shell keep the plain document: their own layouts, not the shell's header.
    for (const url of ['/', '/role-selection', '/onboarding/lawyer', '/privacy', '/auth', '/dashboards', '/requestsx']) {
      expect((await get(url, 'sid=whatever')).body, url).toBe('<!doctype html><title>app</title>');
    }
  });

  it("/dashboard for a signed-in lawyer or mediator is the role's document with their first name in the heading, escaped (decision 064)", async () => {
    const lawyer = await signUpVerified(t, { firstName: `Zoë $& <b>"O'Neil"</b>` });
    for (const [method, url, payload] of [
      ['PATCH', '/api/user/role', { role: 'lawyer' }],
      ['POST', '/api/profile/lawyer', { jurisdiction: 'California', firmName: 'Firm LLP' }],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: { cookie: lawyer.cookie }, payload })).statusCode, url).toBeLessThan(300);
    }
    for (const url of ['/dashboard', '/dashboard?from=mail']) {
      const res = await get(url, lawyer.cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(`${SIDEBAR('16rem')}<h1>Welcome back, Zoë $&amp; &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt;!</h1>lawyer`);
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // Compressed for the browsers that accept it.
    const br = await get('/dashboard', lawyer.cookie, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Welcome back, Zoë');
    const gz = await get('/dashboard', lawyer.cookie, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Welcome back, Zoë');

    const mediator = await signUpMediator(t);
    expect((await get('/dashboard', `${mediator.cookie}; sidebar_state=false`)).body).toBe(`${SIDEBAR('3rem')}<h1>Welcome back, Max!</h1>mediator`);
    // The other shell pages keep the frame alone.
    expect((await get('/requests', mediator.cookie)).body).toBe(FRAME + SIDEBAR('16rem'));
  });

  it('/dashboard is the frame alone for whoever it is not the page of: no role yet, a profile to finish, an ended session', async () => {
    const noRole = await signUpVerified(t);
    expect((await get('/dashboard', noRole.cookie)).body).toBe(FRAME + SIDEBAR('16rem'));
    const noProfile = await signUpVerified(t);
    await t.app.inject({ method: 'PATCH', url: '/api/user/role', headers: { cookie: noProfile.cookie }, payload: { role: 'mediator' } });
    expect((await get('/dashboard', noProfile.cookie)).body).toBe(FRAME + SIDEBAR('16rem'));
    expect((await get('/dashboard', 'sid=ended')).body).toBe(FRAME + SIDEBAR('16rem'));
  });

  it('/auth without a session is the document with the sign-in page drawn in it, for the tab asked (decision 030)', async () => {
    const page = async (url: string) => (await get(url)).body.replace(/^.*<\/title>/, '');
    expect(await page('/auth')).toBe('Welcome back');
    expect(await page('/auth?tab=login')).toBe('Welcome back');
    expect(await page('/auth?next=%2Frequests%2F1')).toBe('Welcome back');
    expect(await page('/auth?tab=signup')).toBe('Create your account');
    expect(await page('/auth?tab=signup&next=%2F')).toBe('Create your account');
    // A verification notice is not in either drawing: the app draws that page itself.
    expect(await page('/auth?verified=true')).toBe('');
    expect(await page('/auth?verified=false&tab=signup')).toBe('');
    // With a session the app decides (it sends a signed-in user home).
    expect((await get('/auth', 'sid=whatever')).body).toBe('<!doctype html><title>app</title>');
  });

  it('sends the precompressed sibling the browser accepts, the file itself otherwise', async () => {
    const br = await get('/assets/app-1234.js', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');
    expect(br.rawPayload.length).toBeLessThan(200);
    const gz = await get('/assets/app-1234.js', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await get('/assets/app-1234.js', undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    // The documents too, whichever one / picks.
    const landing = await get('/', undefined, { 'accept-encoding': 'br' });
    expect(landing.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(landing.rawPayload).toString()).toContain('<title>landing</title>');
    expect(landing.headers['cache-control']).toBe('no-cache');
  });
});
