// Our marker in the documents we render (issue 26): the envelope's id in the PDF's Info dictionary, so that the
// verification page can tell "a document of ours, changed since sealing" from "not a document we sealed".

/** The Info key. A literal, not derived from the app's name: renaming the app must not orphan documents already out. */
export const DOCUMENT_ID_KEY = 'MediateHubDocumentId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// pdfkit writes every Info value as an indirect object: `/MediateHubDocumentId 12 0 R` in the dictionary, and
// `12 0 obj (…) endobj` elsewhere in the file.
const REFERENCE = new RegExp(String.raw`/${DOCUMENT_ID_KEY}\s*(\d{1,10})\s+(\d{1,5})\s+R`, 'g');
// Readers accept the header anywhere in the first 1024 bytes.
const HEADER_WINDOW = 1024;

/**
 * The document id our marker holds, or null: for a file that is not a PDF, a PDF without the marker, or a marker that
 * does not hold a UUID. Any bytes may come in (the verification page takes whatever is dropped on it); it never throws.
 */
export function readDocumentId(pdf: Buffer): string | null {
  if (!pdf.subarray(0, HEADER_WINDOW).includes('%PDF-')) return null;
  // latin1 maps each byte to one character, so the text searched is the file byte for byte.
  const text = pdf.toString('latin1');
  const reference = [...text.matchAll(REFERENCE)].at(-1);
  if (!reference) return null;
  const [, number, generation] = reference;
  // A file updated incrementally may define the object again; as a reader does, the last definition wins.
  const definition = [...text.matchAll(new RegExp(String.raw`(?<!\d)${number}\s+${generation}\s+obj\s*\(([^()\\]{0,64})\)\s*endobj`, 'g'))].at(-1);
  const value = definition?.[1];
  return value && UUID.test(value) ? value.toLowerCase() : null;
}
