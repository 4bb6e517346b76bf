// The outcome certificate (issue 26): what a mediator may report to a court, and nothing more. Who took part, the date
// and the outcome, under the case caption, with the mediator's signature line. Its input has no place for terms, so
// none can reach it (Model Standards of Conduct for Mediators, Standard V).
import { APP_NAME } from '../../../../common/constants';
import { GREY, longDate, MARGIN, startDocument, stampFooters } from './pdf-layout';

export interface OutcomeCertificateData {
  certificateId: string;
  caseName: string;
  caseNumber: string;
  mediator: string;
  /** Everyone who took part besides the mediator; role like "Counsel, requesting side". */
  participants: { name: string; role: string }[];
  /** OUTCOME_LABELS' text for the recorded outcome. */
  outcomeLabel: string;
  /** The day of the mediation, YYYY-MM-DD. */
  outcomeDate: string;
  issuedAt: Date;
}

const TITLE = 'Certificate of mediation outcome';

export function renderOutcomeCertificate(data: OutcomeCertificateData): Promise<Buffer> {
  const { doc, bytes, width } = startDocument({ Title: `${TITLE}: ${data.caseName}`, Subject: `Case #${data.caseNumber}`, CreationDate: data.issuedAt });
  // A calendar date, not an instant: read at UTC midnight and written in UTC, it is the same day everywhere.
  const heldOn = longDate(new Date(`${data.outcomeDate}T00:00:00Z`));

  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(APP_NAME, MARGIN, MARGIN, { width, align: 'center' });
  doc.moveDown(1).fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(TITLE, { width, align: 'center' });

  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(12).text(data.caseName, { width, align: 'center' });
  doc.font('Helvetica').fontSize(11).text(`Case No. ${data.caseNumber}`, { width, align: 'center' });

  doc.moveDown(2).font('Helvetica').fontSize(11);
  doc.text(
    `The undersigned mediator, ${data.mediator}, certifies that a mediation in the case above was held on ${heldOn}, and that the following took part:`,
    {
      width,
      paragraphGap: 8,
    },
  );
  for (const p of data.participants) doc.text(`•  ${p.name}, ${p.role}`, MARGIN + 16, doc.y, { width: width - 16, paragraphGap: 3 });

  doc.moveDown(1).font('Helvetica-Bold').text(`Outcome: ${data.outcomeLabel}`, MARGIN, doc.y, { width });
  doc.moveDown(1).font('Helvetica').fontSize(10).fillColor(GREY);
  doc.text(
    'Under the Model Standards of Conduct for Mediators (Standard V, Confidentiality), the mediator reports only who took part, the date and the outcome. This certificate states no term of any agreement and nothing said in the mediation.',
    { width },
  );

  doc.moveDown(3).fillColor('#000000');
  const lineY = doc.y + 24;
  doc
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + 240, lineY)
    .strokeColor('#000000')
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(data.mediator, MARGIN, lineY + 6, { width: 240 });
  doc.fontSize(10).text('Mediator', { width: 240 });
  doc.moveDown(1.5).text(`Date of issue: ${longDate(data.issuedAt)}`, { width });
  doc.text(`Certificate ID: ${data.certificateId}`, { width });

  stampFooters(doc, (page, pages) => `${TITLE} · Certificate ID: ${data.certificateId} · Issued by ${APP_NAME} · Page ${page} of ${pages}`);
  doc.end();
  return bytes;
}
