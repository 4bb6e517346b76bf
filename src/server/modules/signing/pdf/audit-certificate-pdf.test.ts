import { describe, expect, it } from 'vitest';
import { type AuditCertificateData, type AuditEvent, renderAuditCertificate } from './audit-certificate-pdf';
import { MARGIN } from './pdf-layout';
import { pdfSignatures, pdfText, pdfWords } from './poppler.fixture';

const DOCUMENT_ID = '3e0f5a7c-2b1d-4c9e-8f6a-1b2c3d4e5f60';
const SHA256 = 'd2a84f4b8b650937ec8f73cd8be2c74add5a911ba64df27458ed8229da804a26';
// A real browser's user agent, then a run with no space to break at: both must stay inside the page.
const LONG_AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0 ${'Z'.repeat(260)} EndOfAgent`;
// Cells wrap: compare the text with its line breaks as spaces.
const textOf = async (data: AuditCertificateData) => pdfText(await renderAuditCertificate(data)).replace(/\s+/g, ' ');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 14, minute));

const event = (kind: AuditEvent['kind'], minute: number, changes: Partial<AuditEvent> = {}): AuditEvent => ({
  kind,
  at: at(minute),
  actor: 'Ruth Lane',
  method: null,
  ip: '198.51.100.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0',
  detail: null,
  ...changes,
});

const sealed: AuditCertificateData = {
  documentId: DOCUMENT_ID,
  title: 'Term sheet, version 2',
  caseName: 'Lane v. Orchard Homes',
  caseNumber: 'MH-2026-0007',
  status: 'sealed',
  sha256: SHA256,
  sealedAt: at(20),
  issuedAt: at(21),
  signers: [
    {
      name: 'Ruth Lane',
      role: 'counsel',
      sideLabel: 'Requesting side',
      email: 'ruth@lanelaw.example',
      status: 'signed',
      method: 'password',
      at: at(12),
      ip: '198.51.100.7',
      userAgent: LONG_AGENT,
    },
    {
      name: 'Omar Haddad',
      role: 'party',
      sideLabel: 'Responding side',
      email: 'omar@example.com',
      status: 'signed',
      method: 'email_code',
      at: at(19),
      ip: '2001:db8::42',
      userAgent: 'Mozilla/5.0 (iPhone) Safari/604.1',
    },
  ],
  // Out of order on purpose: the certificate lists them by time.
  events: [
    event('sealed', 20, { actor: null, ip: null, userAgent: null }),
    event('signed', 19, { actor: 'Omar Haddad', method: 'email_code', ip: '2001:db8::42' }),
    event('created', 1, { actor: 'Mediator Mia' }),
    event('sent', 2, { actor: 'Mediator Mia' }),
    event('viewed', 10, { userAgent: LONG_AGENT }),
    event('failed_attempt', 11, { method: 'password', detail: 'wrong password' }),
    event('signed', 12, { method: 'password' }),
    event('code_sent', 15, { actor: 'Omar Haddad', ip: '2001:db8::42' }),
  ],
};

describe('the audit certificate', () => {
  it('names the document, its status and the sealed file’s SHA-256 in full', async () => {
    const text = await textOf(sealed);
    expect(text).toContain('Audit certificate');
    expect(text).toContain('Term sheet, version 2');
    expect(text).toContain(DOCUMENT_ID);
    expect(text).toContain('Lane v. Orchard Homes (Case #MH-2026-0007)');
    expect(text).toContain(SHA256);
    expect(text).toContain('Nov 28, 2026, 14:20 UTC');
  });

  it('lists every signer with e-mail, method, time and IP address', async () => {
    const text = await textOf(sealed);
    for (const value of [
      'Ruth Lane',
      'ruth@lanelaw.example',
      'password re-entered',
      '198.51.100.7',
      'Omar Haddad',
      'omar@example.com',
      'code e-mailed to the party',
      '2001:db8::42',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('14:19 UTC');
    expect(text).toContain('User agent: Mozilla/5.0 (iPhone) Safari/604.1');
  });

  it('lists every event in time order, with what failed', async () => {
    const text = await textOf(sealed);
    const events = text.slice(text.indexOf('Events'));
    const order = ['Created', 'Sent', 'Viewed', 'Failed attempt: wrong password', 'Signed', 'Code sent', 'Signed', 'Sealed'];
    let from = 0;
    for (const label of order) {
      const found = events.indexOf(label, from);
      expect(found, label).toBeGreaterThan(-1);
      from = found + label.length;
    }
    expect(events).toContain('Mediator Mia');
  });

  it('wraps a long user agent inside the page', async () => {
    const { pageWidth, words } = pdfWords(await renderAuditCertificate(sealed));
    expect(words.some((w) => w.text === 'EndOfAgent')).toBe(true);
    for (const word of words) expect(word.xMax, word.text).toBeLessThanOrEqual(pageWidth - MARGIN + 1);
  });

  it('for a refused document: the reason, and no hash', async () => {
    const refused: AuditCertificateData = {
      ...sealed,
      status: 'refused',
      sha256: null,
      sealedAt: null,
      signers: [{ ...sealed.signers[1], status: 'refused' }],
      events: [event('refused', 30, { actor: 'Omar Haddad', method: 'email_code', detail: 'The payment date is too soon' })],
    };
    const text = await textOf(refused);
    expect(text).toContain('Refused: The payment date is too soon');
    expect(text).toContain('None: the document has not been sealed');
    expect(text).not.toContain(SHA256);
  });

  it('runs over pages with its footer on each, and is not itself signed', async () => {
    const many = { ...sealed, events: Array.from({ length: 40 }, (_, i) => event('viewed', i, { userAgent: LONG_AGENT })) };
    const pdf = await renderAuditCertificate(many);
    const pages = pdfText(pdf)
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) expect(page).toContain(`Audit certificate · Document ID: ${DOCUMENT_ID} · Page ${i + 1} of ${pages.length}`);
    expect(pdfSignatures(pdf)).not.toContain('Signature #1');
  });
});
