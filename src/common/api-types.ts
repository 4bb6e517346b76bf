// Response shapes both sides agree on: inferred from the zod schemas the server's routes declare as their responses
// (common/schemas/responses.ts), so the presenters, the served OpenAPI and the client's types cannot drift apart.
import type { z } from 'zod';
import type {
  AcceptanceDtoSchema,
  AcceptanceMediatorDtoSchema,
  AcceptanceSchema,
  ActivityItemSchema,
  CancellationPreviewDtoSchema,
  CancellationResultSchema,
  DashboardDtoSchema,
  DepositIntentSchema,
  ErrorBodySchema,
  LawyerProfileDtoSchema,
  LedgerEntrySchema,
  MediatorAcceptanceSchema,
  MediatorProfileDtoSchema,
  NotificationDtoSchema,
  PaymentDeclinedBodySchema,
  PaymentDtoSchema,
  PublicMediatorSchema,
  PublicSettingsDtoSchema,
  RequestCountsSchema,
  RequestDocumentDtoSchema,
  RequestDtoSchema,
  SettlementSchema,
  UploadTargetSchema,
  UserDtoSchema,
} from './schemas/responses';

export type LawyerProfileDto = z.infer<typeof LawyerProfileDtoSchema>;
export type MediatorProfileDto = z.infer<typeof MediatorProfileDtoSchema>;
export type UserDto = z.infer<typeof UserDtoSchema>;
export type NotificationDto = z.infer<typeof NotificationDtoSchema>;
export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export type DashboardDto = z.infer<typeof DashboardDtoSchema>;
export type PublicSettingsDto = z.infer<typeof PublicSettingsDtoSchema>;
/** `{ message, code, fieldErrors? }`: the client acts on `code` (never the message text), see common/error-codes.ts. */
export type ApiErrorBody = z.infer<typeof ErrorBodySchema>;
export type PaymentDeclinedBody = z.infer<typeof PaymentDeclinedBodySchema>;
export type RequestDocumentDto = z.infer<typeof RequestDocumentDtoSchema>;
/** A mediation request as the API returns it (RULES.md 7: the entity's field names, money as strings). */
export type RequestDto = z.infer<typeof RequestDtoSchema>;
export type SettlementDto = z.infer<typeof SettlementSchema>;
export type RequestCounts = z.infer<typeof RequestCountsSchema>;
export type DepositIntent = z.infer<typeof DepositIntentSchema>;
export type AcceptanceSummary = z.infer<typeof AcceptanceSchema>;
export type AcceptanceMediatorDto = z.infer<typeof AcceptanceMediatorDtoSchema>;
export type AcceptanceDto = z.infer<typeof AcceptanceDtoSchema>;
export type CancellationPreviewDto = z.infer<typeof CancellationPreviewDtoSchema>;
export type CancellationResult = z.infer<typeof CancellationResultSchema>;
export type PublicMediatorDto = z.infer<typeof PublicMediatorSchema>;
export type MediatorAcceptanceDto = z.infer<typeof MediatorAcceptanceSchema>;
export type LedgerEntryDto = z.infer<typeof LedgerEntrySchema>;
export type PaymentDto = z.infer<typeof PaymentDtoSchema>;
export type UploadTarget = z.infer<typeof UploadTargetSchema>;
