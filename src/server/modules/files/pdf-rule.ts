/**
 * What the server takes as a PDF (docs/decisions/024-what-a-pdf-is.md). The first bytes alone ("%PDF-") let anything
 * through that starts with them, such as "%PDF-" followed by a web page; so a document must also look like a PDF at
 * both ends:
 * - it starts with the header "%PDF-1.x" or "%PDF-2.x" at byte 0 (every PDF writer puts it there; RULES.md 7);
 * - its last PDF_WINDOW bytes hold the end-of-file marker "%%EOF" (every PDF, incremental updates included, ends with
 *   one; writers add at most a line end or a little padding after it);
 * - its first PDF_WINDOW bytes hold no HTML markup (a browser that sniffed the file would see a page there).
 */
export const PDF_WINDOW = 1024;

const HEADER = /^%PDF-[12]\.\d/;
const EOF_MARKER = '%%EOF';
/** Tags a browser's sniffer or an HTML parser would act on; none belongs in a PDF's first kilobyte. */
export const HTML_MARKERS = ['<!doctype', '<html', '<head', '<body', '<script', '<iframe', '<object', '<embed', '<svg', '<meta', '<style', '<img', '<a href'];

export type PdfProblem = 'header' | 'eof' | 'markup';

/** Why `head` (the first bytes) and `tail` (the last bytes) are not those of a PDF, or null when they are. */
export function pdfProblem(head: Buffer, tail: Buffer): PdfProblem | null {
  const start = head.subarray(0, PDF_WINDOW).toString('latin1');
  if (!HEADER.test(start)) return 'header';
  if (!tail.subarray(-PDF_WINDOW).toString('latin1').includes(EOF_MARKER)) return 'eof';
  const lower = start.toLowerCase();
  if (HTML_MARKERS.some((marker) => lower.includes(marker))) return 'markup';
  return null;
}
