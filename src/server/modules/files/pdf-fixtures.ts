// Real-looking PDFs and impostors for the PDF rule (docs/decisions/024-what-a-pdf-is.md), shared by its unit and
// API tests (issue 11 family 8).
import { deflateSync } from 'node:zlib';

const bin = (...bytes: number[]) => Buffer.from(bytes);
const text = (s: string) => Buffer.from(s, 'latin1');

/** A small but well-formed PDF: objects, cross-reference table, trailer, startxref, %%EOF. */
function classic(version: string, extraHead = Buffer.alloc(0), after = '\n'): Buffer {
  const parts: Buffer[] = [text(`%PDF-${version}\n`), extraHead];
  const body = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n',
  ];
  parts.push(text(body.join('')));
  const xrefAt = Buffer.concat(parts).length;
  parts.push(text(`xref\n0 4\n0000000000 65535 f \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF${after}`));
  return Buffer.concat(parts);
}

/** Like the output of office suites: a binary comment after the header, then a compressed content stream. */
function withStream(version: string): Buffer {
  const stream = deflateSync(Buffer.from('BT /F1 12 Tf 72 712 Td (Mediation brief) Tj ET\n'.repeat(200)));
  return Buffer.concat([
    text(`%PDF-${version}\n`),
    bin(0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a),
    text(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
    stream,
    text('\nendstream\nendobj\n'),
    classic(version).subarray(9),
  ]);
}

/** XMP metadata near the start (as scanners and Acrobat write it): XML, but no HTML. */
const xmp = text(
  '5 0 obj\n<< /Type /Metadata /Subtype /XML /Length 300 >>\nstream\n<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"/></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>\nendstream\nendobj\n',
);

export const REAL_PDFS: [string, Buffer][] = [
  ['a minimal PDF 1.4', classic('1.4')],
  ['PDF 1.7 ending in CRLF', classic('1.7', undefined, '\r\n')],
  ['PDF 2.0', classic('2.0')],
  ['an office-suite PDF (binary comment, compressed stream)', withStream('1.6')],
  ['a PDF with XMP metadata in its first kilobyte', classic('1.5', xmp)],
  ['an incrementally updated PDF (two %%EOF)', Buffer.concat([classic('1.3'), text('6 0 obj\n<< >>\nendobj\nstartxref\n9\n%%EOF\n')])],
  ['a PDF with padding after %%EOF (scanners)', Buffer.concat([classic('1.4'), Buffer.alloc(700)])],
  ['a PDF without a line end after %%EOF', classic('1.7', undefined, '')],
];

const html = '<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>';

export const IMPOSTORS: [string, Buffer][] = [
  ['an HTML page', text(html)],
  ['"%PDF-" followed by HTML', text(`%PDF-1.4\n${html}\n%%EOF\n`)],
  ['"%PDF-" followed by a script, no end marker', text('%PDF-1.7\n<script>alert(1)</script>')],
  ['"%PDF-" with an uppercase HTML tag', text('%PDF-1.4\n<HTML><BODY onload=alert(1)>\n%%EOF')],
  ['"%PDF-" with an SVG payload', text('%PDF-1.4\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\n%%EOF')],
  ['"%PDF-" with an iframe', text('%PDF-1.5\n% <iframe src="https://evil.example"></iframe>\n%%EOF\n')],
  ['a truncated PDF (no %%EOF)', classic('1.4').subarray(0, 150)],
  ['a PDF whose %%EOF is buried under 2 KB of appended data', Buffer.concat([classic('1.4'), Buffer.alloc(2048, 0x41)])],
  ['"%PDF-" alone', text('%PDF-')],
  ['a header with no version ("%PDF-x.y")', text('%PDF-x.y\n%%EOF')],
  ['a header with an unknown version ("%PDF-9.9")', text('%PDF-9.9\n1 0 obj\n<<>>\nendobj\n%%EOF')],
  ['a PDF after a byte-order mark', Buffer.concat([bin(0xef, 0xbb, 0xbf), classic('1.4')])],
  ['a PDF after an HTML prefix', Buffer.concat([text('<html><script>alert(1)</script>'), classic('1.4')])],
  ['a PNG', Buffer.concat([bin(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), text('IHDR-fake-png-body')])],
  ['a JPEG', Buffer.concat([bin(0xff, 0xd8, 0xff, 0xe0), text('JFIF-fake')])],
  ['a ZIP (a .docx)', Buffer.concat([bin(0x50, 0x4b, 0x03, 0x04), text('word/document.xml')])],
  ['a Windows program', Buffer.concat([text('MZ'), Buffer.alloc(200)])],
  ['an ELF program', Buffer.concat([bin(0x7f, 0x45, 0x4c, 0x46), Buffer.alloc(200)])],
  ['plain text', text('Please find the brief attached.\n%%EOF')],
];
