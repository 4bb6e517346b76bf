import { z } from 'zod';
import { DOCUMENT_VISIBILITIES } from '../enums';

// Case documents by visibility, with who opened them (issue 23, docs/decisions/044).

const VISIBILITY_MESSAGE = 'Choose who may see the document: only my side, my side and the mediator, or everyone in the case';
const visibilityField = () => z.enum(DOCUMENT_VISIBILITIES, VISIBILITY_MESSAGE);

/** How the client names each visibility (badges and the select). */
export const VISIBILITY_LABELS: Record<(typeof DOCUMENT_VISIBILITIES)[number], string> = {
  own_side: 'Only my side',
  side_and_mediator: 'My side and the mediator',
  everyone: 'Everyone in the case',
};

/** POST /api/requests/{id}/documents: an uploaded brief or case file, and who may see it (default: by its kind). */
export const AddCaseDocumentSchema = z.object({
  objectPath: z.string('The file to attach is required').trim().min(1, 'The file to attach is required').max(300, 'The file to attach is required'),
  visibility: visibilityField().optional(),
});
export type AddCaseDocument = z.infer<typeof AddCaseDocumentSchema>;

/** PATCH /api/requests/{id}/documents/{uploadId}: who may see the document from now on. */
export const ChangeDocumentVisibilitySchema = z.object({ visibility: visibilityField() });
export type ChangeDocumentVisibility = z.infer<typeof ChangeDocumentVisibilitySchema>;

/** One opening of a document: who and when. */
export const DocumentAccessSchema = z.object({ userId: z.guid(), name: z.string(), accessedAt: z.iso.datetime() });
export type DocumentAccess = z.infer<typeof DocumentAccessSchema>;

/** A narrowing of a document's visibility, with who had opened it before. */
export const VisibilityChangeSchema = z.object({
  fromVisibility: z.enum(DOCUMENT_VISIBILITIES),
  toVisibility: z.enum(DOCUMENT_VISIBILITIES),
  changedAt: z.iso.datetime(),
  alreadyOpenedBy: z.array(z.object({ userId: z.guid(), name: z.string() })),
});
export type VisibilityChange = z.infer<typeof VisibilityChangeSchema>;

/** The uploader's log of a document: its visibility, every opening (newest first) and every narrowing. */
export const DocumentLogSchema = z.object({
  uploadId: z.guid(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  accesses: z.array(DocumentAccessSchema),
  changes: z.array(VisibilityChangeSchema),
});
export type DocumentLog = z.infer<typeof DocumentLogSchema>;
