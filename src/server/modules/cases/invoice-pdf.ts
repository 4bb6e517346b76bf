// The invoice as a PDF (decision 053), drawn with pdfkit: the platform, the number and dates, the case and the
// mediator, each side's share of the fee and what was paid toward it, every payment with whose share it paid, totals.
import PDFDocument from 'pdfkit';
import { APP_NAME } from '../../../common/constants';
import { invoiceMoney, invoiceRows } from '../../../common/domain/invoice';
import type { Cents } from '../../../common/money';

export interface InvoiceData {
  number: string;
  issuedAt: Date;
  caseName: string;
  caseNumber: string;
  mediator: string;
  pricing: string;
  budget: Cents;
  platformFee: Cents;
  rows: ReturnType<typeof invoiceRows>;
}

const day = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
const MARGIN = 56;

/** Renders the invoice; the document's title is its number. Uncompressed: a one-page text document stays small. */
export function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, compress: false, info: { Title: `Invoice ${data.number}`, Author: APP_NAME } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const row = (cells: string[], widths: number[], options: { bold?: boolean } = {}) => {
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    cells.forEach((cell, i) => {
      const w = widths[i] * width;
      const last = i === cells.length - 1;
      doc.text(cell, x, y, { width: w - 6, align: last ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, MARGIN, doc.y);
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#cccccc')
      .stroke();
    doc.moveDown(0.5);
  };

  doc.font('Helvetica-Bold').fontSize(20).text(APP_NAME, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text('Mediation marketplace: escrow and payments');
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(`Invoice ${data.number}`, MARGIN, MARGIN, { align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Issued ${day(data.issuedAt)}`, { align: 'right' });
  doc.moveDown(2);

  row(['Case', `${data.caseName} (${data.caseNumber})`], [0.25, 0.75]);
  row(['Mediator', data.mediator], [0.25, 0.75]);
  row(['Service', `Mediation: ${data.pricing}`], [0.25, 0.75]);
  row(['Mediator’s fee', invoiceMoney(data.budget)], [0.25, 0.75]);
  row(['Of which platform fee', invoiceMoney(data.platformFee)], [0.25, 0.75]);

  heading('Each side’s share');
  row(['Side', 'Counsel', 'Share', 'Amount', 'Paid', 'Due'], [0.18, 0.3, 0.1, 0.14, 0.14, 0.14], { bold: true });
  for (const s of data.rows.shares) {
    row([s.title, s.counsel, `${s.percent}%`, invoiceMoney(s.share), invoiceMoney(s.paid), invoiceMoney(s.due)], [0.18, 0.3, 0.1, 0.14, 0.14, 0.14]);
  }

  heading('Payments');
  row(['Date', 'For', 'Paid by', 'Amount'], [0.16, 0.34, 0.34, 0.16], { bold: true });
  for (const p of data.rows.payments) row([day(p.at), p.what, p.payer, invoiceMoney(p.amount)], [0.16, 0.34, 0.34, 0.16]);
  doc.moveDown(0.5);
  row(['Total paid (net of refunds)', invoiceMoney(data.rows.totalPaid)], [0.84, 0.16], { bold: true });

  doc
    .moveDown(2)
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(
      `Payments are held in escrow by ${APP_NAME} and paid to the mediator after the mediation, less the platform fee. Amounts refunded are not shown as payments. This invoice is issued once per case; its number never changes.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
