// Who is who in a case, and what each may open (issue 23; docs/decisions/043, 044, 046). Pure rules, tested by tables
// of cases in case-access.test.ts; the server's queries repeat them and are held equal by the API tests.
import type { CaseSide, DocumentVisibility, MessageChannel } from '../enums';

/** The seats of a request: the posting lawyer, the opposing counsel who joined (if any), the selected mediator. */
export interface CaseSeats {
  lawyerId: string;
  opposingLawyerId: string | null;
  selectedMediatorId: string | null;
}

/** A participant's seat in a case: one of the two sides' counsel, or the selected mediator. */
export type Seat = CaseSide | 'mediator';

export function seatOf(seats: CaseSeats, userId: string): Seat | null {
  if (userId === seats.lawyerId) return 'first';
  if (seats.opposingLawyerId !== null && userId === seats.opposingLawyerId) return 'second';
  if (seats.selectedMediatorId !== null && userId === seats.selectedMediatorId) return 'mediator';
  return null;
}

export function isTwoSided(seats: Pick<CaseSeats, 'opposingLawyerId'>): boolean {
  return seats.opposingLawyerId !== null;
}

/** Who asks to open a case document: a seat, an admin, or anyone else (a mediator not selected, an outsider). */
export type DocumentReader = Seat | 'admin' | null;

/**
 * Whether a reader may open a case document (decision 044). The uploader's side always may. The selected mediator may
 * open what is shared with the mediator or with everyone; the other side only what is shared with everyone. Admins
 * read what a mediator may (RULES.md 6's read access), never a side's own-side material (a side's work product, as
 * confidential as its private channel). Nobody else: a mediator before selection sees no documents (RULES.md 6).
 */
export function canOpenDocument(visibility: DocumentVisibility, uploaderSide: CaseSide, reader: DocumentReader): boolean {
  if (reader === null) return false;
  if (reader === uploaderSide) return true;
  if (reader === 'mediator' || reader === 'admin') return visibility !== 'own_side';
  return visibility === 'everyone';
}

/** Visibilities from narrowest to widest: narrowing a document's visibility is logged with who had opened it. */
const WIDTH: Record<DocumentVisibility, number> = { own_side: 0, side_and_mediator: 1, everyone: 2 };

export function isNarrowing(from: DocumentVisibility, to: DocumentVisibility): boolean {
  return WIDTH[to] < WIDTH[from];
}

/** The visibility a document gets when its uploader does not choose: a brief is written for the mediator. */
export function defaultVisibility(purpose: 'brief' | 'case_file'): DocumentVisibility {
  return purpose === 'brief' ? 'side_and_mediator' : 'everyone';
}

/** Who asks to read a channel: a seat, an admin, or anyone else. */
export type ChannelReader = Seat | 'admin' | null;

/**
 * Whether a reader may read a channel (decision 046). In a one-sided case the `first` channel is the spec's thread
 * (the lawyer and the selected mediator; admins may read it, RULES.md 6) and no other channel exists. In a two-sided
 * case each side's channel is private to that side and the mediator (admins included out: 404), and the joint channel
 * holds everyone; admins may read the joint channel only.
 */
export function canReadChannel(channel: MessageChannel, reader: ChannelReader, twoSided: boolean): boolean {
  if (reader === null) return false;
  if (!twoSided) return channel === 'first' && (reader === 'first' || reader === 'mediator' || reader === 'admin');
  if (channel === 'joint') return true;
  return reader === channel || reader === 'mediator';
}
