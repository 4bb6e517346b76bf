// Sealing (decision 055): once the last signature is in, the final PDF is drawn once with every signature on it, sealed
// once with the platform's key (one revision: per-signer revisions make Acrobat show the earlier ones as invalid), and
// its SHA-256 kept. Drawn and sealed outside any transaction; recorded by a conditional update, so two runs (the
// signer's request and the job) leave one sealed document.
import { createHash } from 'node:crypto';
import { SIDE_LABELS, termSheetSections } from '../../../common/domain/signing';
import type { AppContext } from '../../context';
import { lockInOrder } from '../../db/lock-order';
import { notify } from '../notifications/notifications.service';
import { announceRequestChange } from '../requests/request-events';
import { findRequest, type RequestRow } from '../requests/requests.repo';
import { transaction } from '../../unit-of-work';
import { newToken } from '../auth/tokens';
import { sealKeyFrom } from './pdf/seal-key';
import { renderSignedDocument, type SignedDocumentData } from './pdf/signed-document-pdf';
import { enqueuePartyMail, partySigningUrl } from './signing-mail';
import * as repo from './signing.repo';

/** How long a party's link to the sealed copy works: time to keep the file. */
const COPY_LINK_DAYS = 90;

/** What the document says, as headed sections of lines: the agreement's paragraphs, or the term sheet's sections. */
export function documentBody(envelope: repo.EnvelopeRow): SignedDocumentData['body'] {
  if ('termSheet' in envelope.body) return termSheetSections(envelope.body.termSheet).map((s) => ({ heading: s.heading, lines: s.lines }));
  return [{ heading: '', lines: envelope.body.text.split(/\n\s*\n/).map((p) => p.trim()) }];
}

export function signerLabel(signer: Pick<repo.SignerRow, 'role' | 'side'>): string {
  const side = signer.side ? SIDE_LABELS[signer.side] : '';
  return `${signer.role === 'counsel' ? 'Counsel' : 'Party'}${side ? `, ${side.toLowerCase()}` : ''}`;
}

/** The PDF's data: the envelope's text and its signers as they stand (pending ones show unsigned in a preview). */
export function documentData(
  request: Pick<RequestRow, 'caseName' | 'caseNumber'>,
  envelope: repo.EnvelopeRow,
  signers: repo.SignerRow[],
): Omit<SignedDocumentData, 'seal' | 'sealedAt'> {
  return {
    documentId: envelope.id,
    title: envelope.title,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    body: documentBody(envelope),
    signers: signers.map((s) => ({
      name: s.name,
      role: s.role,
      sideLabel: signerLabel(s),
      signedAt: s.status === 'signed' ? s.signedAt : null,
      method: s.status === 'signed' ? s.method : null,
      signature:
        s.status !== 'signed'
          ? null
          : s.signatureKind === 'drawn' && s.signaturePng
            ? { kind: 'drawn' as const, png: s.signaturePng }
            : { kind: 'typed' as const, text: s.signatureText ?? s.name },
    })),
  };
}

/** Seals an envelope in `sealing` (the job `signing.seal`, and the last signer's request right after its commit). */
export async function sealEnvelope(ctx: AppContext, envelopeId: string): Promise<void> {
  const envelope = await repo.findEnvelope(ctx.db, envelopeId);
  if (!envelope || envelope.status !== 'sealing') return; // sealed already, or never complete: nothing to do
  const [request, signers, key] = await Promise.all([findRequest(ctx.db, envelope.requestId), repo.signersOf(ctx.db, [envelope.id]), sealKeyFrom(ctx.env)]);
  if (!request) return;
  const sealedAt = envelope.completedAt ?? ctx.clock.now();
  const file = await renderSignedDocument({ ...documentData(request, envelope, signers), sealedAt, seal: { p12: key.p12, passphrase: key.passphrase } });
  const sha256 = createHash('sha256').update(file).digest('hex');
  await transaction(ctx, async (tx) => {
    const { request: locked } = await lockInOrder(tx, { requestId: envelope.requestId });
    const sealed = await repo.moveEnvelope(tx, envelope.id, 'sealing', { status: 'sealed', sealedAt: ctx.clock.now(), sha256, sealedPdf: file });
    if (!sealed || !locked) return; // another run sealed it first: its file is the one
    const now = ctx.clock.now();
    await repo.insertEvents(tx, [{ envelopeId: envelope.id, kind: 'sealed', detail: `SHA-256 ${sha256}`, at: now }]);
    if (envelope.kind === 'term_sheet' && envelope.versionNumber !== null) await repo.setVersionStatus(tx, locked.id, envelope.versionNumber, 'signed');
    // Every counsel asked has signed: the case opens (an agreement still out for a later counsel keeps it pending).
    if (envelope.kind === 'agreement') {
      const stillOut = (await repo.envelopesOf(tx, locked.id)).some((e) => e.kind === 'agreement' && e.status === 'open');
      if (!stillOut) await repo.setAgreementPending(tx, locked.id, false);
    }
    const told = [locked.lawyerId, locked.opposingLawyerId, locked.selectedMediatorId].filter((id): id is string => !!id);
    await notify(
      tx,
      told.map((userId) => ({
        userId,
        type: 'document_sealed' as const,
        title: 'Signed by everyone',
        message: `${envelope.title} for ${locked.caseName} is signed by everyone and sealed. Download it from the case.`,
        linkUrl: `/requests/${locked.id}#${envelope.kind === 'agreement' ? 'agreement' : 'term-sheet'}`,
      })),
    );
    // A party has no account: a link of its own to download the sealed copy (their signing link may be near its end).
    for (const party of signers.filter((s) => s.role === 'party')) {
      const { token, hash } = newToken();
      await repo.updateSigner(tx, party.id, { copyTokenHash: hash, copyTokenExpiresAt: new Date(now.getTime() + COPY_LINK_DAYS * 86_400_000) });
      await enqueuePartyMail(tx, {
        kind: 'party_document_sealed',
        to: party,
        values: { caseName: locked.caseName, documentTitle: envelope.title, link: partySigningUrl(ctx.publicUrl, token) },
      });
    }
    await announceRequestChange(tx, locked);
  });
}

/** After the commit that took the last signature: seal now, or leave it to the job (which retries). */
export async function sealSoon(ctx: AppContext, envelopeId: string): Promise<void> {
  await sealEnvelope(ctx, envelopeId).catch((error) => ctx.log.warn({ err: error, envelopeId }, 'sealing failed; the job retries it'));
}
