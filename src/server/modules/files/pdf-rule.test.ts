import { describe, expect, it } from 'vitest';
import { IMPOSTORS, REAL_PDFS } from './pdf-fixtures';
import { PDF_WINDOW, pdfProblem } from './pdf-rule';

const check = (bytes: Buffer) => pdfProblem(bytes.subarray(0, PDF_WINDOW), bytes.subarray(-PDF_WINDOW));

// Issue 11 family 8 (c): what a PDF must be (docs/decisions/024-what-a-pdf-is.md).
describe('the PDF rule', () => {
  it.each(REAL_PDFS)('takes %s', (_name, bytes) => {
    expect(check(bytes)).toBeNull();
  });

  it.each(IMPOSTORS)('refuses %s', (_name, bytes) => {
    expect(check(bytes)).not.toBeNull();
  });

  it('names what is wrong: the header, the end marker, or markup', () => {
    expect(check(Buffer.from('<html>'))).toBe('header');
    expect(check(Buffer.from('%PDF-1.4\n1 0 obj'))).toBe('eof');
    expect(check(Buffer.from('%PDF-1.4\n<script>\n%%EOF'))).toBe('markup');
    expect(check(Buffer.alloc(0))).toBe('header');
  });
});
