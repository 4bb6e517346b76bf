import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  disputes,
  emailOptOuts,
  lawyerProfiles,
  mediationRequests,
  mediatorAcceptances,
  mediatorProfiles,
  messages,
  notifications,
  payments,
  reviews,
  subscriptionCharges,
  uploads,
  users,
} from '../../db/schema';

// What "Download my data" puts in the archive (docs/decisions/061): what the user wrote, chose or paid, column by
// column. Never another person's contact details (opposing counsel's e-mail and phone), never what was written about
// the user before it was shown to them (reviews not yet revealed), never provider secrets (card or intent ids).

async function account(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      emailVerified: users.emailVerified,
      profileImageUrl: users.profileImageUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [lawyerProfile] = await db
    .select({
      firmName: lawyerProfiles.firmName,
      barNumber: lawyerProfiles.barNumber,
      jurisdiction: lawyerProfiles.jurisdiction,
      practiceArea: lawyerProfiles.practiceArea,
      phoneNumber: lawyerProfiles.phoneNumber,
      bio: lawyerProfiles.bio,
    })
    .from(lawyerProfiles)
    .where(eq(lawyerProfiles.userId, userId));
  const [mediatorProfile] = await db
    .select({
      jurisdiction: mediatorProfiles.jurisdiction,
      specializations: mediatorProfiles.specializations,
      certifications: mediatorProfiles.certifications,
      mediationTraining: mediatorProfiles.mediationTraining,
      languagesSpoken: mediatorProfiles.languagesSpoken,
      yearsExperience: mediatorProfiles.yearsExperience,
      hourlyRate: mediatorProfiles.hourlyRate,
      bio: mediatorProfiles.bio,
      phoneNumber: mediatorProfiles.phoneNumber,
      websiteUrl: mediatorProfiles.websiteUrl,
      subscriptionTier: mediatorProfiles.subscriptionTier,
    })
    .from(mediatorProfiles)
    .where(eq(mediatorProfiles.userId, userId));
  const optedOut = await db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, userId));
  return { ...row, lawyerProfile: lawyerProfile ?? null, mediatorProfile: mediatorProfile ?? null, emailsTurnedOff: optedOut.map((o) => o.kind) };
}

/**
 * Every case the user takes part in, with their seat. The requesting counsel's own request carries what they wrote
 * (the description, court, budget, opposing counsel's name and firm); the others only what every party of it sees.
 */
async function cases(db: DbOrTx, userId: string) {
  const r = mediationRequests;
  const acceptedBy = sql`EXISTS (SELECT 1 FROM ${mediatorAcceptances} a WHERE a.request_id = ${r.id} AND a.mediator_id = ${userId})`;
  const rows = await db
    .select({
      id: r.id,
      lawyerId: r.lawyerId,
      opposingLawyerId: r.opposingLawyerId,
      selectedMediatorId: r.selectedMediatorId,
      caseNumber: r.caseNumber,
      caseName: r.caseName,
      caseType: r.caseType,
      jurisdiction: r.jurisdiction,
      mediationType: r.mediationType,
      status: r.status,
      preferredDate: r.preferredDate,
      createdAt: r.createdAt,
      completedAt: r.completedAt,
      description: r.description,
      courtInfo: r.courtInfo,
      trialDate: r.trialDate,
      pricingModel: r.pricingModel,
      budget: r.budget,
      opposingLawyerName: r.opposingLawyerName,
      opposingLawyerFirmName: r.opposingLawyerFirmName,
    })
    .from(r)
    .where(or(eq(r.lawyerId, userId), eq(r.opposingLawyerId, userId), eq(r.selectedMediatorId, userId), acceptedBy))
    .orderBy(asc(r.createdAt), asc(r.id));
  return rows.map(
    ({
      lawyerId,
      opposingLawyerId,
      selectedMediatorId,
      description,
      courtInfo,
      trialDate,
      pricingModel,
      budget,
      opposingLawyerName,
      opposingLawyerFirmName,
      ...shared
    }) => {
      const seat =
        lawyerId === userId
          ? 'requesting counsel'
          : opposingLawyerId === userId
            ? 'opposing counsel'
            : selectedMediatorId === userId
              ? 'mediator'
              : 'accepting mediator';
      const own = lawyerId === userId ? { description, courtInfo, trialDate, pricingModel, budget, opposingLawyerName, opposingLawyerFirmName } : {};
      return { ...shared, seat, ...own };
    },
  );
}

async function acceptances(db: DbOrTx, userId: string) {
  const a = mediatorAcceptances;
  return db
    .select({ requestId: a.requestId, status: a.status, proposedRate: a.proposedRate, note: a.note, disclosure: a.disclosure, acceptedAt: a.acceptedAt })
    .from(a)
    .where(eq(a.mediatorId, userId))
    .orderBy(asc(a.acceptedAt));
}

/** The messages the user sent (what others wrote to them is theirs). */
async function sentMessages(db: DbOrTx, userId: string) {
  const m = messages;
  return db
    .select({ requestId: m.requestId, channel: m.channel, content: m.content, attachmentUrl: m.attachmentUrl, createdAt: m.createdAt })
    .from(m)
    .where(eq(m.senderId, userId))
    .orderBy(asc(m.createdAt), asc(m.id));
}

/** Reviews they wrote, and those about them once revealed (decision 048), without who wrote them. */
async function ownReviews(db: DbOrTx, userId: string) {
  const columns = { requestId: reviews.requestId, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt };
  const written = await db.select(columns).from(reviews).where(eq(reviews.reviewerId, userId)).orderBy(asc(reviews.createdAt));
  const received = await db
    .select(columns)
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.revealedAt)))
    .orderBy(asc(reviews.createdAt));
  return { written, received };
}

/** The payments of their cases as their own pages show them (no provider ids), and a mediator's plan charges. */
async function money(db: DbOrTx, userId: string) {
  const p = payments;
  const casePayments = await db
    .select({
      requestId: p.requestId,
      status: p.status,
      depositAmount: p.depositAmount,
      platformFee: p.platformFee,
      mediatorPayout: p.mediatorPayout,
      refundAmount: p.refundAmount,
      payoutDueAt: p.payoutDueAt,
      createdAt: p.createdAt,
    })
    .from(p)
    .where(or(eq(p.lawyerId, userId), eq(p.mediatorId, userId)))
    .orderBy(asc(p.createdAt));
  const c = subscriptionCharges;
  const planCharges = await db
    .select({ kind: c.kind, tier: c.tier, amount: c.amount, status: c.status, periodStart: c.periodStart, periodEnd: c.periodEnd, createdAt: c.createdAt })
    .from(c)
    .where(eq(c.mediatorId, userId))
    .orderBy(asc(c.createdAt));
  return { payments: casePayments, planCharges };
}

async function ownDisputes(db: DbOrTx, userId: string) {
  const d = disputes;
  return db
    .select({ requestId: d.requestId, reason: d.reason, status: d.status, outcome: d.outcome, refundAmount: d.refundAmount, createdAt: d.createdAt })
    .from(d)
    .where(eq(d.raisedById, userId))
    .orderBy(asc(d.createdAt));
}

/** Their notifications without the body, which quotes other people (a sender's name, a message's first words). */
async function ownNotifications(db: DbOrTx, userId: string) {
  const n = notifications;
  return db
    .select({ type: n.type, title: n.title, linkUrl: n.linkUrl, isRead: n.isRead, createdAt: n.createdAt })
    .from(n)
    .where(eq(n.userId, userId))
    .orderBy(asc(n.createdAt));
}

/** An admin's own actions as the audit log shows them to admins (others never see the log): what, on what, when. */
async function ownAdminActions(db: DbOrTx, userId: string) {
  const l = auditLog;
  return db
    .select({ action: l.action, targetType: l.targetType, targetId: l.targetId, createdAt: l.createdAt })
    .from(l)
    .where(eq(l.actorId, userId))
    .orderBy(asc(l.createdAt));
}

/** The user's uploaded files that hold bytes: each goes into the archive beside its line in the JSON. */
export async function findOwnStoredUploads(db: DbOrTx, userId: string) {
  const u = uploads;
  return db
    .select({
      id: u.id,
      purpose: u.purpose,
      fileName: u.fileName,
      contentType: u.contentType,
      size: u.size,
      requestId: u.requestId,
      uploadedAt: u.uploadedAt,
      purgedAt: u.purgedAt,
    })
    .from(u)
    .where(and(eq(u.ownerId, userId), isNotNull(u.uploadedAt)))
    .orderBy(asc(u.createdAt), asc(u.id));
}

/** Everything of the archive's JSON but the files (read by the export job, outside any transaction). */
export async function readExportContents(db: DbOrTx, userId: string, role: string | null) {
  return {
    account: await account(db, userId),
    cases: await cases(db, userId),
    acceptances: await acceptances(db, userId),
    messages: await sentMessages(db, userId),
    reviews: await ownReviews(db, userId),
    ...(await money(db, userId)),
    disputes: await ownDisputes(db, userId),
    notifications: await ownNotifications(db, userId),
    ...(role === 'admin' ? { adminActions: await ownAdminActions(db, userId) } : {}),
  };
}
