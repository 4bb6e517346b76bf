import { FILE_LIMITS } from '../../../common/constants';
import type { SniffedType } from '../../../common/file-types';
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
