import type { RequestDto, UserDto } from '../../../common/api-types';
import { seatOf } from '../../../common/domain/case-access';
import type { CaseSide, EditProposalStatus, EnvelopeStatus, RequestStatus, SignerRole, TermSheetVersionStatus } from '../../../common/enums';
import type { Envelope, TermSheetVersion } from '../../../common/schemas/signing';

// What the signing cards share: who is looking, and how statuses read (in words; the colour only repeats them).

export type SigningSeat = CaseSide | 'mediator' | 'admin';

export const isCounsel = (seat: SigningSeat): seat is CaseSide => seat === 'first' || seat === 'second';

/** The sides as the term sheet's own text names them (common/domain/signing.ts). */
export const SIDE_LABELS: Record<CaseSide, string> = { first: 'Requesting side', second: 'Responding side' };

export const ROLE_LABELS: Record<SignerRole, string> = { counsel: 'Counsel', party: 'Party' };

type Tone = 'muted' | 'blue' | 'green' | 'yellow' | 'destructive' | 'outline';

export const VERSION_STATUS: Record<TermSheetVersionStatus, { label: string; tone: Tone }> = {
  draft: { label: 'Draft', tone: 'outline' },
  final: { label: 'Final: being signed', tone: 'blue' },
  signed: { label: 'Signed', tone: 'green' },
  superseded: { label: 'Superseded', tone: 'muted' },
};

export const ENVELOPE_STATUS: Record<EnvelopeStatus, { label: string; tone: Tone }> = {
  open: { label: 'Waiting for signatures', tone: 'yellow' },
  sealing: { label: 'Sealing', tone: 'blue' },
  sealed: { label: 'Sealed', tone: 'green' },
  refused: { label: 'Refused', tone: 'destructive' },
  void: { label: 'Void', tone: 'muted' },
};

export const PROPOSAL_STATUS: Record<EditProposalStatus, { label: string; tone: Tone }> = {
  open: { label: 'Waiting for the mediator', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  declined: { label: 'Declined', tone: 'destructive' },
  withdrawn: { label: 'Withdrawn', tone: 'muted' },
};

export const latestVersion = (versions: readonly TermSheetVersion[]): TermSheetVersion | null =>
  versions.reduce<TermSheetVersion | null>((latest, v) => (!latest || v.number > latest.number ? v : latest), null);

/** Envelopes, the newest first (the server keeps them in the order they were opened). */
export const newestFirst = (envelopes: readonly Envelope[]): Envelope[] => [...envelopes].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/** The first message for each field path ("content.parties.0.name"), from zod issues or the server's fieldErrors. */
export function firstErrors(entries: Iterable<[string, string]>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of entries) errors[path] ??= message;
  return errors;
}

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Signing shows once a mediator is selected; a cancelled case never reached it or stopped before it mattered. */
const SHOWN: readonly RequestStatus[] = ['matched', 'in_progress', 'completed'];

/** The reader's seat on the signing cards, or null when they do not see them. */
export function signingSeat(request: RequestDto, user: Pick<UserDto, 'id' | 'role'>): SigningSeat | null {
  if (!request.selectedMediatorId || !SHOWN.includes(request.status)) return null;
  return seatOf(request, user.id) ?? (user.role === 'admin' ? 'admin' : null);
}
