// @vitest-environment jsdom
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_NO_SCRIPTS, previewEmailHtml } from '../../../common/email-layout-message';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_KIND_INFO, EMAIL_KINDS, type EmailKind } from '../../../common/email-templates';
import type { EmailTemplateSetting } from '../../../common/schemas/admin-settings';
import { apiGet } from '../../lib/api-client';
import { EmailTemplatesCard } from './email-templates-card';
import type { AdminSettings } from './settings-schema';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const templateList = (overrides: Partial<Record<EmailKind, { subject: string; body: string }>> = {}): EmailTemplateSetting[] =>
  EMAIL_KINDS.map((kind) => ({
    kind,
    label: EMAIL_KIND_INFO[kind].label,
    ...(overrides[kind] ?? DEFAULT_EMAIL_TEMPLATES[kind]),
    placeholders: [...EMAIL_KIND_INFO[kind].placeholders],
    isDefault: !overrides[kind],
  }));

const settingsWith = (emailTemplates: EmailTemplateSetting[]): AdminSettings => ({
  commissionPercentage: '10.00',
  minimumPlatformFee: '50.00',
  defaultDeposit: '250.00',
  matchWindowMinutes: 20,
  priorityHeadStartMinutes: 5,
  payoutHoldHours: 72,
  shareDueDays: 7,
  termsOfService: null,
  privacyPolicy: null,
  emailTemplates,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

/** A server that keeps the overrides it is sent (null = back to the default), like PATCH /api/admin/settings. */
function mockServer(start: Partial<Record<EmailKind, { subject: string; body: string }>> = {}, refuse?: () => Response) {
  let overrides = { ...start };
  fetchMock.mockImplementation(async (_input, init) => {
    if (init?.method === 'PATCH') {
      if (refuse) return refuse();
      const body = JSON.parse(String(init.body)) as { emailTemplates: Record<EmailKind, { subject: string; body: string } | null> };
      for (const [kind, template] of Object.entries(body.emailTemplates) as [EmailKind, { subject: string; body: string } | null][]) {
        if (template) overrides[kind] = { subject: template.subject.trim(), body: template.body };
        else delete overrides[kind];
      }
      overrides = { ...overrides };
    }
    return json(settingsWith(templateList(overrides)));
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  toasts.toast.mockReset();
  toasts.toastError.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EmailTemplatesCard />
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { name: 'Email templates' });
  return client;
}

const subject = () => screen.getByLabelText(/^Subject/) as HTMLInputElement;
const body = () => screen.getByLabelText(/^Body/) as HTMLTextAreaElement;
const choose = (kind: EmailKind) => fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: kind } });
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function axeViolations() {
  // jsdom renders no frame content: axe checks the frame's title here; the browser journeys check its inside.
  const { violations } = await axe.run(document.body, { iframes: false, rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('EmailTemplatesCard', () => {
  it('lists every e-mail by its label and shows the chosen one with a preview filled with sample values', async () => {
    mockServer({ reset_password: { subject: 'Reset, {{firstName}}', body: 'Dear {{firstName}},\n\n  {{link}}' } });
    await renderCard();
    const options = within(screen.getByLabelText('E-mail')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(EMAIL_KINDS.map((k) => EMAIL_KIND_INFO[k].label));
    expect(subject().value).toBe(DEFAULT_EMAIL_TEMPLATES.verify_email.subject);
    expect(screen.getByText('Default text')).toBeTruthy();
    expect(preview().getByTestId('email-preview-body').textContent).toContain(`${window.location.origin}/api/verify-email?token=sample-token`);

    choose('reset_password');
    expect(subject().value).toBe('Reset, {{firstName}}');
    expect(screen.getByText('Customised')).toBeTruthy();
    expect(preview().getByTestId('email-preview-subject').textContent).toBe('Reset, Ada');
    // Whitespace kept as typed: the preview is plain text in a <pre>.
    expect(preview().getByTestId('email-preview-body').textContent).toBe(`Dear Ada,\n\n  ${window.location.origin}/reset-password?token=sample-token`);
    expect(preview().getByTestId('email-preview-body').tagName).toBe('PRE');
    expect(screen.getAllByRole('button', { name: /^\{\{/ }).map((b) => b.textContent)).toEqual(['{{firstName}}', '{{link}}']);
    choose('new_message');
    expect(screen.getAllByRole('button', { name: /^\{\{/ }).map((b) => b.textContent)).toEqual([
      '{{firstName}}',
      '{{caseName}}',
      '{{count}}',
      '{{link}}',
      '{{unsubscribeLink}}',
    ]);
    expect(preview().getByTestId('email-preview-subject').textContent).toBe('Unread messages about Smith v. Jones');
  });

  it('updates the preview as the admin types, neutralising nothing of the template itself', async () => {
    mockServer();
    await renderCard();
    fireEvent.change(subject(), { target: { value: 'Welcome {{firstName}}!' } });
    fireEvent.change(body(), { target: { value: 'Confirm: {{link}}\nThanks' } });
    expect(preview().getByTestId('email-preview-subject').textContent).toBe('Welcome Ada!');
    expect(preview().getByTestId('email-preview-body').textContent).toBe(`Confirm: ${window.location.origin}/api/verify-email?token=sample-token\nThanks`);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('shows the HTML e-mail in a sandboxed frame, made by the server’s code, the admin’s text escaped', async () => {
    mockServer();
    await renderCard();
    const frame = await preview().findByTitle('The e-mail as HTML');
    expect(frame.tagName).toBe('IFRAME');
    // An opaque origin (never allow-same-origin); scripts are refused by the document's own policy instead.
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain(PREVIEW_NO_SCRIPTS);
    const html = () => frame.getAttribute('srcdoc') ?? '';
    expect(html()).toBe(previewEmailHtml('verify_email', DEFAULT_EMAIL_TEMPLATES.verify_email, window.location.origin));
    expect(html()).toContain(`href="${window.location.origin}/api/verify-email?token=sample-token" target="_blank" class="mh-button"`);
    fireEvent.change(body(), { target: { value: '<img src=x onerror=alert(1)> & {{firstName}}\n\n{{link}}' } });
    await waitFor(() => expect(html()).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Ada'));
    expect(html()).not.toContain('<img');
    choose('signing_code');
    await waitFor(() => expect(html()).toContain('493027'));
    expect(html()).not.toContain('class="mh-button"');
  });

  it('inserts a placeholder at the cursor of the field last used', async () => {
    mockServer();
    await renderCard();
    fireEvent.change(body(), { target: { value: 'Hello , open the link' } });
    body().focus();
    body().setSelectionRange(6, 6);
    fireEvent.click(button('{{firstName}}'));
    expect(body().value).toBe('Hello {{firstName}}, open the link');
    expect(document.activeElement).toBe(body());
    expect(body().selectionStart).toBe(6 + '{{firstName}}'.length);

    fireEvent.change(subject(), { target: { value: 'Hi there' } });
    subject().focus();
    subject().setSelectionRange(2, 8);
    fireEvent.click(button('{{firstName}}'));
    expect(subject().value).toBe('Hi{{firstName}}');
  });

  it('saves every e-mail changed in one PATCH and says so with the settings toast', async () => {
    mockServer();
    await renderCard();
    expect(button('Save templates').disabled).toBe(true);
    fireEvent.change(subject(), { target: { value: ' Confirm, {{firstName}} ' } });
    choose('reset_password');
    fireEvent.change(body(), { target: { value: 'New password: {{link}}' } });
    expect(screen.getByText(/Unsaved changes: Confirm e-mail address, Password reset/)).toBeTruthy();
    fireEvent.click(button('Save templates'));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalled());
    expect(patches()).toEqual([
      {
        emailTemplates: {
          verify_email: { subject: ' Confirm, {{firstName}} ', body: DEFAULT_EMAIL_TEMPLATES.verify_email.body },
          reset_password: { subject: DEFAULT_EMAIL_TEMPLATES.reset_password.subject, body: 'New password: {{link}}' },
        },
      },
    ]);
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Settings updated successfully', description: 'New e-mails use the saved templates.' });
    await waitFor(() => expect(button('Save templates').disabled).toBe(true));
    choose('verify_email');
    expect(subject().value).toBe('Confirm, {{firstName}}'); // as the server stored it
    expect(screen.getByText('Customised')).toBeTruthy();
  });

  it("checks the templates by the server's rules before sending, and shows the first e-mail with a problem", async () => {
    mockServer();
    await renderCard();
    choose('new_request');
    fireEvent.change(body(), { target: { value: 'See {{link}} {{foo}}' } });
    choose('verify_email');
    fireEvent.change(subject(), { target: { value: '' } });
    choose('password_changed');
    fireEvent.click(button('Save templates'));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLSelectElement).value).toBe('verify_email');
    expect(subject().getAttribute('aria-invalid')).toBe('true');
    expect(subject().getAttribute('aria-describedby')).toContain(screen.getByText('Subject is required').id);
    choose('new_request');
    expect(screen.getByText('Unknown placeholder {{foo}}; this e-mail can use {{firstName}}, {{caseName}}, {{link}}, {{unsubscribeLink}}')).toBeTruthy();
    expect(patches()).toHaveLength(0);
    // Typing in the field clears its error.
    fireEvent.change(body(), { target: { value: 'See {{link}}' } });
    expect(screen.queryByText(/Unknown placeholder/)).toBeNull();
  });

  it("puts the server's field errors under the field and toasts its message", async () => {
    mockServer({}, () =>
      json(
        { message: 'Body must contain {{link}}', code: 'validation', fieldErrors: { 'emailTemplates.reset_password.body': 'Body must contain {{link}}' } },
        400,
      ),
    );
    await renderCard();
    choose('reset_password');
    fireEvent.change(body(), { target: { value: 'Open {{link}} now' } });
    choose('verify_email');
    fireEvent.click(button('Save templates'));
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalled());
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to update settings');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('Body must contain {{link}}');
    expect((screen.getByLabelText('E-mail') as HTMLSelectElement).value).toBe('reset_password');
    expect(screen.getByText('Body must contain {{link}}')).toBeTruthy();
    expect(body().getAttribute('aria-invalid')).toBe('true');
  });

  it('resets a customised e-mail to the default after confirming', async () => {
    mockServer({ mediation_completed: { subject: 'Done: {{caseName}}', body: '{{link}} {{unsubscribeLink}}' } });
    await renderCard();
    expect(button('Reset to default').disabled).toBe(true); // the first e-mail is on its default
    choose('mediation_completed');
    fireEvent.click(button('Reset to default'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset “Mediation completed” to the default text?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toHaveLength(0);

    fireEvent.click(button('Reset to default'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset to default' }));
    await waitFor(() => expect(toasts.toast).toHaveBeenCalled());
    expect(patches()).toEqual([{ emailTemplates: { mediation_completed: null } }]);
    expect(toasts.toast).toHaveBeenCalledWith({ title: 'Settings updated successfully', description: '“Mediation completed” uses the default text again.' });
    await waitFor(() => expect(subject().value).toBe(DEFAULT_EMAIL_TEMPLATES.mediation_completed.subject));
    expect(screen.getByText('Default text')).toBeTruthy();
  });

  it("takes texts read afresh into the e-mails not being edited, and keeps the admin's edits", async () => {
    mockServer();
    const client = await renderCard();
    fireEvent.change(subject(), { target: { value: 'My edit' } });
    // Another admin saved the reset e-mail meanwhile; the settings are read again.
    mockServer({ reset_password: { subject: 'Their reset', body: '{{link}}' } });
    await client.invalidateQueries();
    choose('reset_password');
    await waitFor(() => expect(subject().value).toBe('Their reset'));
    expect(screen.getByText('Customised')).toBeTruthy();
    choose('verify_email');
    expect(subject().value).toBe('My edit');
    expect(screen.getByText(/Unsaved changes: Confirm e-mail address$/)).toBeTruthy();
  });

  it('is accessible (axe), with errors shown', async () => {
    mockServer();
    await renderCard();
    expect(await axeViolations()).toEqual([]);
    fireEvent.change(body(), { target: { value: 'no link' } });
    fireEvent.click(button('Save templates'));
    await screen.findByText('Body must contain {{link}}');
    expect(await axeViolations()).toEqual([]);
  });
});
