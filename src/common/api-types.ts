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
  fieldErrors?: Record<string, string>;
}
