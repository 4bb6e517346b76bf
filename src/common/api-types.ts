// Response shapes both sides agree on (the server's presenters are typed with these).
import type { NotificationType, SubscriptionTier, UserRole, UserStatus } from './enums';

export interface LawyerProfileDto {
  id: string;
  userId: string;
  firmName: string | null;
  barNumber: string | null;
  practiceArea: string | null;
  jurisdiction: string;
  phoneNumber: string | null;
  bio: string | null;
  rating: string | null;
  reviewCount: number;
  createdAt: string;
}

export interface MediatorProfileDto {
  id: string;
  userId: string;
  certifications: string[];
  specializations: string[];
  yearsExperience: number | null;
  hourlyRate: string | null;
  bio: string | null;
  jurisdiction: string;
  phoneNumber: string | null;
  websiteUrl: string | null;
  photoUrl: string | null;
  mediationTraining: string[];
  languagesSpoken: string[];
  rating: string | null;
  reviewCount: number;
  totalMediationsCompleted: number;
  subscriptionTier: SubscriptionTier;
  subscriptionStartDate: string | null;
  createdAt: string;
}

export interface UserDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: UserRole | null;
  profileCompleted: boolean;
  status: UserStatus;
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
  lawyerProfile: LawyerProfileDto | null;
  mediatorProfile: MediatorProfileDto | null;
  /** Set while an admin is viewing the product as this user. */
  impersonatedBy: { id: string; email: string; firstName: string; lastName: string } | null;
}

export interface NotificationDto {
  id: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  linkUrl: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface ActivityItem {
  id: string;
  title: string;
  message: string;
  linkUrl: string | null;
  createdAt: string;
}

export type DashboardDto =
  | {
      role: 'mediator';
      thisMonthEarnings: string | null;
      monthlyMediations: { used: number; limit: number | null };
      subscriptionTier: SubscriptionTier;
      rating: string | null;
      reviewCount: number;
      availableRequests: number;
      unreadMessages: number;
      recentActivity: ActivityItem[];
    }
  | {
      role: 'lawyer';
      activeRequests: number;
      matchedMediators: number;
      completed: number;
      unreadMessages: number;
      recentActivity: ActivityItem[];
    };

export interface PublicSettingsDto {
  commissionPercentage: string | null;
  minimumPlatformFee: string | null;
  defaultDeposit: string | null;
  matchWindowMinutes: number;
  priorityHeadStartMinutes: number;
  payoutHoldHours: number;
  termsOfService: string | null;
  privacyPolicy: string | null;
}

export interface ApiErrorBody {
  message: string;
  /** What the client acts on (never the message text): see common/error-codes.ts. */
  code: import('./error-codes').ErrorCode;
  fieldErrors?: Record<string, string>;
}

export interface RequestDocumentDto {
  kind: 'brief' | 'case_file';
  objectPath: string;
  url: string;
  fileName: string | null;
  size: number | null;
}

/** A mediation request as the API returns it (RULES.md 7: the entity's field names, money as strings). */
export interface RequestDto {
  id: string;
  lawyerId: string;
  caseNumber: string;
  caseName: string;
  caseType: string;
  jurisdiction: string;
  courtInfo: string | null;
  trialDate: string | null;
  description: string;
  opposingLawyerName: string | null;
  opposingLawyerBarNumber: string | null;
  opposingLawyerFirmName: string | null;
  opposingLawyerEmail: string | null;
  opposingLawyerPhone: string | null;
  mediationType: 'in-person' | 'online';
  pricingModel: 'hourly' | 'flat';
  preferredDate: string | null;
  estimatedDuration: number | null;
  hourlyRate: string | null;
  hoursNeeded: number | null;
  flatFee: string | null;
  budget: string;
  mediationBriefUrl: string | null;
  caseFilesUrls: string[];
  documentsUrl: string[];
  documents: RequestDocumentDto[];
  status: import('./enums').RequestStatus;
  selectedMediatorId: string | null;
  depositAmount: string | null;
  platformFee: string;
  /** Budget − platform fee (what the mediator is paid). */
  mediatorPayout: string;
  openToAllAt: string | null;
  completionResults: string | null;
  deliverables: string | null;
  mediatorProposal: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  acceptanceCount: number;
  /** Aliases the detail screen reads (spec 3). */
  caseDescription: string;
  disputeType: string;
  desiredDate: string | null;
  /** For a mediator viewer: their own acceptance, if any. */
  myAcceptance: { status: import('./enums').AcceptanceStatus; proposedRate: string | null; note: string | null; acceptedAt: string } | null;
  /** Whether the viewer may see documents and opposing counsel's contact details. */
  fullAccess: boolean;
}

export interface AcceptanceMediatorDto {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  rating: string;
  reviewCount: number;
  specialization: string | null;
  specializations: string[];
  bio: string | null;
  yearsOfExperience: number | null;
  hourlyRate: string | null;
  verified: boolean;
}

export interface AcceptanceDto {
  id: string;
  requestId: string;
  mediatorId: string;
  status: import('./enums').AcceptanceStatus;
  proposedRate: string | null;
  note: string | null;
  acceptedAt: string;
  mediator: AcceptanceMediatorDto;
}

export interface CancellationPreviewDto {
  kind: 'full' | 'partial' | 'none';
  depositRefund: string;
  balanceRefund: string;
  totalRefund: string;
  cancellationFee: string;
  reason: string;
}
