// Inputs and outputs of the steps after selection: start, complete, review (spec 2 + 5, RULES.md 4 and 6).
import { z } from 'zod';
import { optionalText } from './fields';
import { OutcomeInputSchema } from './signing';

export const COMPLETION_TEXTS = { completionResults: 'Completion results are required' } as const;
export const REVIEW_TEXTS = { rating: 'Please choose a rating from 1 to 5 stars' } as const;

/** POST /api/requests/{id}/complete: results required; deliverables and the final proposal optional (spec 5). */
export const CompleteSchema = z
  .object({
    completionResults: z
      .string(COMPLETION_TEXTS.completionResults)
      .trim()
      .min(1, COMPLETION_TEXTS.completionResults)
      .max(10_000, 'Must be at most 10000 characters'),
    deliverables: optionalText(10_000),
    mediatorProposal: optionalText(10_000),
    // The outcome beside the spec's fields (issue 26): optional, so the spec's own call still completes a case.
    ...OutcomeInputSchema.shape,
  })
  .refine((input) => input.outcome !== undefined || input.outcomeDate === undefined, {
    path: ['outcome'],
    message: 'Choose the outcome of the mediation, or leave the date empty',
  });
export type CompleteInput = z.infer<typeof CompleteSchema>;

/** POST /api/reviews: the server works out the reviewee; a given `revieweeId` must be that one (RULES.md 7). */
export const ReviewInputSchema = z.object({
  requestId: z.string('Invalid request').min(1, 'Invalid request').max(100, 'Invalid request'),
  revieweeId: z.string('Invalid reviewee').max(100, 'Invalid reviewee').nullish(),
  rating: z.coerce.number(REVIEW_TEXTS.rating).int(REVIEW_TEXTS.rating).min(1, REVIEW_TEXTS.rating).max(5, REVIEW_TEXTS.rating),
  comment: optionalText(2_000),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

const Id = z.guid();
const Timestamp = z.iso.datetime();

/** A review as the API shows it: who wrote it (name only), the stars, the comment. */
export const ReviewDtoSchema = z.object({
  id: Id,
  requestId: Id,
  reviewerId: Id,
  revieweeId: Id,
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: Timestamp,
  reviewerName: z.string(),
  /** Which side wrote it. */
  reviewerRole: z.enum(['lawyer', 'mediator']),
  caseName: z.string(),
  /** When it became visible; null while a two-sided case's review waits for the reveal (only its author sees it). */
  revealedAt: Timestamp.nullable(),
});
export type ReviewDto = z.infer<typeof ReviewDtoSchema>;

/**
 * The other side of a matched request, for its participants only (RULES.md 6): the lawyer sees the selected
 * mediator, the selected mediator sees the lawyer (so they can coordinate the date).
 */
export const CounterpartSchema = z.object({
  id: Id,
  role: z.enum(['lawyer', 'mediator']),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  firmName: z.string().nullable(),
});
export type Counterpart = z.infer<typeof CounterpartSchema>;
