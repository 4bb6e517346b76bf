import { zodResolver } from '@hookform/resolvers/zod';
import { MailPlus, RotateCw, Users, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { RequestDto } from '../../../common/api-types';
import { DEFAULT_FIRST_SIDE_PERCENT, shareOf } from '../../../common/domain/fee-split';
import { parseCents } from '../../../common/money';
import { InviteCounselSchema, type CaseSides, type InvitationDto } from '../../../common/schemas/cases';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { applyServerErrors } from '../../lib/form-errors';
import { displayCents, displayMoney, formatDate, formatDateTime } from '../../lib/format';
import { useInviteCounsel, useResendInvitation, useRevokeInvitation } from './api';

type InviteValues = z.input<typeof InviteCounselSchema>;
type InviteBody = z.output<typeof InviteCounselSchema>;

const STATE_LABEL: Record<InvitationDto['state'], { label: string; tone: 'blue' | 'green' | 'yellow' | 'muted' | 'purple' }> = {
  sent: { label: 'Invitation sent', tone: 'blue' },
  opened: { label: 'Invitation opened', tone: 'purple' },
  joined: { label: 'Joined', tone: 'green' },
  declined: { label: 'Declined', tone: 'yellow' },
  revoked: { label: 'Revoked', tone: 'muted' },
  expired: { label: 'Expired', tone: 'muted' },
};

const CLOSED = ['cancelled', 'completed'];

function Counsel({ title, person, you }: { title: string; person: CaseSides['first']; you: boolean }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-3">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</p>
      {person ? (
        <>
          <p className="font-medium wrap-anywhere">
            {person.firstName} {person.lastName}
            {you ? <span className="text-muted-foreground"> (you)</span> : null}
          </p>
          <p className="text-sm text-muted-foreground wrap-anywhere">{[person.firmName, person.email].filter(Boolean).join(' · ')}</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Not joined</p>
      )}
    </div>
  );
}

function InviteForm({ request, onDone }: { request: RequestDto; onDone?: () => void }) {
  const formId = useId();
  const invite = useInviteCounsel(request.id);
  const form = useForm<InviteValues, unknown, InviteBody>({
    resolver: zodResolver(InviteCounselSchema),
    defaultValues: {
      email: request.opposingLawyerEmail ?? '',
      name: request.opposingLawyerName ?? '',
      firmName: request.opposingLawyerFirmName ?? '',
      firstSidePercent: DEFAULT_FIRST_SIDE_PERCENT,
      secondSidePercent: 100 - DEFAULT_FIRST_SIDE_PERCENT,
    },
  });
  const percent = useWatch({ control: form.control, name: 'firstSidePercent' });
  const valid = typeof percent === 'number' && Number.isInteger(percent) && percent >= 0 && percent <= 100;
  const budget = shareOf(parseCents(request.budget) ?? 0, valid ? percent : DEFAULT_FIRST_SIDE_PERCENT);
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await invite.mutateAsync(values);
      toast({ title: 'Invitation sent', description: `We e-mailed ${sent.email} a link to join this case. It works once, for 14 days.` });
      onDone?.();
    } catch (error) {
      applyServerErrors(error, form.setError, ['email', 'name', 'firmName', 'firstSidePercent', 'secondSidePercent']);
      toastError('Could not send the invitation', error);
    }
  });
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      <FormField label="Opposing counsel name" required error={errors.name?.message}>
        <Input autoComplete="off" maxLength={200} {...form.register('name')} />
      </FormField>
      <FormField label="Opposing counsel email" required error={errors.email?.message}>
        <Input type="email" autoComplete="off" maxLength={254} {...form.register('email')} />
      </FormField>
      <FormField label="Firm" error={errors.firmName?.message} className="sm:col-span-2">
        <Input autoComplete="off" maxLength={200} {...form.register('firmName')} />
      </FormField>
      <FormField
        label="Your side's share of the fee (%)"
        error={errors.firstSidePercent?.message ?? errors.secondSidePercent?.message}
        hint={
          valid
            ? `You pay ${displayCents(budget.first)} of the ${displayMoney(request.budget)} budget, they pay ${displayCents(budget.second)} (${100 - percent}%). They accept this split by joining, or propose another.`
            : 'A whole percent from 0 to 100; the other side pays the rest.'
        }
        className="sm:col-span-2"
      >
        <Input
          inputMode="numeric"
          className="max-w-32"
          {...form.register('firstSidePercent', {
            valueAsNumber: true,
            onChange: (e: { target: { value: string } }) => form.setValue('secondSidePercent', 100 - Number(e.target.value)),
          })}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          <MailPlus aria-hidden="true" />
          {isSubmitting ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}

function InvitationStatus({ request, invitation }: { request: RequestDto; invitation: InvitationDto }) {
  const resend = useResendInvitation(request.id);
  const revoke = useRevokeInvitation(request.id);
  const state = STATE_LABEL[invitation.state];
  const live = invitation.state === 'sent' || invitation.state === 'opened' || invitation.state === 'expired';
  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm wrap-anywhere">
          <span className="font-medium">{invitation.name}</span> <span className="text-muted-foreground">({invitation.email})</span>
        </p>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        Sent {formatDateTime(invitation.sentAt)}
        {invitation.sendCount > 1 ? ` (sent ${invitation.sendCount} times)` : ''}
        {invitation.openedAt ? ` · opened ${formatDateTime(invitation.openedAt)}` : ''}
        {invitation.state === 'sent' || invitation.state === 'opened' ? ` · link works until ${formatDate(invitation.expiresAt)}` : ''}
      </p>
      {invitation.state === 'declined' && invitation.declineReason ? (
        <blockquote className="border-l-2 pl-3 text-sm italic wrap-anywhere">“{invitation.declineReason}”</blockquote>
      ) : null}
      {live ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend
                .mutateAsync()
                .then(() => toast({ title: 'Invitation sent again', description: 'The earlier link no longer works.' }))
                .catch((e) => toastError('Could not re-send', e))
            }
          >
            <RotateCw aria-hidden="true" />
            Re-send
          </Button>
          {invitation.state !== 'expired' ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={revoke.isPending}
              onClick={() =>
                revoke
                  .mutateAsync()
                  .then(() => toast({ title: 'Invitation revoked', description: 'The link no longer works.' }))
                  .catch((e) => toastError('Could not revoke', e))
              }
            >
              <XCircle aria-hidden="true" />
              Revoke
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The case's sides on the request page (issue 23): who sits at each, and for the inviting lawyer the invitation of
 * opposing counsel (its state, re-send, revoke) or the form to send one.
 */
export function SidesCard({ request }: { request: RequestDto }) {
  const sides = request.sides;
  const [inviting, setInviting] = useState(false);
  if (!sides) return null;
  const invitation = sides.invitation;
  const canInvite =
    sides.mySeat === 'first' &&
    !sides.second &&
    !CLOSED.includes(request.status) &&
    (!invitation || invitation.state === 'declined' || invitation.state === 'revoked');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" />
          Sides of the case
        </CardTitle>
        <CardDescription>
          {sides.second
            ? 'Both sides are in the case. Each sees what is shared with them, and both agree on the mediator.'
            : sides.mySeat === 'first'
              ? 'Invite opposing counsel to join: they see what you share with them, agree on the mediator and talk to them privately.'
              : 'Only the lawyer who posted the request is in the case so far.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Counsel title="Requesting side" person={sides.first} you={sides.mySeat === 'first'} />
          <Counsel title="Opposing counsel" person={sides.second} you={sides.mySeat === 'second'} />
        </div>
        {invitation && !sides.second ? <InvitationStatus request={request} invitation={invitation} /> : null}
        {canInvite && inviting ? <InviteForm request={request} onDone={() => setInviting(false)} /> : null}
        {canInvite && !inviting ? (
          <div>
            <Button variant="outline" onClick={() => setInviting(true)}>
              <MailPlus aria-hidden="true" />
              {invitation ? 'Invite again' : 'Invite opposing counsel'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
