import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { mediationRequests, mediatorAcceptances, mediatorProfiles, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { requireActiveMember } from '../../plugins/guards';
import { twoDecimals } from '../users/user.presenter';

const tags = ['Mediators'];
const Params = z.object({ id: z.string() });
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export function mediatorsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // What a lawyer choosing sees (RULES.md 7). Visible to lawyers, admins and the mediator; other mediators get 404.
  r.get('/api/mediators/:id', { schema: { tags, summary: "A mediator's public profile", params: Params } }, async (request) => {
    const viewer = requireActiveMember(request);
    const id = request.params.id;
    if (!isUuid(id) || (viewer.role === 'mediator' && viewer.id !== id)) throw notFound('Mediator not found');
    const [row] = await ctx.db
      .select({ user: users, profile: mediatorProfiles })
      .from(users)
      .innerJoin(mediatorProfiles, eq(mediatorProfiles.userId, users.id))
      .where(and(eq(users.id, id), eq(users.role, 'mediator')))
      .limit(1);
    if (!row || row.user.anonymizedAt) throw notFound('Mediator not found');
    const { user, profile } = row;
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      rating: twoDecimals(profile.rating),
      reviewCount: profile.reviewCount,
      specializations: profile.specializations,
      certifications: profile.certifications,
      yearsExperience: profile.yearsExperience,
      yearsOfExperience: profile.yearsExperience,
      hourlyRate: twoDecimals(profile.hourlyRate),
      bio: profile.bio,
      jurisdiction: profile.jurisdiction,
      languagesSpoken: profile.languagesSpoken,
      subscriptionTier: profile.subscriptionTier,
      totalMediationsCompleted: profile.totalMediationsCompleted,
      verified: user.status === 'approved',
    };
  });

  r.get('/api/mediators/:id/acceptances', { schema: { tags, summary: "A mediator's acceptances (that mediator or an admin)", params: Params } }, async (request) => {
    const viewer = requireActiveMember(request);
    const id = request.params.id;
    if (!isUuid(id) || (viewer.role === 'mediator' && viewer.id !== id)) throw notFound('Mediator not found');
    if (viewer.role === 'lawyer') throw new AppError(403, "Only the mediator and admins can see a mediator's acceptances");
    const rows = await ctx.db
      .select({ acceptance: mediatorAcceptances, request: mediationRequests })
      .from(mediatorAcceptances)
      .innerJoin(mediationRequests, eq(mediationRequests.id, mediatorAcceptances.requestId))
      .where(eq(mediatorAcceptances.mediatorId, id))
      .orderBy(desc(mediatorAcceptances.acceptedAt))
      .limit(200);
    return rows.map(({ acceptance, request: req }) => ({
      id: acceptance.id,
      requestId: acceptance.requestId,
      mediatorId: acceptance.mediatorId,
      status: acceptance.status,
      proposedRate: twoDecimals(acceptance.proposedRate),
      note: acceptance.note,
      acceptedAt: acceptance.acceptedAt.toISOString(),
      request: { id: req.id, caseName: req.caseName, caseNumber: req.caseNumber, caseType: req.caseType, jurisdiction: req.jurisdiction, status: req.status, preferredDate: req.preferredDate },
    }));
  });
}
