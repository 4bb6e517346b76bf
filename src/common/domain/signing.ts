// The signed outcome's pure rules (issue 26, docs/decisions/055): the term sheet as readable sections, the changes
// between two versions, the agreement to mediate's default text and its placeholders, outcome labels.
import type { MediationOutcome } from '../enums';
import { displayMoney } from '../money';
import type { TermSheetContent } from '../schemas/signing';

export const OUTCOME_LABELS: Record<MediationOutcome, string> = {
  settled_full: 'Settled in full',
  settled_partial: 'Settled in part',
  no_settlement: 'No settlement',
};

export const SIDE_LABELS = { first: 'Requesting side', second: 'Responding side' } as const;

/** One line per party and per payment: how the document and the comparison of versions both say them. */
export const partyLine = (p: TermSheetContent['parties'][number]) => `${p.name} (${SIDE_LABELS[p.side]})${p.email ? `, signs at ${p.email}` : ''}`;
export const paymentLine = (p: TermSheetContent['payments'][number]) => `${p.payer} pays ${p.payee} ${displayMoney(p.amount)} by ${p.dueDate}`;

export interface TermSheetSection {
  key: 'parties' | 'payments' | 'releases' | 'confidentiality' | 'dismissal' | 'otherTerms';
  heading: string;
  lines: string[];
}

/** The term sheet as the sections a reader (and the PDF) shows, in order; an empty section says so. */
export function termSheetSections(content: TermSheetContent): TermSheetSection[] {
  const text = (value: string) => (value.trim() ? value.trim().split(/\n+/) : ['None.']);
  return [
    { key: 'parties', heading: '1. Parties', lines: content.parties.map(partyLine) },
    { key: 'payments', heading: '2. Payment terms', lines: content.payments.length ? content.payments.map(paymentLine) : ['No payment.'] },
    { key: 'releases', heading: '3. Releases', lines: text(content.releases) },
    { key: 'confidentiality', heading: '4. Confidentiality', lines: text(content.confidentiality) },
    { key: 'dismissal', heading: '5. Dismissal', lines: text(content.dismissal) },
    { key: 'otherTerms', heading: '6. Other terms', lines: text(content.otherTerms) },
  ];
}

export interface TermSheetChange {
  section: TermSheetSection['key'];
  heading: string;
  /** Lines only in the earlier version, and lines only in the later one, each in its own order. */
  removed: string[];
  added: string[];
}

/**
 * What changed from one version to the next, section by section: the lines each has that the other does not (a line
 * edited shows as its old text removed and its new text added, as a redline would). Sections unchanged are left out.
 */
export function diffTermSheets(before: TermSheetContent, after: TermSheetContent): TermSheetChange[] {
  const earlier = termSheetSections(before);
  const later = termSheetSections(after);
  const changes: TermSheetChange[] = [];
  earlier.forEach((section, i) => {
    const next = later[i];
    const removed = without(section.lines, next.lines);
    const added = without(next.lines, section.lines);
    if (removed.length || added.length) changes.push({ section: section.key, heading: section.heading.replace(/^\d+\.\s*/, ''), removed, added });
  });
  return changes;
}

/** The lines of `lines` left after taking out one occurrence of each line of `other` (a multiset difference). */
function without(lines: string[], other: string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of other) counts.set(line, (counts.get(line) ?? 0) + 1);
  return lines.filter((line) => {
    const left = counts.get(line) ?? 0;
    if (left === 0) return true;
    counts.set(line, left - 1);
    return false;
  });
}

/** The values an agreement's placeholders take: from the case and the mediator's own terms. */
export interface AgreementValues {
  mediatorName: string;
  caseName: string;
  caseNumber: string;
  fee: string;
  cancellationWindowHours: number;
  counsel: string;
}

export const AGREEMENT_PLACEHOLDERS = ['mediatorName', 'caseName', 'caseNumber', 'fee', 'cancellationWindowHours', 'counsel'] as const;

export const DEFAULT_AGREEMENT_TEMPLATE = `AGREEMENT TO MEDIATE

Case: {{caseName}} (Case #{{caseNumber}})
Mediator: {{mediatorName}}
Counsel: {{counsel}}

1. The mediator's role. The mediator is a neutral. The mediator does not represent any party, does not give legal advice, and does not decide the dispute. Each party may end the mediation at any time. The mediator will disclose any conflict of interest as soon as it is known.

2. Confidentiality. Everything said or written in the mediation, including any document prepared for it, is confidential and, to the extent the law allows, inadmissible in any proceeding. No party will call the mediator as a witness or seek the mediator's notes. What is told to the mediator in private is not shared with the other side without permission. A signed settlement agreement is not confidential as to its enforcement.

3. Fees. The mediator's fee is {{fee}}, held in escrow by the platform and shared between the sides as agreed in the case. A session cancelled less than {{cancellationWindowHours}} hours before it starts is a late cancellation.

4. No recording. No one will record any session, by audio, video or otherwise, nor keep a transcript of it.

5. Authority. Each party will attend with a person who has authority to settle.

By signing, each signer agrees to these terms for the case above.`;

/** The agreement's text with its placeholders filled; an unknown placeholder stays as written. */
export function fillAgreement(template: string, values: AgreementValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    (AGREEMENT_PLACEHOLDERS as readonly string[]).includes(name) ? String(values[name as keyof AgreementValues]) : whole,
  );
}

/** An e-mail address partly hidden, for a page anyone with the link can open: "j•••@example.com". */
export function emailHint(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain ?? ''}`;
}
