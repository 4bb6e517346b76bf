import { twoDecimals } from '../../../common/money';
import type { LawyerProfileDto, MediatorProfileDto, UserDto } from '../../../common/api-types';
import type { LawyerProfileRow, MediatorProfileWithCount, UserRow } from './users.repo';

/** GET /api/user's shape (RULES.md 7): the user, never the password hash or tokens, with both profiles nested. */
export function presentUser(
  user: UserRow,
  profiles: { lawyerProfile: LawyerProfileRow | null; mediatorProfile: MediatorProfileWithCount | null },
  extra: { impersonatedBy?: UserDto['impersonatedBy'] } = {},
): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    profileCompleted: user.profileCompleted,
    status: user.status,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    lawyerProfile: profiles.lawyerProfile ? presentLawyerProfile(profiles.lawyerProfile) : null,
    mediatorProfile: profiles.mediatorProfile ? presentMediatorProfile(profiles.mediatorProfile) : null,
    impersonatedBy: extra.impersonatedBy ?? null,
    timeZone: user.timeZone,
  };
}

export function presentLawyerProfile(p: LawyerProfileRow): LawyerProfileDto {
  return {
    id: p.id,
    userId: p.userId,
    firmName: p.firmName,
    barNumber: p.barNumber,
    practiceArea: p.practiceArea,
    jurisdiction: p.jurisdiction,
    phoneNumber: p.phoneNumber,
    bio: p.bio,
    rating: twoDecimals(p.rating),
    reviewCount: p.reviewCount,
    createdAt: p.createdAt.toISOString(),
  };
}

export function presentMediatorProfile(p: MediatorProfileWithCount): MediatorProfileDto {
  return {
    id: p.id,
    userId: p.userId,
    certifications: p.certifications,
    specializations: p.specializations,
    yearsExperience: p.yearsExperience,
    hourlyRate: twoDecimals(p.hourlyRate),
    bio: p.bio,
    jurisdiction: p.jurisdiction,
    phoneNumber: p.phoneNumber,
    websiteUrl: p.websiteUrl,
    photoUrl: p.photoUrl,
    mediationTraining: p.mediationTraining,
    languagesSpoken: p.languagesSpoken,
    rating: twoDecimals(p.rating),
    reviewCount: p.reviewCount,
    totalMediationsCompleted: p.totalMediationsCompleted,
    subscriptionTier: p.subscriptionTier,
    subscriptionStartDate: p.subscriptionStartDate?.toISOString() ?? null,
    monthlyMediationCount: p.monthlyMediationCount,
    createdAt: p.createdAt.toISOString(),
  };
}
