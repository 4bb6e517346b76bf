import type { InvitationDto, InvitationState } from '../../../common/schemas/cases';
import type { InvitationRow } from './invitations.repo';

/** The state the inviter sees: a live invitation past its time is `expired` (never stored: the clock decides). */
export function invitationState(row: InvitationRow, now: Date): InvitationState {
  const live = row.status === 'sent' || row.status === 'opened';
  return live && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function presentInvitation(row: InvitationRow, now: Date): InvitationDto {
  return {
    id: row.id,
    requestId: row.requestId,
    email: row.email,
    name: row.name,
    firmName: row.firmName,
    state: invitationState(row, now),
    sentAt: row.sentAt.toISOString(),
    sendCount: row.sendCount,
    expiresAt: row.expiresAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    firstSidePercent: row.firstSidePercent,
    secondSidePercent: 100 - row.firstSidePercent,
  };
}
