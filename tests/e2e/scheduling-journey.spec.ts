import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_WEEKLY_HOURS } from '../../src/common/domain/scheduling';
import type { SchedulingDto } from '../../src/common/schemas/scheduling';
import { mailedLink } from './helpers/mail';
import { acceptRequest, createFamilyLawRequest, payDeposit, submitRequest } from './helpers/mediation';
import { downloadInvite, expectedTime, localInputs, mailsTo, mailTo } from './helpers/scheduling';
import { check, expectOk, person, snap, type Person } from './helpers/shares';

// Issue 25's journey: a two-sided case's session scheduled by three people in three time zones (their browsers'), each
// reading every time in their own zone. The mediator (London) offers times from their availability; each side answers
// privately for its attendees; the earliest time both can make is proposed and the mediator confirms it; everyone gets
// the invitation and its calendar file; the requesting side moves the session to an hour from now (the same steps), the
// file keeps its UID and raises its SEQUENCE; the hour-before reminder arrives; the other side cancels it, late.

const ZONES = { mediator: 'Europe/London', first: 'America/Los_Angeles', second: 'Asia/Kolkata' } as const;

type Answer = 'Yes' | 'If need be' | 'No';

/** Answers every attendee of the viewer's side, one answer per row (candidate) of the grid, and saves. */
async function answer(page: Page, perRow: Answer[]): Promise<void> {
  const rows = page.getByTestId('answer-row');
  await expect(rows).toHaveCount(perRow.length);
  for (const [i, choice] of perRow.entries()) {
    for (const label of await rows
      .nth(i)
      .locator('label')
      .filter({ hasText: new RegExp(`^${choice}$`) })
      .all())
      await label.click();
  }
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByTestId('answers-remaining')).toHaveText('Your side has answered every time.');
}

async function scheduling(p: Person, id: string): Promise<SchedulingDto> {
  return (await (await expectOk(await p.page.request.get(`/api/requests/${id}/scheduling`), 'scheduling')).json()) as SchedulingDto;
}

async function openCase(p: Person, id: string): Promise<void> {
  await p.page.goto(`/requests/${id}#session`);
  await expect(p.page.getByRole('heading', { name: 'Session' })).toBeVisible();
}

test('three people in three time zones agree on a session, move it, get the reminder and cancel it', async ({ browser }) => {
  test.setTimeout(360_000);
  const mediator = await person(browser, 'mediator', 'Morgan', 'Hale', { timezoneId: ZONES.mediator });
  const first = await person(browser, 'lawyer', 'Lena', 'Ortiz', { timezoneId: ZONES.first });
  const second = await person(browser, 'lawyer', 'Ravi', 'Menon', { timezoneId: ZONES.second });
  const caseName = `Ortiz v. Menon ${Date.now().toString(36)}`;

  // A matched case the other side then joins; the mediator works 9 to 5 London time.
  const id = await createFamilyLawRequest(first.page.request, caseName);
  await payDeposit(first.page.request, await submitRequest(first.page.request, id));
  await acceptRequest(mediator.page.request, id);
  await expectOk(await first.page.request.post(`/api/requests/${id}/select-mediator/${mediator.id}`), 'select');
  await expectOk(await first.page.request.post(`/api/requests/${id}/invitation`, { data: { email: second.account.email, name: second.name } }), 'invite');
  const token = (await mailedLink(second.account.email, 'invitation')).split('/').pop()!;
  await expectOk(await second.page.request.post(`/api/invitations/${token}/accept`), 'join');
  await expectOk(
    await mediator.page.request.put('/api/availability', {
      data: {
        timeZone: ZONES.mediator,
        weekly: DEFAULT_WEEKLY_HOURS,
        sessionMinutes: 240,
        cancellationWindowHours: 48,
        meetingLink: 'https://meet.example.com/hale',
      },
    }),
    'availability',
  );
  // Each page saves its browser's zone the first time it shows the Session card.
  for (const p of [mediator, first, second]) await openCase(p, id);
  for (const [p, zone] of [
    [mediator, ZONES.mediator],
    [first, ZONES.first],
    [second, ZONES.second],
  ] as const)
    await expect.poll(async () => (await scheduling(p, id)).viewerTimeZone, { message: `${p.name}'s zone saved` }).toBe(zone);

  // The mediator offers the first three half days their availability gives.
  await mediator.page.reload();
  await mediator.page.getByRole('button', { name: 'Offer dates' }).click();
  const dialog = mediator.page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Suggest times from the mediator’s availability' }).click();
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes.first()).toBeChecked();
  for (const box of (await boxes.all()).slice(3)) await box.uncheck();
  await check(mediator.page, 'the Offer dates dialog');
  await dialog.getByRole('button', { name: 'Offer dates' }).click();
  await expect(dialog).toBeHidden();
  const candidates = (await scheduling(mediator, id)).poll!.candidates.map((c) => ({ start: new Date(c.startsAt), end: new Date(c.endsAt) }));
  expect(candidates).toHaveLength(3);

  // Each side reads the times in its own zone and answers for its attendees; neither sees the other's answers.
  await first.page.reload();
  const firstRows = first.page.getByTestId('answer-row');
  for (const [i, c] of candidates.entries()) await expect(firstRows.nth(i)).toContainText(expectedTime(c.start, c.end, ZONES.first));
  await expect(first.page.getByText('The other side does not see your answers; the mediator does.')).toBeVisible();
  await answer(first.page, ['No', 'Yes', 'Yes']);
  await check(first.page, 'the first side’s answers');

  await second.page.reload();
  const secondRows = second.page.getByTestId('answer-row');
  for (const [i, c] of candidates.entries()) await expect(secondRows.nth(i)).toContainText(expectedTime(c.start, c.end, ZONES.second));
  await expect(second.page.getByRole('radio', { checked: true })).toHaveCount(0); // the first side's answers are not here
  await answer(second.page, ['Yes', 'If need be', 'Yes']);
  await second.page.setViewportSize({ width: 375, height: 812 });
  await check(second.page, 'the second side’s answers at 375 px');
  await snap(second.page, 'second-side-answers-375');
  await second.page.setViewportSize({ width: 1280, height: 800 });

  // The earliest time both can make (the second) is proposed; the mediator confirms it.
  const chosen = candidates[1];
  await mediator.page.reload();
  await expect(mediator.page.getByText(`Proposed: ${expectedTime(chosen.start, chosen.end, ZONES.mediator)}`)).toBeVisible();
  await check(mediator.page, 'the mediator’s view of every answer');
  await snap(mediator.page, 'mediator-proposed');
  await mediator.page.getByRole('button', { name: `Confirm ${expectedTime(chosen.start, chosen.end, ZONES.mediator)}` }).click();
  await mediator.page.getByRole('dialog').getByRole('button', { name: 'Confirm this time' }).click();
  await expect(mediator.page.getByTestId('session').first()).toContainText(expectedTime(chosen.start, chosen.end, ZONES.mediator));

  // Everyone is invited, in their own zone; the file from the page is the same event, in the mediator's zone.
  for (const [p, zone] of [
    [mediator, ZONES.mediator],
    [first, ZONES.first],
    [second, ZONES.second],
  ] as const) {
    const invite = await mailTo(p.account.email, new RegExp(`^Mediation session for ${caseName}`));
    expect(invite.body).toContain(expectedTime(chosen.start, chosen.end, zone));
    expect(invite.body).toContain('Calendar: invite.ics (METHOD:REQUEST');
  }
  await first.page.reload();
  await expect(first.page.getByTestId('session').first()).toContainText(expectedTime(chosen.start, chosen.end, ZONES.first));
  const invite = await downloadInvite(first.page);
  expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: chosen.start.toISOString(), end: chosen.end.toISOString(), tzid: ZONES.mediator });
  expect(invite.attendees).toEqual(expect.arrayContaining([first.account.email.toLowerCase(), second.account.email.toLowerCase()]));

  // The requesting side moves it to an hour from now, by hand in its own zone; both sides say yes; the mediator confirms.
  const soon = new Date(Math.ceil((Date.now() + 62 * 60_000) / 60_000) * 60_000);
  const soonEnd = new Date(soon.getTime() + 4 * 3600_000);
  await first.page.getByTestId('session').first().getByRole('button', { name: 'Move' }).click();
  const move = first.page.getByRole('dialog');
  const local = localInputs(soon, ZONES.first);
  await move.getByLabel('Date', { exact: true }).fill(local.date);
  await move.getByLabel('Start time').fill(local.time);
  await move.getByRole('button', { name: 'Add this time' }).click();
  await expect(move.getByRole('checkbox')).toHaveCount(1);
  await move.getByRole('button', { name: 'Offer new times' }).click();
  await expect(move).toBeHidden();
  await answer(first.page, ['Yes']);
  await second.page.reload();
  await answer(second.page, ['Yes']);
  await mediator.page.reload();
  await mediator.page.getByRole('button', { name: `Confirm ${expectedTime(soon, soonEnd, ZONES.mediator)}` }).click();
  await mediator.page.getByRole('dialog').getByRole('button', { name: 'Confirm this time' }).click();
  await second.page.reload();
  await expect(second.page.getByTestId('session').first()).toContainText(expectedTime(soon, soonEnd, ZONES.second));
  const update = await downloadInvite(second.page);
  expect(update).toMatchObject({ method: 'REQUEST', uid: invite.uid, sequence: 1, start: soon.toISOString(), end: soonEnd.toISOString() });

  // The mediator's calendar shows the week with the session (the next week's, when an hour from now is Monday).
  await mediator.page.goto('/calendar');
  await expect(mediator.page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  const weekday = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: ZONES.mediator, weekday: 'short' }).format(d);
  if (weekday(new Date()) === 'Sun' && weekday(soon) === 'Mon') await mediator.page.getByRole('button', { name: 'Next' }).click();
  // A session running past midnight is drawn in both days' columns (the grid widens to show it at any hour).
  await expect(mediator.page.getByText(caseName).first()).toBeVisible();
  await check(mediator.page, 'the mediator’s calendar');

  // The hour-before reminder arrives (a durable job due a minute or two from now), once, in each reader's zone; the
  // week and day reminders of a session an hour away are not sent late.
  for (const [p, zone] of [
    [first, ZONES.first],
    [second, ZONES.second],
    [mediator, ZONES.mediator],
  ] as const) {
    const reminder = await mailTo(p.account.email, new RegExp(`^Reminder: mediation session for ${caseName}`), 180_000);
    expect(reminder.body).toContain(expectedTime(soon, soonEnd, zone));
    expect(reminder.body).toContain('A cancellation now counts as a late cancellation.');
  }
  expect(await mailsTo(first.account.email, new RegExp(`^Reminder: mediation session for ${caseName}`))).toHaveLength(1);

  // The other side cancels: inside the mediator's 48 hours, so late; every calendar gets the cancellation.
  await second.page.reload();
  await second.page.getByTestId('session').first().getByRole('button', { name: 'Cancel session' }).click();
  const cancel = second.page.getByRole('dialog');
  await cancel.getByLabel('Reason').fill('Our client is in hospital.');
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await expect(cancel).toBeHidden();
  await expect(second.page.getByTestId('session').first()).toContainText('Cancelled');
  const cancelled = await mailTo(first.account.email, new RegExp(`^Cancelled: mediation session for ${caseName}`));
  expect(cancelled.body).toContain('Calendar: cancel.ics (METHOD:CANCEL');
  const [session] = (await scheduling(mediator, id)).sessions;
  expect(session).toMatchObject({ status: 'cancelled', lateCancellation: true, sequence: 2, cancelReason: 'Our client is in hospital.' });
  await check(second.page, 'a cancelled session');
});
