// The audit certificate (issue 26): what happened to a document, for anyone who must later show who signed it and
// how. The document, its status and the sealed file's SHA-256; every signer with identity, method, time, IP and user
// agent; every event in time order. Plain pdfkit, not sealed: it carries no document-id marker either, so dropped on
// the verification page it is "not a document we sealed" rather than a changed copy of the document.
import { APP_NAME } from '../../../../common/constants';
import type { EnvelopeStatus, SignerRole, SignerStatus, SigningEventKind, SigningMethod } from '../../../../common/enums';
import { GREY, MARGIN, METHOD_LABELS, ROLE_LABELS, startDocument, stampFooters, utcTime } from './pdf-layout';

export interface AuditSigner {
  name: string;
  role: SignerRole;
  sideLabel: string;
  email: string | null;
  status: SignerStatus;
  method: SigningMethod | null;
  /** When the signer signed or refused. */
  at: Date | null;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEvent {
  kind: SigningEventKind;
  at: Date;
  /** Who acted; null for the platform's own steps (sealing, voiding). */
  actor: string | null;
  method: SigningMethod | null;
  ip: string | null;
  userAgent: string | null;
  /** A refusal's reason, or what a failed attempt got wrong ("wrong password", "wrong code", "link expired"). */
  detail: string | null;
}

export interface AuditCertificateData {
  documentId: string;
  title: string;
  caseName: string;
  caseNumber: string;
  status: EnvelopeStatus;
  /** The sealed file's SHA-256 (hex) and when it was sealed; null until sealed. */
  sha256: string | null;
  sealedAt: Date | null;
  signers: AuditSigner[];
  events: AuditEvent[];
  /** When this certificate was made: its creation date, so the same trail gives the same file. */
  issuedAt: Date;
}

const STATUS_LABELS: Record<EnvelopeStatus, string> = {
  open: 'Open: collecting signatures',
  sealing: 'Sealing',
  sealed: 'Sealed',
  refused: 'Refused',
  void: 'Void: replaced by a later version',
};

const SIGNER_STATUS_LABELS: Record<SignerStatus, string> = { pending: 'Not signed', signed: 'Signed', refused: 'Refused' };

const EVENT_LABELS: Record<SigningEventKind, string> = {
  created: 'Created',
  sent: 'Sent',
  viewed: 'Viewed',
  code_sent: 'Code sent',
  signed: 'Signed',
  refused: 'Refused',
  failed_attempt: 'Failed attempt',
  sealed: 'Sealed',
  voided: 'Voided',
};

const NONE = '—';

interface Column {
  header: string;
  /** A fraction of the text width. */
  width: number;
}

interface Row {
  cells: string[];
  /** A full-width line under the cells (the user agent): long, so it wraps across the page, not in a narrow column. */
  note: string;
}

export function renderAuditCertificate(data: AuditCertificateData): Promise<Buffer> {
  const { doc, bytes, width } = startDocument({
    Title: `Audit certificate: ${data.title}`,
    Subject: `${data.caseName} (Case #${data.caseNumber})`,
    CreationDate: data.issuedAt,
  });

  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(APP_NAME, MARGIN, MARGIN);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text('Audit certificate', { width });
  doc.moveDown(0.6);
  const field = (label: string, value: string, font = 'Helvetica') => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9.5).text(label, MARGIN, y, { width: 130 });
    doc.font(font).text(value, MARGIN + 130, y, { width: width - 130 });
    doc.x = MARGIN;
    doc.moveDown(0.25);
  };
  field('Document', data.title);
  field('Document ID', data.documentId);
  field('Case', `${data.caseName} (Case #${data.caseNumber})`);
  field('Status', STATUS_LABELS[data.status]);
  field('Sealed file SHA-256', data.sha256 ?? 'None: the document has not been sealed', data.sha256 ? 'Courier' : 'Helvetica');
  field('Sealed', data.sealedAt ? utcTime(data.sealedAt) : 'Not sealed');
  field('Certificate issued', utcTime(data.issuedAt));

  heading(doc, width, 'Signers');
  drawTable(
    doc,
    width,
    [
      { header: 'Name', width: 0.17 },
      { header: 'Role', width: 0.15 },
      { header: 'E-mail', width: 0.2 },
      { header: 'Status', width: 0.09 },
      { header: 'Method', width: 0.13 },
      { header: 'Time', width: 0.13 },
      { header: 'IP address', width: 0.13 },
    ],
    data.signers.map((s) => ({
      cells: [
        s.name,
        `${ROLE_LABELS[s.role]}, ${s.sideLabel}`,
        s.email ?? NONE,
        SIGNER_STATUS_LABELS[s.status],
        s.method ? METHOD_LABELS[s.method] : NONE,
        s.at ? utcTime(s.at) : NONE,
        s.ip ?? NONE,
      ],
      note: `User agent: ${s.userAgent ?? NONE}`,
    })),
  );

  heading(doc, width, 'Events');
  // Stable: events stored in the same millisecond keep the order they were recorded in.
  const events = [...data.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  drawTable(
    doc,
    width,
    [
      { header: 'Time', width: 0.2 },
      { header: 'Event', width: 0.28 },
      { header: 'By', width: 0.19 },
      { header: 'Method', width: 0.17 },
      { header: 'IP address', width: 0.16 },
    ],
    events.map((e) => ({
      cells: [
        utcTime(e.at),
        e.detail ? `${EVENT_LABELS[e.kind]}: ${e.detail}` : EVENT_LABELS[e.kind],
        e.actor ?? APP_NAME,
        e.method ? METHOD_LABELS[e.method] : NONE,
        e.ip ?? NONE,
      ],
      note: `User agent: ${e.userAgent ?? NONE}`,
    })),
  );

  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `Times are in UTC. The SHA-256 is of the sealed PDF exactly as downloaded: compute it (e.g. sha256sum) or drop the file on ${APP_NAME}’s verification page to check that it has not changed. Signing events are recorded as they happen and never edited.`,
      MARGIN,
      doc.y,
      { width },
    );
  stampFooters(doc, (page, pages) => `Audit certificate · Document ID: ${data.documentId} · Page ${page} of ${pages}`);
  doc.end();
  return bytes;
}

function heading(doc: PDFKit.PDFDocument, width: number, text: string): void {
  if (doc.y + 60 > doc.page.maxY()) doc.addPage();
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(text, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
}

const CELL = { font: 'Helvetica', size: 8, pad: 4 };

/** A table whose rows grow to fit what wraps in them, carried over to a new page (with its header) when full. */
function drawTable(doc: PDFKit.PDFDocument, width: number, columns: Column[], rows: Row[]): void {
  const widths = columns.map((c) => c.width * width);
  const cellsHeight = (cells: string[], font: string) => {
    doc.font(font).fontSize(CELL.size);
    return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i] - CELL.pad })));
  };
  const drawCells = (cells: string[], font: string) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(font).fontSize(CELL.size);
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: widths[i] - CELL.pad });
      x += widths[i];
    });
    doc.x = MARGIN;
    doc.y = y + cellsHeight(cells, font);
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y + CELL.pad / 2)
      .lineTo(MARGIN + width, doc.y + CELL.pad / 2)
      .strokeColor('#dddddd')
      .stroke();
    doc.y += CELL.pad;
  };
  const header = () => {
    doc.fillColor('#000000');
    drawCells(
      columns.map((c) => c.header),
      'Helvetica-Bold',
    );
    rule();
  };

  header();
  if (!rows.length) doc.font(CELL.font).fontSize(CELL.size).fillColor(GREY).text('None.', MARGIN, doc.y, { width });
  for (const row of rows) {
    const height =
      cellsHeight(row.cells, CELL.font) +
      doc
        .font(CELL.font)
        .fontSize(CELL.size - 1)
        .heightOfString(row.note, { width }) +
      2 * CELL.pad;
    if (doc.y + height > doc.page.maxY()) {
      doc.addPage();
      header();
    }
    doc.fillColor('#000000');
    drawCells(row.cells, CELL.font);
    doc
      .font(CELL.font)
      .fontSize(CELL.size - 1)
      .fillColor(GREY)
      .text(row.note, MARGIN, doc.y + 1, { width });
    rule();
  }
  doc.fillColor('#000000');
}
