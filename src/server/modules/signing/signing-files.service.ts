// The files of the signed outcome (decision 055): an envelope's document (the preview while it is open, the sealed
// file once sealed), its audit certificate, a party's copy by their link, and the case's outcome certificate.
import { OUTCOME_LABELS, SIDE_LABELS } from '../../../common/domain/signing';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { partiesOf } from '../cases/parties.repo';
import { findRequest, type RequestRow } from '../requests/requests.repo';
import { findVisibleRequest } from '../requests/requests.service';
import { usersByIds } from '../scheduling/scheduling.repo';
import { visibleEnvelope } from './envelopes.service';
import { partyDocument } from './party-signing.service';
import { renderAuditCertificate } from './pdf/audit-certificate-pdf';
import { renderOutcomeCertificate } from './pdf/outcome-certificate-pdf';
import { renderSignedDocument } from './pdf/signed-document-pdf';
import { documentData, signerLabel } from './sealing.service';
import { signingSeat } from './signing-access';
import * as repo from './signing.repo';
import { personName } from '../../../common/domain/account';

export interface PdfFile {
  fileName: string;
  body: Buffer;
}

const fileNameOf = (title: string, caseNumber: string, suffix = '') => `${`${caseNumber} ${title}${suffix}`.replace(/[^\w.-]+/g, '-')}.pdf`;

async function documentFile(ctx: AppContext, request: RequestRow, envelope: repo.EnvelopeRow): Promise<PdfFile> {
  if (envelope.status === 'sealed') {
    const body = await repo.sealedFileOf(ctx.db, envelope.id);
    if (body) return { fileName: fileNameOf(envelope.title, request.caseNumber, ' signed'), body };
  }
  const signers = await repo.signersOf(ctx.db, [envelope.id]);
  const body = await renderSignedDocument({ ...documentData(request, envelope, signers), sealedAt: envelope.createdAt, seal: null });
  return { fileName: fileNameOf(envelope.title, request.caseNumber, ' preview'), body };
}

/** GET /api/signing/envelopes/{id}/document: the case's counsel, its mediator, admins. */
export async function envelopeDocument(ctx: AppContext, user: SessionUser, envelopeId: string): Promise<PdfFile> {
  const { envelope, request } = await visibleEnvelope(ctx, user, envelopeId);
  await signingSeat(ctx, user, request.id);
  return documentFile(ctx, request, envelope);
}

/** GET /api/sign/{token}/document: the party's own copy. */
export async function partyDocumentFile(ctx: AppContext, token: string): Promise<PdfFile> {
  const envelope = await partyDocument(ctx, token);
  const request = (await findRequest(ctx.db, envelope.requestId))!;
  return documentFile(ctx, request, envelope);
}

/** GET /api/signing/envelopes/{id}/audit-certificate: every event, with the signers' identity and the file's hash. */
export async function auditCertificate(ctx: AppContext, user: SessionUser, envelopeId: string): Promise<PdfFile> {
  const { envelope, request } = await visibleEnvelope(ctx, user, envelopeId);
  await signingSeat(ctx, user, request.id);
  const [signers, events] = await Promise.all([repo.signersOf(ctx.db, [envelope.id]), repo.eventsOf(ctx.db, envelope.id)]);
  const body = await renderAuditCertificate({
    documentId: envelope.id,
    title: envelope.title,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    status: envelope.status,
    sha256: envelope.sha256,
    sealedAt: envelope.sealedAt,
    signers: signers.map((s) => ({
      name: s.name,
      role: s.role,
      sideLabel: signerLabel(s),
      email: s.email,
      status: s.status,
      method: s.method,
      at: s.signedAt,
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    events: events.map((e) => ({ kind: e.kind, at: e.at, actor: e.actorName, method: e.method, ip: e.ip, userAgent: e.userAgent, detail: e.detail })),
    issuedAt: events.at(-1)?.at ?? envelope.createdAt,
  });
  return { fileName: fileNameOf(envelope.title, request.caseNumber, ' audit certificate'), body };
}

const sideOf = (side: keyof typeof SIDE_LABELS) => SIDE_LABELS[side].toLowerCase();

export const OUTCOME_TEXTS = {
  notYet: 'The outcome certificate is issued once the mediation is complete with its outcome recorded',
  notInCase: 'Only the case’s counsel and its mediator can download its outcome certificate',
} as const;

/**
 * GET /api/requests/{id}/outcome-certificate: who took part, the date and the outcome, never the terms (Model
 * Standards of Conduct for Mediators, Standard V). The parties named are the case's own list (decision 047).
 */
export async function outcomeCertificate(ctx: AppContext, user: SessionUser, requestId: string): Promise<PdfFile> {
  const request = await findVisibleRequest(ctx, user, requestId);
  const { seat } = await signingSeat(ctx, user, request.id).catch(() => {
    throw forbidden(OUTCOME_TEXTS.notInCase);
  });
  if (!seat) throw forbidden(OUTCOME_TEXTS.notInCase);
  if (request.status !== 'completed' || !request.outcome || !request.outcomeDate || !request.selectedMediatorId) throw conflict(OUTCOME_TEXTS.notYet);
  const [people, parties] = await Promise.all([
    usersByIds(ctx.db, [request.selectedMediatorId, request.lawyerId, ...(request.opposingLawyerId ? [request.opposingLawyerId] : [])]),
    partiesOf(ctx.db, request.id),
  ]);
  const byId = new Map(people.map((u) => [u.id, u]));
  const participants = [
    { name: personName(byId.get(request.lawyerId)), role: `Counsel, ${sideOf('first')}` },
    ...(request.opposingLawyerId ? [{ name: personName(byId.get(request.opposingLawyerId)), role: `Counsel, ${sideOf('second')}` }] : []),
    ...parties.filter((p) => p.kind === 'party').map((p) => ({ name: p.name, role: `Party, ${sideOf(p.side)}` })),
  ];
  const body = await renderOutcomeCertificate({
    certificateId: request.id,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    mediator: personName(byId.get(request.selectedMediatorId)),
    participants,
    outcomeLabel: OUTCOME_LABELS[request.outcome],
    outcomeDate: request.outcomeDate,
    issuedAt: request.completedAt ?? ctx.clock.now(),
  });
  return { fileName: fileNameOf('Outcome certificate', request.caseNumber), body };
}
