import type { CaseSigning, EditProposal, Envelope, TermSheetContent, TermSheetVersion } from '../../../common/schemas/signing';

// A matched two-sided case's signing, as GET /api/requests/{id}/signing answers it, for the signing cards' tests.

export const REQUEST_ID = '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c';
export const AGREEMENT_ID = 'e1000000-0000-4000-8000-000000000001';
export const TERM_SHEET_ENVELOPE_ID = 'e1000000-0000-4000-8000-000000000002';
export const PROPOSAL_ID = 'f1000000-0000-4000-8000-000000000001';

type Signer = Envelope['signers'][number];

export const signer = (over: Partial<Signer> = {}): Signer => ({
  id: 'a2000000-0000-4000-8000-000000000001',
  name: 'Lena Lawyer',
  role: 'counsel',
  side: 'first',
  status: 'pending',
  signedAt: null,
  method: null,
  refusalReason: null,
  isMe: false,
  ...over,
});

export const signers = {
  firstCounsel: signer(),
  secondCounsel: signer({ id: 'a2000000-0000-4000-8000-000000000002', name: 'Olivia Opponent', side: 'second' }),
  party: signer({ id: 'a2000000-0000-4000-8000-000000000003', name: 'Dana Doe', role: 'party', side: 'first' }),
};

export const envelope = (over: Partial<Envelope> = {}): Envelope => ({
  id: TERM_SHEET_ENVELOPE_ID,
  kind: 'term_sheet',
  status: 'open',
  title: 'Term sheet, version 2',
  version: 2,
  createdAt: '2030-03-02T15:00:00.000Z',
  sealedAt: null,
  sha256: null,
  signers: [signers.firstCounsel, signers.secondCounsel, signers.party],
  canSign: false,
  documentUrl: `/api/signing/envelopes/${over.id ?? TERM_SHEET_ENVELOPE_ID}/document`,
  auditUrl: `/api/signing/envelopes/${over.id ?? TERM_SHEET_ENVELOPE_ID}/audit`,
  ...over,
});

export const agreementEnvelope = (over: Partial<Envelope> = {}): Envelope =>
  envelope({
    id: AGREEMENT_ID,
    kind: 'agreement',
    title: 'Agreement to mediate',
    version: null,
    signers: [signers.firstCounsel, signers.secondCounsel],
    ...over,
  });

export const contentV1: TermSheetContent = {
  parties: [
    { name: 'Dana Doe', side: 'first', email: 'dana@example.com' },
    { name: 'Acme Corp', side: 'second', email: null },
  ],
  payments: [{ amount: '25000.00', payer: 'Acme Corp', payee: 'Dana Doe', dueDate: '2030-04-01' }],
  releases: 'Mutual release of all claims arising from the contract.',
  confidentiality: 'The terms stay confidential.',
  dismissal: '',
  otherTerms: '',
};

/** Version 2: more money, and a dismissal added. */
export const contentV2: TermSheetContent = {
  ...contentV1,
  payments: [{ ...contentV1.payments[0], amount: '30000.00' }],
  dismissal: 'Dismissal with prejudice within 10 days of payment.',
};

export const version = (number: number, over: Partial<TermSheetVersion> = {}): TermSheetVersion => ({
  number,
  status: 'draft',
  content: number === 1 ? contentV1 : contentV2,
  note: null,
  createdBy: 'Max Mediator',
  createdAt: `2030-03-0${number}T15:00:00.000Z`,
  ...over,
});

export const proposal = (over: Partial<EditProposal> = {}): EditProposal => ({
  id: PROPOSAL_ID,
  baseVersion: 2,
  status: 'open',
  content: { ...contentV2, otherTerms: 'Each side bears its own costs.' },
  note: 'We need the costs term.',
  proposedBy: 'Lena Lawyer',
  side: 'first',
  decisionReason: null,
  acceptedAsVersion: null,
  createdAt: '2030-03-03T15:00:00.000Z',
  ...over,
});

export const caseSigning = ({
  agreement = {},
  termSheet = {},
}: { agreement?: Partial<CaseSigning['agreement']>; termSheet?: Partial<CaseSigning['termSheet']> } = {}): CaseSigning => ({
  agreement: { required: false, signedByMe: true, envelopes: [], ...agreement },
  termSheet: { versions: [], proposals: [], envelopes: [], canDraft: false, canPropose: false, ...termSheet },
  outcome: null,
});
