// What the signing PDFs share: the page (pdfkit, LETTER, the invoice's margins and fonts), collecting the bytes, a
// footer on every page, and how times and methods are written.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { APP_NAME } from '../../../../common/constants';
import type { SignerRole, SigningMethod } from '../../../../common/enums';

export const MARGIN = 56;
export const GREY = '#555555';

// pdfkit's built-in Helvetica covers Latin-1 only: "Łukasz" or "Дмитрий" would print as garbage on a signed document.
// DejaVu Sans (embedded, subset) covers Latin, Greek and Cyrillic; registered under the names the layouts use.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`);
const FONTS = { Helvetica: 'DejaVuSans', 'Helvetica-Bold': 'DejaVuSans-Bold', 'Helvetica-Oblique': 'DejaVuSans-Oblique' } as const;

/** A pdfkit document whose pages stay open until `finish` (for the footers), and its bytes once ended. */
export function startDocument(info: PDFKit.DocumentInfo & { CreationDate: Date }) {
  // pdfkit's file ID is a hash of the Info dictionary, so a fixed CreationDate makes the same input the same bytes.
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, compress: false, bufferPages: true, info: { Author: APP_NAME, Creator: APP_NAME, ...info } });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, fontFile(file));
  doc.font('Helvetica');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes, width: doc.page.width - 2 * MARGIN };
}

/** Writes `text(page, pages)` at the foot of every page; call once everything else is drawn. */
export function stampFooters(doc: PDFKit.PDFDocument, text: (page: number, pages: number) => string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page for the footer; lift the margin while writing it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(text(i - start + 1, count), MARGIN, doc.page.height - MARGIN / 2 - 8, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('#000000');
}

/** Starts a new page when `height` points do not fit below the cursor. */
export function keepTogether(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Nov 28, 2026, 14:05 UTC": one zone for every reader of the document, whoever signed from where. */
export const utcTime = (at: Date) => `${dayFormat.format(at)}, ${at.toISOString().slice(11, 16)} UTC`;

/** "November 28, 2026", as a court document writes a date. */
export const longDate = (at: Date) => longDayFormat.format(at);

export const METHOD_LABELS: Record<SigningMethod, string> = {
  password: 'password re-entered',
  email_code: 'code e-mailed to the party',
};

export const ROLE_LABELS: Record<SignerRole, string> = { counsel: 'Counsel', party: 'Party' };
