import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from './context';
import { registerBodyParsers } from './plugins/body-parsers';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { createResponseSerializerCompiler } from './plugins/response-serializer';
import { registerGeneralRateLimit } from './plugins/rate-limit';
import { trustProxyHops } from './plugins/trust-proxy';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/session';
import { registerStaticClient } from './plugins/static-client';
import { registerRealtime } from './realtime/realtime.plugin';
import type { RealtimeHub } from './realtime/hub';
import { registerMetrics } from './metrics/metrics.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { emailPreferencesRoutes } from './modules/email-preferences/email-preferences.routes';
import { filesRoutes } from './modules/files/files.routes';
import { healthRoutes } from './modules/health/health.routes';
import { countUnread } from './modules/notifications/notifications.repo';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { mediatorsRoutes } from './modules/mediators/mediators.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { stripeWebhookRoutes } from './modules/payments/stripe-webhook.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { requestsRoutes } from './modules/requests/requests.routes';
import { invitationsRoutes } from './modules/cases/invitations.routes';
import { documentsRoutes } from './modules/cases/documents.routes';
import { feeSplitRoutes } from './modules/cases/fee-split.routes';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { signingRoutes } from './modules/signing/signing.routes';
import { partiesRoutes } from './modules/cases/parties.routes';
import { selectionProposalsRoutes } from './modules/requests/selection-proposals.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { adminSettingsRoutes } from './modules/admin/admin-settings.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminImpersonationRoutes } from './modules/admin/admin-impersonation.routes';
import { adminAuditRoutes } from './modules/admin/admin-audit.routes';
import { adminSupportRoutes } from './modules/admin/admin-support.routes';
import { adminBroadcastRoutes } from './modules/admin/admin-broadcast.routes';
import { adminAnalyticsRoutes } from './modules/admin/admin-analytics.routes';
import { adminListsRoutes } from './modules/admin/admin-lists.routes';
import { adminReassignRoutes } from './modules/admin/admin-reassign.routes';
import { adminMediationsRoutes } from './modules/admin/admin-mediations.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { routableUrl } from './security/unroutable-url';

export const DEFAULT_CLIENT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export interface BuildAppOptions {
  /** Where the built client lives; tests that only call the API pass a missing folder. */
  clientRoot?: string;
  logger?: boolean | object;
  /** Sees every route as it is registered (the route-responses test audits their response schemas). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole app around a context; `main.ts` decides where it listens (DESIGN 2). */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.log,
    trustProxy: trustProxyHops(ctx.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A URL the router would refuse by itself (no hooks, Fastify's own body) goes through the app to a 404 instead.
    rewriteUrl: (req) => routableUrl(req.url),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Production writes answers with the compiled writers only; everywhere else each answer is also checked (decision 034).
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: ctx.env.NODE_ENV !== 'production' }));
  registerErrorHandler(app);
  registerBodyParsers(app);
  // Prometheus at /metrics when METRICS_TOKEN is set (decision 059). First, so that its hook reaches every route, the
  // plugins' own too (a plugin's scope copies the hooks there are when it is registered); the hub comes later.
  const realtime: { hub?: RealtimeHub } = {};
  registerMetrics(app, ctx, { openSockets: () => realtime.hub?.connectionCount ?? 0 });
  await app.register(cookie);
  await registerSecurity(app, ctx);
  registerSessions(app, ctx);
  registerGeneralRateLimit(app, ctx);
  await registerDocs(app);
  realtime.hub = await registerRealtime(app, ctx, (userId) => countUnread(ctx.db, userId));

  healthRoutes(app, ctx);
  authRoutes(app, ctx);
  profileRoutes(app, ctx);
  accountDataRoutes(app, ctx);
  filesRoutes(app, ctx);
  notificationsRoutes(app, ctx);
  // The e-mail side of notifications: per-user settings and the unsubscribe link (issue 7).
  emailPreferencesRoutes(app, ctx);
  contactRoutes(app, ctx);
  settingsRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  requestsRoutes(app, ctx);
  invitationsRoutes(app, ctx);
  documentsRoutes(app, ctx);
  partiesRoutes(app, ctx);
  feeSplitRoutes(app, ctx);
  schedulingRoutes(app, ctx);
  signingRoutes(app, ctx);
  selectionProposalsRoutes(app, ctx);
  paymentsRoutes(app, ctx);
  await stripeWebhookRoutes(app, ctx);
  payoutsRoutes(app, ctx);
  mediatorsRoutes(app, ctx);
  reviewsRoutes(app, ctx);
  adminSettingsRoutes(app, ctx);
  adminUsersRoutes(app, ctx);
  adminImpersonationRoutes(app, ctx);
  adminAuditRoutes(app, ctx);
  adminSupportRoutes(app, ctx);
  adminBroadcastRoutes(app, ctx);
  adminAnalyticsRoutes(app, ctx);
  adminListsRoutes(app, ctx);
  adminReassignRoutes(app, ctx);
  adminMediationsRoutes(app, ctx);
  disputesRoutes(app, ctx);
  messagesRoutes(app, ctx);
  subscriptionsRoutes(app, ctx);

  await registerStaticClient(app, options.clientRoot ?? DEFAULT_CLIENT_ROOT);
  return app;
}
