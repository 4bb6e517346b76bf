import { z } from 'zod';
import { UPLOAD_PURPOSES } from '../enums';

export const UploadRequestSchema = z
  .object({
    fileName: z.string('Invalid file name').trim().min(1, 'Invalid file name').max(255, 'File name is too long').optional(),
    size: z.number('Invalid file size').int('Invalid file size').positive('Invalid file size').optional(),
    purpose: z.enum(UPLOAD_PURPOSES, 'Purpose must be brief, case_file, attachment or photo').default('attachment'),
  })
  // The body is optional (spec 7 sends none); Fastify hands a missing body to the validator as null.
  .nullish()
  .transform((v) => v ?? { purpose: 'attachment' as const });
export type UploadRequest = z.output<typeof UploadRequestSchema>;
