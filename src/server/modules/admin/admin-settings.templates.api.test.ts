import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_KINDS } from '../../../common/email-templates';
import { PASSWORD, signUpLawyer, signUpMediator, signUpVerified } from '../../../../tests/helpers/accounts';
import { backends } from '../../../../tests/helpers/backends';
import { runDueJobs } from '../../../../tests/helpers/jobs';
import { createCompletedRequest } from '../../../../tests/helpers/matched';
import { call } from '../../../../tests/helpers/requests';
import { createTestApp, sessionCookie, type TestApp } from '../../../../tests/helpers/test-app';
import { ensureAdmin } from '../users/accounts.service';

// The admin's e-mail templates (issue 9, RULES.md 1 emailTemplates): read and changed through /api/admin/settings,
// used by the next e-mail of that kind, checked per kind and field.

interface TemplateSetting {
  kind: string;
  label: string;
  subject: string;
  body: string;
  placeholders: string[];
  isDefault: boolean;
}

describe.each(backends)('admin e-mail templates on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    await ensureAdmin(t.ctx, 'templates.admin@example.com', PASSWORD);
    admin = sessionCookie(await call(t, 'POST', '/api/login', undefined, { email: 'templates.admin@example.com', password: PASSWORD }));
  });
  afterAll(async () => {
    t?.ctx.database.pool?.on('error', () => undefined);
    await t?.close();
  });

  const templates = async (): Promise<TemplateSetting[]> => {
    const res = await call(t, 'GET', '/api/admin/settings', admin);
    expect(res.statusCode).toBe(200);
    return res.json().emailTemplates as TemplateSetting[];
  };
  const template = async (kind: string) => (await templates()).find((x) => x.kind === kind)!;
  const patch = (emailTemplates: unknown, cookie = admin) => call(t, 'PATCH', '/api/admin/settings', cookie, { emailTemplates });
  const lastMailTo = (email: string) => [...t.mailer.sent].reverse().find((m) => m.to === email)!;
  const lastAudit = async () => {
    const res = await t.ctx.db.execute(sql`SELECT details FROM audit_log WHERE action = 'settings.update' ORDER BY created_at DESC, id DESC LIMIT 1`);
    return (res as unknown as { rows: { details: Record<string, unknown> }[] }).rows[0].details;
  };

  it('lists every e-mail with its default text, its label and the placeholders it may use', async () => {
    const list = await templates();
    expect(list.map((x) => x.kind)).toEqual([...EMAIL_KINDS]);
    for (const x of list) {
      expect(x).toMatchObject({ ...DEFAULT_EMAIL_TEMPLATES[x.kind as keyof typeof DEFAULT_EMAIL_TEMPLATES], isDefault: true });
    }
    expect(list.find((x) => x.kind === 'verify_email')).toMatchObject({ label: 'Confirm e-mail address', placeholders: ['firstName', 'link'] });
    expect(list.find((x) => x.kind === 'reset_password')).toMatchObject({ label: 'Password reset', placeholders: ['firstName', 'link'] });
    expect(list.find((x) => x.kind === 'new_message')?.placeholders).toEqual(['firstName', 'caseName', 'count', 'link', 'unsubscribeLink']);
  });

  it('an override is used by the next password-reset e-mail, the name neutralised, and audited; null restores the default', async () => {
    const user = await signUpVerified(t, { firstName: 'Ada evil.com' });
    const custom = { subject: '  Reset for {{firstName}}  ', body: 'Dear {{firstName}},\n\n  choose a new password: {{link}}\n\nThe team' };
    const saved = await patch({ reset_password: custom });
    expect(saved.statusCode).toBe(200);
    const shown = (saved.json().emailTemplates as TemplateSetting[]).find((x) => x.kind === 'reset_password');
    expect(shown).toMatchObject({ subject: 'Reset for {{firstName}}', body: custom.body, isDefault: false });
    expect(await template('verify_email')).toMatchObject({ isDefault: true }); // only the kind sent changed
    expect((await lastAudit()).emailTemplates).toEqual({ reset_password: { from: null, to: { subject: 'Reset for {{firstName}}', body: custom.body } } });

    expect((await call(t, 'POST', '/api/password/forgot', undefined, { email: user.email })).statusCode).toBe(200);
    const mail = lastMailTo(user.email);
    expect(mail.subject).toBe('Reset for Ada evil. com');
    expect(mail.text).toMatch(/^Dear Ada evil\. com,\n\n {2}choose a new password: http:\/\/localhost:3000\/reset-password\?token=[\w-]+\n\nThe team$/);

    t.clock.advance(1000); // the last audit entry is the latest in time: the test clock would otherwise tie the two
    const restored = await patch({ reset_password: null });
    expect(restored.statusCode).toBe(200);
    expect(await template('reset_password')).toMatchObject({ ...DEFAULT_EMAIL_TEMPLATES.reset_password, isDefault: true });
    expect((await lastAudit()).emailTemplates).toEqual({ reset_password: { from: { subject: 'Reset for {{firstName}}', body: custom.body }, to: null } });
    await call(t, 'POST', '/api/password/forgot', undefined, { email: user.email });
    expect(lastMailTo(user.email).subject).toBe(DEFAULT_EMAIL_TEMPLATES.reset_password.subject);
    expect(lastMailTo(user.email).text).toContain('Hi Ada evil. com,');
  });

  it('a notification e-mail uses the override with its values filled and the case name neutralised', async () => {
    const saved = await patch({
      mediation_completed: {
        subject: '{{caseName}} is done',
        body: 'Hello {{firstName}}: {{caseName}} is complete.\nResults: {{link}}\nStop these: {{unsubscribeLink}}',
      },
    });
    expect(saved.statusCode).toBe(200);
    const { lawyer, id } = await createCompletedRequest(t, { caseName: 'Doe.com v. Roe' });
    await runDueJobs(t);
    const mail = lastMailTo(lawyer.email);
    expect(mail.subject).toBe('Doe. com v. Roe is done');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Hello Lena: Doe. com v. Roe is complete.');
    expect(lines[1]).toBe(`Results: http://localhost:3000/requests/${id}`);
    expect(lines[2]).toMatch(/^Stop these: http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w.-]+$/);
    expect(lines).toHaveLength(3); // the unsubscribe link is in the template: not added a second time
    expect((await patch({ mediation_completed: null })).statusCode).toBe(200);
  });

  it("saving the default's own text keeps the e-mail on the default", async () => {
    expect((await patch({ password_changed: DEFAULT_EMAIL_TEMPLATES.password_changed })).statusCode).toBe(200);
    expect(await template('password_changed')).toMatchObject({ isDefault: true });
  });

  it('two admins saving different e-mails at once both keep their change', async () => {
    const [a, b] = await Promise.all([
      patch({ verify_email: { subject: 'Confirm, {{firstName}}', body: 'Open {{link}}' } }),
      patch({ new_request: { subject: 'New: {{caseName}}', body: '{{link}}\n{{unsubscribeLink}}' } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await template('verify_email')).toMatchObject({ subject: 'Confirm, {{firstName}}', isDefault: false });
    expect(await template('new_request')).toMatchObject({ subject: 'New: {{caseName}}', isDefault: false });
    expect((await patch({ verify_email: null, new_request: null })).statusCode).toBe(200);
    expect((await templates()).every((x) => x.isDefault)).toBe(true);
  });

  const valid = { subject: 'Hi {{firstName}}', body: 'Go to {{link}}' };
  const note = { subject: 'About {{caseName}}', body: '{{link}}\n{{unsubscribeLink}}' };
  it.each([
    [{ welcome: valid }, 'emailTemplates.welcome', 'Unknown e-mail welcome; the e-mails are ' + EMAIL_KINDS.join(', ')],
    [{ verify_email: { ...valid, subject: '   ' } }, 'emailTemplates.verify_email.subject', 'Subject is required'],
    [{ verify_email: { ...valid, subject: 'x'.repeat(201) } }, 'emailTemplates.verify_email.subject', 'Subject must be at most 200 characters'],
    [{ verify_email: { ...valid, subject: 'Hi\r\nBcc: x@evil.example' } }, 'emailTemplates.verify_email.subject', 'Subject must be a single line'],
    [{ verify_email: { ...valid, body: '' } }, 'emailTemplates.verify_email.body', 'Body is required'],
    [{ verify_email: { ...valid, body: `{{link}}${'x'.repeat(20_000)}` } }, 'emailTemplates.verify_email.body', 'Body must be at most 20000 characters'],
    [
      { verify_email: { ...valid, body: 'Hi {{foo}} {{link}}' } },
      'emailTemplates.verify_email.body',
      'Unknown placeholder {{foo}}; this e-mail can use {{firstName}}, {{link}}',
    ],
    [
      { reset_password: { ...valid, subject: 'Hi {{ firstName }}' } },
      'emailTemplates.reset_password.subject',
      'Unknown placeholder {{ firstName }}; this e-mail can use {{firstName}}, {{link}}',
    ],
    [
      { verify_email: { ...valid, body: 'About {{caseName}}: {{link}}' } },
      'emailTemplates.verify_email.body',
      'Unknown placeholder {{caseName}}; this e-mail can use {{firstName}}, {{link}}',
    ],
    [{ reset_password: { ...valid, body: 'No link here' } }, 'emailTemplates.reset_password.body', 'Body must contain {{link}}'],
    [{ new_request: { ...note, body: 'See {{unsubscribeLink}}' } }, 'emailTemplates.new_request.body', 'Body must contain {{link}}'],
    [
      { new_message: { ...note, body: 'You have {{count}} messages: {{link}}' } },
      'emailTemplates.new_message.body',
      'Body must contain {{unsubscribeLink}}: every notification e-mail says how to turn it off',
    ],
    [{ verify_email: { subject: 'Hi' } }, 'emailTemplates.verify_email.body', 'Body must be text'],
    [{ verify_email: { ...valid, html: '<b>' } }, 'emailTemplates.verify_email', 'A template has a subject and a body only'],
  ])('refuses case %# with a field error and changes nothing', async (body, field, message) => {
    // A valid change beside the bad one is not applied either.
    const res = await patch({ password_changed: { subject: 'Changed', body: 'Your password changed.' }, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().fieldErrors).toEqual({ [field]: message });
    expect((await templates()).every((x) => x.isDefault)).toBe(true);
  });

  it('lawyers, mediators and visitors cannot change a template', async () => {
    const lawyer = await signUpLawyer(t);
    const mediator = await signUpMediator(t);
    expect((await patch({ verify_email: valid }, '')).statusCode).toBe(401);
    expect((await patch({ verify_email: valid }, lawyer.cookie)).statusCode).toBe(403);
    expect((await patch({ verify_email: valid }, mediator.cookie)).statusCode).toBe(403);
    expect(await template('verify_email')).toMatchObject({ isDefault: true });
  });
});
