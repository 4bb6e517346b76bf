import { monthStartUtc } from '../../../common/domain/tiers';
import { twoDecimals } from '../../../common/money';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { countMonthlyAcceptances } from '../requests/requests.repo';
import { latestReviewsOf } from '../reviews/reviews.service';
import { findMediatorWithProfile, listAcceptancesWithRequests } from './mediators.repo';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Lawyers, admins and the mediator themself see a mediator's profile; other mediators get 404 (RULES.md 6). */
function assertVisible(viewer: SessionUser, id: string): void {
  if (!isUuid(id) || (viewer.role === 'mediator' && viewer.id !== id)) throw notFound('Mediator not found');
}

/**
 * GET /api/mediators/{id}: what a lawyer choosing sees (RULES.md 7), under spec 3's mediator profile names (decision
 * 036). The phone number, the subscription's start and this month's mediations are the mediator's own business: their
 * values go to that mediator and admins, null to anyone else (a lawyer gets the phone once matched, on the request).
 */
export async function getPublicMediator(ctx: AppContext, viewer: SessionUser, id: string) {
  assertVisible(viewer, id);
  const row = await findMediatorWithProfile(ctx.db, id);
  if (!row || row.user.anonymizedAt) throw notFound('Mediator not found');
  const { user, profile } = row;
  const own = viewer.id === user.id || viewer.role === 'admin';
  return {
    id: user.id,
    userId: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    rating: twoDecimals(profile.rating)!,
    reviewCount: profile.reviewCount,
    specializations: profile.specializations,
    certifications: profile.certifications,
    yearsExperience: profile.yearsExperience,
    yearsOfExperience: profile.yearsExperience,
    hourlyRate: twoDecimals(profile.hourlyRate)!,
    bio: profile.bio,
    jurisdiction: profile.jurisdiction,
    languagesSpoken: profile.languagesSpoken,
    mediationTraining: profile.mediationTraining,
    websiteUrl: profile.websiteUrl,
    photoUrl: profile.photoUrl,
    phoneNumber: own ? profile.phoneNumber : null,
    subscriptionTier: profile.subscriptionTier,
    subscriptionStartDate: own ? (profile.subscriptionStartDate?.toISOString() ?? null) : null,
    monthlyMediationCount: own ? await countMonthlyAcceptances(ctx.db, user.id, monthStartUtc(ctx.clock.now())) : null,
    totalMediationsCompleted: profile.totalMediationsCompleted,
    verified: user.status === 'approved',
    createdAt: profile.createdAt.toISOString(),
    reviews: await latestReviewsOf(ctx, user.id),
  };
}

/** A mediator's acceptances: that mediator or an admin (RULES.md 7); lawyers, who may see the profile, get 403. */
export async function listMediatorAcceptances(ctx: AppContext, viewer: SessionUser, id: string) {
  assertVisible(viewer, id);
  if (viewer.role === 'lawyer') throw new AppError(403, "Only the mediator and admins can see a mediator's acceptances");
  const rows = await listAcceptancesWithRequests(ctx.db, id);
  return rows.map(({ acceptance, request: req }) => ({
    id: acceptance.id,
    requestId: acceptance.requestId,
    mediatorId: acceptance.mediatorId,
    status: acceptance.status,
    proposedRate: twoDecimals(acceptance.proposedRate),
    note: acceptance.note,
    acceptedAt: acceptance.acceptedAt.toISOString(),
    request: {
      id: req.id,
      caseName: req.caseName,
      caseNumber: req.caseNumber,
      caseType: req.caseType,
      jurisdiction: req.jurisdiction,
      status: req.status,
      preferredDate: req.preferredDate,
    },
  }));
}
