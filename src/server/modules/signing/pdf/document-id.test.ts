import { randomBytes } from 'node:crypto';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ID_KEY, readDocumentId } from './document-id';
import { sealKeyFrom } from './seal-key';
import { renderSignedDocument } from './signed-document-pdf';

const DOCUMENT_ID = '0d9c6b1e-7f2a-4c3b-9e8d-5a4b3c2d1e0f';

/** A PDF made by someone else with pdfkit, with whatever Info they chose. */
function otherPdf(info: Record<string, string>): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false, info: info as PDFKit.DocumentInfo });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text('A settlement agreement, not from MediateHub.');
  doc.end();
  return done;
}

let ours: Buffer;
beforeAll(async () => {
  const seal = await sealKeyFrom({});
  ours = await renderSignedDocument({
    documentId: DOCUMENT_ID,
    title: 'Agreement to mediate',
    caseName: 'Lane v. Orchard Homes',
    caseNumber: 'MH-7',
    body: [{ heading: 'Agreement to mediate', lines: ['The mediator is a neutral.'] }],
    signers: [
      {
        name: 'Ruth Lane',
        role: 'counsel',
        sideLabel: 'Requesting side',
        signedAt: new Date('2026-11-28T14:05:00Z'),
        method: 'password',
        signature: { kind: 'typed', text: 'Ruth Lane' },
      },
    ],
    sealedAt: new Date('2026-11-28T14:06:00Z'),
    seal,
  });
});

/** Where the id's own object sits in the file, to change bytes away from it (or in it). */
const markerValueAt = (pdf: Buffer) => pdf.indexOf(`(${DOCUMENT_ID})`, 0, 'latin1') + 1;

describe('readDocumentId', () => {
  it('finds the id in a sealed document of ours', () => {
    expect(readDocumentId(ours)).toBe(DOCUMENT_ID);
  });

  it('still finds it when one byte elsewhere has changed', () => {
    const changed = Buffer.from(ours);
    const middle = Math.floor(changed.length / 2);
    expect(Math.abs(middle - markerValueAt(ours))).toBeGreaterThan(100);
    changed[middle] ^= 0xff;
    expect(readDocumentId(changed)).toBe(DOCUMENT_ID);
  });

  it('takes the last definition of the marker’s object, as a reader does after an incremental update', () => {
    const number = new RegExp(`/${DOCUMENT_ID_KEY} (\\d+) 0 R`).exec(ours.toString('latin1'))![1];
    const later = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    expect(readDocumentId(Buffer.concat([ours, Buffer.from(`\n${number} 0 obj\n(${later})\nendobj\n`)]))).toBe(later);
  });

  it('accepts only a UUID in the marker', async () => {
    const broken = Buffer.from(ours);
    broken[markerValueAt(ours)] = 'g'.charCodeAt(0);
    expect(readDocumentId(broken)).toBeNull();
    expect(readDocumentId(await otherPdf({ [DOCUMENT_ID_KEY]: 'invoice-42' }))).toBeNull();
  });

  it('is null for a PDF of someone else', async () => {
    expect(readDocumentId(await otherPdf({ Title: 'Settlement', Author: 'Someone else' }))).toBeNull();
  });

  it('is null for bytes that are not a PDF, even with our marker written in them', () => {
    expect(readDocumentId(randomBytes(64 * 1024))).toBeNull();
    expect(readDocumentId(Buffer.alloc(0))).toBeNull();
    expect(readDocumentId(Buffer.from(`/${DOCUMENT_ID_KEY} 4 0 R\n4 0 obj\n(${DOCUMENT_ID})\nendobj\n`))).toBeNull();
    expect(readDocumentId(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(4096)]))).toBeNull();
  });
});
