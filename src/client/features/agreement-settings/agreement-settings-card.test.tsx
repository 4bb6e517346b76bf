// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AGREEMENT_TEMPLATE } from '../../../common/domain/signing';
import { SIGNING_TEXTS } from '../../../common/schemas/signing';
import { queryClient } from '../../lib/query-client';
import type { AgreementSettings } from './api';
import { AgreementSettingsCard } from './agreement-settings-card';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // Radix's switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const OWN = `My agreement for {{caseName}}. ${'Everything said in mediation stays in mediation. '.repeat(6)}`;

/** Serves `settings` on GET; a PUT gets `onPut`'s answer, or the saved settings as the server would answer them. */
function serve(settings: AgreementSettings, onPut?: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (_url, init) => {
    if (init?.method !== 'PUT') return json(settings);
    const body = JSON.parse(String(init.body)) as { required: boolean; template: string | null };
    return onPut?.(body) ?? json({ ...body, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
  });
}
const puts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

const renderCard = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <AgreementSettingsCard />
    </QueryClientProvider>,
  );
const requiredSwitch = () => screen.getByRole('switch', { name: 'Require an agreement to mediate before the case opens' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save agreement settings' }));

describe('AgreementSettingsCard', () => {
  it('loads the saved settings: not required, the default agreement, readable but not editable', async () => {
    serve({ required: false, template: null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
    renderCard();
    expect((await screen.findByRole('switch')).getAttribute('aria-checked')).toBe('false');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/agreement-template');
    expect((screen.getByRole('radio', { name: 'Use the default agreement' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Read the default agreement')).toBeTruthy();
    expect(screen.getByText(/AGREEMENT TO MEDIATE/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('turns the requirement on and saves an own text edited from the default, then says it is saved', async () => {
    serve({ required: false, template: null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
    renderCard();
    fireEvent.click(await screen.findByRole('switch'));
    expect(requiredSwitch().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Use my own' }));
    const text = screen.getByLabelText(/Your agreement/) as HTMLTextAreaElement;
    expect(text.value).toBe(DEFAULT_AGREEMENT_TEMPLATE);
    for (const placeholder of ['{{mediatorName}}', '{{caseName}}', '{{caseNumber}}', '{{fee}}', '{{cancellationWindowHours}}', '{{counsel}}'])
      expect(screen.getByText(placeholder)).toBeTruthy();
    expect(screen.getByText(/filled from the case/)).toBeTruthy();

    fireEvent.change(text, { target: { value: `  ${OWN}\n` } });
    save();
    expect(await screen.findByText('Your agreement settings are saved.')).toBeTruthy();
    expect(puts()).toEqual([{ url: '/api/agreement-template', body: { required: true, template: OWN.trim() } }]);
    // A change after saving is not saved yet.
    fireEvent.click(requiredSwitch());
    expect(screen.queryByText('Your agreement settings are saved.')).toBeNull();
  });

  it('going back to the default sends no text', async () => {
    serve({ required: true, template: OWN, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
    renderCard();
    const own = await screen.findByRole('radio', { name: 'Use my own' });
    expect((own as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Your agreement/) as HTMLTextAreaElement).value).toBe(OWN);
    fireEvent.click(screen.getByRole('radio', { name: 'Use the default agreement' }));
    save();
    await waitFor(() => expect(puts()).toEqual([{ url: '/api/agreement-template', body: { required: true, template: null } }]));
  });

  it('an own text too short is refused under the field, in the shared words, without a call', async () => {
    serve({ required: false, template: null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE });
    renderCard();
    fireEvent.click(await screen.findByRole('radio', { name: 'Use my own' }));
    fireEvent.change(screen.getByLabelText(/Your agreement/), { target: { value: 'Too short.' } });
    save();
    expect(await screen.findByText(SIGNING_TEXTS.template)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('shows the server’s field errors under their fields, and nothing as saved', async () => {
    serve({ required: false, template: null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE }, () =>
      json({ message: 'Check the highlighted fields', code: 'bad_request', fieldErrors: { template: 'Unknown placeholder {{judge}}' } }, 400),
    );
    renderCard();
    fireEvent.click(await screen.findByRole('radio', { name: 'Use my own' }));
    fireEvent.change(screen.getByLabelText(/Your agreement/), { target: { value: `${OWN} {{judge}}` } });
    save();
    const error = await screen.findByText('Unknown placeholder {{judge}}');
    expect(screen.getByLabelText(/Your agreement/).getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByText('Your agreement settings are saved.')).toBeNull();
  });
});
