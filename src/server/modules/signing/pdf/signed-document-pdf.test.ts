import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { termSheetSections } from '../../../../common/domain/signing';
import { makeP12, pdfImages, pdfSignatures, pdfText } from './poppler.fixture';
import { DEVELOPMENT_SEAL_NAME, sealKeyFrom, type SealKey } from './seal-key';
import { renderSignedDocument, type SignatureBlock, type SignedDocumentData } from './signed-document-pdf';

const DOCUMENT_ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
// An 8 × 4 RGBA PNG, as a signature pad draws (transparent background).
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAYAAACzzX7wAAAAF0lEQVR42mNgYGD4z4AAuNjkS/4nKAkAuOcK9qIJcjgAAAAASUVORK5CYII=', 'base64');

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 14, minute));
const signers: SignatureBlock[] = [
  {
    name: 'Alice Avery',
    role: 'counsel',
    sideLabel: 'Requesting side',
    signedAt: at(5),
    method: 'password',
    signature: { kind: 'typed', text: 'Alice Avery' },
  },
  { name: 'Bruno Castillo', role: 'counsel', sideLabel: 'Responding side', signedAt: at(6), method: 'password', signature: { kind: 'drawn', png: TINY_PNG } },
  {
    name: 'Dana Whitfield',
    role: 'party',
    sideLabel: 'Requesting side',
    signedAt: at(7),
    method: 'email_code',
    signature: { kind: 'typed', text: 'Dana Whitfield' },
  },
  {
    name: 'Eitan Okafor',
    role: 'party',
    sideLabel: 'Responding side',
    signedAt: at(8),
    method: 'email_code',
    signature: { kind: 'typed', text: 'Eitan Okafor' },
  },
];
const body = termSheetSections({
  parties: [
    { name: 'Dana Whitfield', side: 'first', email: 'dana@example.com' },
    { name: 'Eitan Okafor', side: 'second', email: 'eitan@example.com' },
  ],
  payments: [{ amount: '25000.00', payer: 'Eitan Okafor', payee: 'Dana Whitfield', dueDate: '2026-12-31' }],
  releases: 'Mutual general releases of all claims arising from the lease.',
  confidentiality: 'The terms stay confidential.',
  dismissal: 'Dismissal with prejudice within 10 days of payment.',
  otherTerms: '',
});
const input = (seal: SealKey | null, changes: Partial<SignedDocumentData> = {}): SignedDocumentData => ({
  documentId: DOCUMENT_ID,
  title: 'Term sheet, version 3',
  caseName: 'Whitfield v. Okafor',
  caseNumber: 'MH-2026-0042',
  body,
  signers,
  sealedAt: at(9),
  seal: seal && { p12: seal.p12, passphrase: seal.passphrase },
  ...changes,
});
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let seal: SealKey;
let sealed: Buffer;
beforeAll(async () => {
  seal = await sealKeyFrom({});
  sealed = await renderSignedDocument(input(seal));
});

describe('the sealed document', () => {
  it('reads, in an independent reader, with every signer, the title, the terms and the document id', () => {
    const text = pdfText(sealed);
    expect(text).toContain('Term sheet, version 3');
    expect(text).toContain('Whitfield v. Okafor (Case #MH-2026-0042)');
    expect(text).toContain('Eitan Okafor pays Dana Whitfield $25,000 by 2026-12-31');
    for (const s of signers) expect(text).toContain(s.name);
    expect(text).toContain('Signed Nov 28, 2026, 14:05 UTC');
    expect(text).toContain('Identity: password re-entered');
    expect(text).toContain('Identity: code e-mailed to the party');
    expect(text).toContain('Counsel, Responding side');
    expect(text).toContain(`Document ID: ${DOCUMENT_ID}`);
    expect(text).not.toContain('Preview');
    expect(text).not.toContain('Not signed yet');
  });

  it('prints names beyond Latin-1 as written (an embedded font, not the built-in Helvetica)', async () => {
    const names = ['Łukasz Żółć', 'Дмитрий Иванов', 'Αθηνά Παππά'];
    const file = await renderSignedDocument(
      input(seal, { signers: names.map((name, i) => ({ ...signers[0], name, signature: { kind: 'typed' as const, text: name }, signedAt: at(i) })) }),
    );
    const text = pdfText(file);
    for (const name of names) expect(text).toContain(name);
  });

  it('carries one valid signature by the development seal', () => {
    const report = pdfSignatures(sealed);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain(`Signer Certificate Common Name: ${DEVELOPMENT_SEAL_NAME}`);
    expect(report).toContain('Total document signed');
    expect(report.match(/Signature #\d+:/g)).toEqual(['Signature #1:']);
  });

  it('with one byte changed has another SHA-256 and no longer verifies', () => {
    // A byte of the signed content (the middle of the range after the signature: the pages), not of the signature's
    // own zero padding, which a PKCS#7 reader ignores; our verification hashes the whole file, so it catches that too.
    const [, , afterStart, afterLength] = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]/.exec(sealed.toString('latin1'))!.slice(1).map(Number);
    const changed = Buffer.from(sealed);
    changed[afterStart + Math.floor(afterLength / 2)] ^= 0x01;
    expect(sha256(changed)).not.toBe(sha256(sealed));
    const report = pdfSignatures(changed);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toContain('Digest Mismatch');
  });

  it('puts a drawn signature on the page as an image', () => {
    expect(pdfImages(sealed)).toEqual([{ width: 8, height: 4 }]);
  });

  it('is the same bytes for the same input and key', async () => {
    expect(sha256(await renderSignedDocument(input(seal)))).toBe(sha256(sealed));
  });

  it('is sealed with a configured PKCS#12 instead of the development pair', async () => {
    const passphrase = 'correct horse battery staple';
    const configured = await sealKeyFrom({
      SEAL_P12_BASE64: makeP12('Whitfield Mediation Seal', passphrase).toString('base64'),
      SEAL_P12_PASSPHRASE: passphrase,
    });
    const report = pdfSignatures(await renderSignedDocument(input(configured)));
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Signer Certificate Common Name: Whitfield Mediation Seal');
  });

  it('is refused while a signer has not signed', async () => {
    const pending = { ...signers[3], signedAt: null, method: null, signature: null };
    await expect(renderSignedDocument(input(seal, { signers: [...signers.slice(0, 3), pending] }))).rejects.toThrow(/once every signer has signed/);
  });

  it('puts the footer with the document id on every page', async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ ...signers[i % 4], name: `Signer Number ${i + 1}` }));
    const pages = pdfText(await renderSignedDocument(input(seal, { signers: many })))
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Document ID: ${DOCUMENT_ID} · Page ${i + 1} of ${pages.length}`);
    expect(pages.join('')).toContain('Signer Number 9');
  });
});

describe('the preview while signing is open', () => {
  const open = signers.map((s, i) => (i < 2 ? s : { ...s, signedAt: null, method: null, signature: null }));

  it('says it is not signed and which signers have not signed yet, with no signature on it', async () => {
    const preview = await renderSignedDocument(input(null, { signers: open }));
    const text = pdfText(preview);
    expect(text).toContain('Preview — not signed');
    expect(text.match(/Not signed yet/g)).toHaveLength(2);
    for (const s of signers) expect(text).toContain(s.name);
    expect(text).toContain(`Document ID: ${DOCUMENT_ID}`);
    expect(pdfSignatures(preview)).not.toContain('Signature #1');
  });

  it('is the same bytes for the same input', async () => {
    const first = await renderSignedDocument(input(null, { signers: open }));
    expect((await renderSignedDocument(input(null, { signers: open }))).equals(first)).toBe(true);
  });
});
