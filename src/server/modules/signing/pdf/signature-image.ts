// A drawn signature arrives as a PNG data URL from the signature pad. It is checked when it is given, not when the
// document is sealed: a file pdfkit cannot draw would otherwise stop the sealing after every signature is in.
import PDFDocument from 'pdfkit';

/** Wider or taller than this is not a signature from our pad (it draws at most a few hundred pixels). */
const MAX_SIDE = 4000;

/** The PNG's bytes when pdfkit can draw them at a sensible size, else null. */
export function drawablePng(dataUrl: string): Buffer | null {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    // openImage parses the file as drawing it would (pdfkit 0.20; not in its typings).
    const doc = new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): { width: number; height: number } };
    const image = doc.openImage(png);
    return image.width > 0 && image.height > 0 && image.width <= MAX_SIDE && image.height <= MAX_SIDE ? png : null;
  } catch {
    return null;
  }
}
