// The document signers sign (issue 26): the agreement to mediate or a term sheet version, then every signature with
// its signer, time and method. While signing is open it is a preview; once the last signature is in it is rendered
// once more with all of them and sealed once (one PKCS#7 signature over the whole file, not one revision per signer:
// Acrobat shows earlier revisions' signatures as invalid).
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { APP_NAME } from '../../../../common/constants';
import type { SignerRole, SigningMethod } from '../../../../common/enums';
import { DOCUMENT_ID_KEY } from './document-id';
import { GREY, keepTogether, MARGIN, METHOD_LABELS, ROLE_LABELS, startDocument, stampFooters, utcTime } from './pdf-layout';

export type RenderedSignature = { kind: 'typed'; text: string } | { kind: 'drawn'; png: Buffer };

export interface SignatureBlock {
  name: string;
  role: SignerRole;
  /** "Requesting side", or a party's own description. */
  sideLabel: string;
  /** All three null while this signer has not signed. */
  signedAt: Date | null;
  method: SigningMethod | null;
  signature: RenderedSignature | null;
}

export interface SignedDocumentData {
  /** The envelope's id: printed on every page and kept in the file's Info dictionary for verification. */
  documentId: string;
  title: string;
  caseName: string;
  caseNumber: string;
  body: { heading: string; lines: string[] }[];
  signers: SignatureBlock[];
  /** The file's creation date; for a preview, any fixed time (e.g. when the envelope opened) keeps its bytes stable. */
  sealedAt: Date;
  /** null: the preview while signing is open, unsealed and marked so on every page. */
  seal: { p12: Buffer; passphrase: string } | null;
}

// The bytes reserved for the PKCS#7 signature: the certificate chain goes in too, and a configured seal may bring
// several certificates. Too small a reservation makes sealing fail outright, so it errs on the large side.
const SIGNATURE_BYTES = 16_384;
const BOX = { width: 220, height: 50 };
const BLOCK_HEIGHT = 96;
const PREVIEW = 'Preview — not signed';
const RED = '#b42318';

/** The document as a PDF: the sealed file when `seal` is given (every signer must have signed), else the preview. */
export async function renderSignedDocument(data: SignedDocumentData): Promise<Buffer> {
  if (data.seal && data.signers.some((s) => !s.signedAt || !s.method || !s.signature)) {
    throw new Error('A document is sealed only once every signer has signed');
  }
  const info = { Title: data.title, Subject: `${data.caseName} (Case #${data.caseNumber})`, CreationDate: data.sealedAt, [DOCUMENT_ID_KEY]: data.documentId };
  const { doc, bytes, width } = startDocument(info);

  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(APP_NAME, MARGIN, MARGIN);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(data.title, { width });
  doc.font('Helvetica').fontSize(10).text(`Case: ${data.caseName} (Case #${data.caseNumber})`, { width });
  if (!data.seal) {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(12).fillColor(RED).text(PREVIEW, { width });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('This is the document as it will be signed. Once every signer has signed, a sealed copy with all the signatures replaces it.', { width });
    doc.fillColor('#000000');
  }

  for (const section of data.body) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(section.heading, MARGIN, doc.y, { width });
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5);
    for (const line of section.lines) doc.text(line, { width, paragraphGap: 4 });
  }

  keepTogether(doc, 80 + BLOCK_HEIGHT);
  doc.moveDown(1.2).font('Helvetica-Bold').fontSize(12).text('Signatures', MARGIN, doc.y, { width });
  doc
    .moveTo(MARGIN, doc.y + 2)
    .lineTo(MARGIN + width, doc.y + 2)
    .strokeColor('#cccccc')
    .stroke();
  doc.moveDown(0.5).font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(
    data.seal
      ? `Each signer confirmed the intent to sign and proved who they were as shown. ${APP_NAME} sealed this document on ${utcTime(data.sealedAt)}; any change to the file breaks the seal.`
      : 'Each signer will confirm the intent to sign and prove who they are: counsel by re-entering their password, a party by a code e-mailed to them.',
    { width },
  );
  doc.fillColor('#000000').moveDown(0.8);
  for (const signer of data.signers) drawSignatureBlock(doc, signer);

  stampFooters(doc, (page, pages) => `${data.seal ? '' : `${PREVIEW} · `}Document ID: ${data.documentId} · Page ${page} of ${pages}`);

  if (!data.seal) {
    doc.end();
    return bytes;
  }
  // An invisible signature field on the last page; the visible signatures are the blocks drawn above. pdfkit ends the
  // objects this returns itself (ending them again never finishes the file).
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: `Sealed by ${APP_NAME} once every signer had signed`,
    contactInfo: APP_NAME,
    name: APP_NAME,
    location: APP_NAME,
    signingTime: data.sealedAt,
    signatureLength: SIGNATURE_BYTES,
    appName: APP_NAME,
  });
  doc.end();
  return new SignPdf().sign(await bytes, new P12Signer(data.seal.p12, { passphrase: data.seal.passphrase }), data.sealedAt);
}

/** One signer: the signature over a line with the name under it, and beside it the role, the time and the method. */
function drawSignatureBlock(doc: PDFKit.PDFDocument, signer: SignatureBlock): void {
  keepTogether(doc, BLOCK_HEIGHT);
  const top = doc.y;
  const { signature } = signer;
  if (!signature) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor(GREY)
      .text('Not signed yet', MARGIN, top + BOX.height - 14, { width: BOX.width });
  } else if (signature.kind === 'drawn') {
    doc.image(signature.png, MARGIN, top, { fit: [BOX.width, BOX.height], valign: 'bottom' });
  } else {
    const size = typedSignatureSize(doc, signature.text);
    doc.font('Helvetica-Oblique').fontSize(size);
    const height = doc.heightOfString(signature.text, { width: BOX.width });
    doc.text(signature.text, MARGIN, top + Math.max(0, BOX.height - height), { width: BOX.width });
  }
  const lineY = top + BOX.height + 4;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + BOX.width, lineY)
    .strokeColor('#000000')
    .stroke();
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(signer.name, MARGIN, lineY + 4, { width: BOX.width });

  const detailsX = MARGIN + BOX.width + 24;
  const detailsWidth = doc.page.width - MARGIN - detailsX;
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text(`${ROLE_LABELS[signer.role]}, ${signer.sideLabel}`, detailsX, top + 22, { width: detailsWidth });
  if (signer.signedAt && signer.method) {
    doc.text(`Signed ${utcTime(signer.signedAt)}`, { width: detailsWidth });
    doc.text(`Identity: ${METHOD_LABELS[signer.method]}`, { width: detailsWidth });
  }
  doc.x = MARGIN;
  doc.y = Math.max(doc.y, top + BLOCK_HEIGHT);
}

/** The largest size, from 22 pt down, at which a typed signature fits its box (a long name wraps at a smaller size). */
function typedSignatureSize(doc: PDFKit.PDFDocument, text: string): number {
  doc.font('Helvetica-Oblique');
  for (let size = 22; size > 8; size--) {
    if (doc.fontSize(size).heightOfString(text, { width: BOX.width }) <= BOX.height) return size;
  }
  return 8;
}
