// @vitest-environment jsdom
import axe from 'axe-core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api-client';
import { SettingsForm } from './settings-form';
import type { AdminSettings } from './settings-schema';

const toasts = vi.hoisted(() => ({ toast: vi.fn(), toastError: vi.fn() }));
vi.mock('../../components/ui/use-toast', () => toasts);

const SETTINGS: AdminSettings = {
  commissionPercentage: '10.00',
  minimumPlatformFee: '50.00',
  defaultDeposit: '250.00',
  matchWindowMinutes: 1440,
  priorityHeadStartMinutes: 60,
  payoutHoldHours: 72,
  shareDueDays: 7,
  termsOfService: null,
  privacyPolicy: 'Our privacy text.',
  emailTemplates: [],
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function mockServer(answer: (body: Record<string, unknown>) => Response = (body) => json({ ...SETTINGS, ...body, updatedAt: '2026-11-23T10:00:00.000Z' })) {
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'PATCH' ? answer(JSON.parse(String(init.body))) : json(SETTINGS)));
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

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsForm />
    </QueryClientProvider>,
  );
  await screen.findByRole('spinbutton', { name: /Commission/ });
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

/** axe on what is rendered (jsdom cannot compute colours; a component alone has no page landmarks). */
async function axeViolations() {
  const { violations } = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('SettingsForm', () => {
  it('shows the current settings and says changes apply to requests submitted afterwards', async () => {
    mockServer();
    await renderForm();
    expect(field(/^Commission/).value).toBe('10.00');
    expect(field(/^Minimum platform fee/).value).toBe('50.00');
    expect(field(/^Deposit/).value).toBe('250.00');
    expect(field(/^Match window/).value).toBe('1440');
    expect(field(/^Priority head start/).value).toBe('60');
    expect(field(/^Payout hold/).value).toBe('72');
    expect(field(/^Terms of service/).value).toBe('');
    expect(field(/^Privacy policy/).value).toBe('Our privacy text.');
    expect(field(/^Commission/).getAttribute('step')).toBe('0.01');
    expect(screen.getByText(/Changes apply to requests submitted afterwards/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("checks the fields by the server's rules before sending", async () => {
    mockServer();
    await renderForm();
    type(/^Commission/, '101');
    type(/^Deposit/, '0');
    type(/^Minimum platform fee/, '');
    type(/^Payout hold/, '1.5');
    save();
    expect(await screen.findByText('Commission must be at most 100%')).toBeTruthy();
    expect(screen.getByText('Deposit must be greater than 0 with at most two decimals')).toBeTruthy();
    expect(screen.getByText('Minimum fee is required')).toBeTruthy();
    expect(screen.getByText('Payout hold must be a whole number')).toBeTruthy();
    expect(field(/^Commission/).getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toHaveLength(0);
  });

  it('sends only the changed fields (an amount equal to the cent is unchanged; a cleared text is null) and says so', async () => {
    mockServer();
    await renderForm();
    type(/^Commission/, '12.5');
    type(/^Minimum platform fee/, '50');
    type(/^Match window/, '720');
    type(/^Privacy policy/, '');
    type(/^Terms of service/, 'New terms.');
    save();
    await waitFor(() => expect(toasts.toast).toHaveBeenCalled());
    expect(patches()).toEqual([{ commissionPercentage: '12.50', matchWindowMinutes: 720, privacyPolicy: null, termsOfService: 'New terms.' }]);
    expect(toasts.toast).toHaveBeenCalledWith({
      title: 'Settings updated successfully',
      description: 'The new values apply to requests submitted from now on.',
    });
    // The form now shows what the server saved, and has nothing left to save.
    await waitFor(() => expect(field(/^Commission/).value).toBe('12.50'));
    expect((screen.getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("puts the server's field errors under the fields and says the update failed", async () => {
    mockServer(() => json({ message: 'Invalid settings', fieldErrors: { defaultDeposit: 'Deposit must be greater than 0 with at most two decimals' } }, 400));
    await renderForm();
    type(/^Deposit/, '300');
    save();
    await waitFor(() => expect(toasts.toastError).toHaveBeenCalled());
    expect(toasts.toastError.mock.calls[0][0]).toBe('Failed to update settings');
    expect((toasts.toastError.mock.calls[0][1] as Error).message).toBe('Invalid settings');
    expect(await screen.findByText('Deposit must be greater than 0 with at most two decimals')).toBeTruthy();
  });

  it('shows the error when the settings cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Forbidden' }, 403));
    const client = new QueryClient({ defaultOptions: { queries: { queryFn: ({ queryKey }) => apiGet(queryKey.join('/')), retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SettingsForm />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden');
  });

  it('is accessible (axe), with errors shown', async () => {
    mockServer();
    await renderForm();
    expect(await axeViolations()).toEqual([]);
    type(/^Deposit/, '0');
    save();
    await screen.findByText('Deposit must be greater than 0 with at most two decimals');
    expect(await axeViolations()).toEqual([]);
  });
});
