import { FILE_LIMITS } from '../../../common/constants';
import { CONTENT_TYPES, type SniffedType } from '../../../common/file-types';
import type { UploadPurpose } from '../../../common/enums';
import { isUuid } from '../../../common/ids';

/** What each kind of upload must be (spec 5, RULES.md 7). */
export const UPLOAD_RULES: Record<UploadPurpose, { maxBytes: number; types: SniffedType[]; label: string }> = {
  brief: { maxBytes: FILE_LIMITS.documentMaxBytes, types: ['pdf'], label: 'PDF' },
  case_file: { maxBytes: FILE_LIMITS.documentMaxBytes, types: ['pdf'], label: 'PDF' },
  attachment: { maxBytes: FILE_LIMITS.documentMaxBytes, types: ['pdf', 'jpeg', 'png', 'webp'], label: 'PDF or image' },
  photo: { maxBytes: FILE_LIMITS.photoMaxBytes, types: ['jpeg', 'png', 'webp'], label: 'JPEG, PNG or WebP image' },
};

export const tooLargeMessage = (fileName: string, maxBytes: number) =>
  `${fileName} is too large. Maximum file size is ${Math.round(maxBytes / (1024 * 1024))}MB.`;

export const wrongTypeMessage = (fileName: string, purpose: UploadPurpose) => `${fileName} is not a ${UPLOAD_RULES[purpose].label} file.`;

/** Object paths look like "/objects/<uuid>"; downloads live under /api/files. */
export const objectPathFor = (id: string) => `/objects/${id}`;
export const downloadUrlFor = (id: string) => `/api/files/objects/${id}`;

/**
 * Accepts "/objects/<id>", "objects/<id>" or "/api/files/objects/<id>" and returns the id, or null. The id must be a
 * real UUID: anything else would reach SQL as uuid input and fail there.
 */
export function uploadIdFromPath(path: string): string | null {
  const match = /^(?:\/api\/files)?\/?objects\/([^/]+)$/i.exec(path.trim());
  return match && isUuid(match[1]) ? match[1].toLowerCase() : null;
}

/** The longest file name kept, extension included (in characters). */
export const FILE_NAME_MAX = 120;
const EXTENSIONS: Record<SniffedType, string[]> = { pdf: ['pdf'], jpeg: ['jpg', 'jpeg'], png: ['png'], webp: ['webp'] };

/**
 * The name a file is kept and served under, from whatever the browser sent (RULES.md 7; issue 11 family 8). Names are
 * normalised, never refused, at upload and again once the type is known: the last path segment only (no "../"),
 * markup tags and the characters <>:"|?*` dropped, control and format characters (bidi overrides) dropped, white
 * space collapsed, no leading or trailing dots, at most FILE_NAME_MAX characters; and, when the type is known, the
 * extension is that type's: "x.exe" of a PDF becomes "x_exe.pdf", "scan" becomes "scan.pdf".
 */
export function safeFileName(raw: string | null | undefined, type: SniffedType | null): string {
  let name = (raw ?? '').normalize('NFC').replace(/<[^<>]*>/g, '');
  name = name.split(/[\\/]/).pop() ?? '';
  name = name
    .replace(/\s+/g, ' ')
    .replace(/\p{C}/gu, '')
    .replace(/[<>:"|?*`]/g, '')
    .replace(/^\s+|[\s.]+$/g, '');
  let extension = '';
  if (type) {
    const known = EXTENSIONS[type];
    const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
    if (match && known.includes(match[1].toLowerCase())) {
      extension = name.slice(match.index);
      name = name.slice(0, match.index);
    } else {
      if (match) name = `${name.slice(0, match.index)}_${match[1]}`;
      extension = `.${known[0]}`;
    }
  }
  name = name.replace(/^[\s.]+|[\s.]+$/g, '');
  const chars = [...name];
  const room = FILE_NAME_MAX - extension.length;
  if (chars.length > room) name = chars.slice(0, room).join('').trimEnd();
  return `${name || 'file'}${extension}`;
}

/** The type a stored content type stands for (downloads name the file after what it really is). */
export function typeOfContent(contentType: string | null | undefined): SniffedType | null {
  const entry = Object.entries(CONTENT_TYPES).find(([, value]) => value === contentType);
  return entry ? (entry[0] as SniffedType) : null;
}

/**
 * A download's Content-Disposition: always `attachment` (the browser saves the file and never renders it; with
 * `X-Content-Type-Options: nosniff` it never guesses a type either), an ASCII `filename` and the exact name in
 * `filename*` (RFC 6266 / 8187).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
