import { AppError } from '../errors';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may send state-changing calls and the WebSocket from (RULES.md 7): the configured public
 * origin only. Outside production, when that origin is a loopback address, its other loopback spellings too (same
 * scheme and port): a developer who opens http://127.0.0.1:3000 while PUBLIC_URL says http://localhost:3000 reaches the
 * same server on the same machine, and was refused every sign-in (issue 22). Production never widens the list.
 */
export function allowedOrigins(publicUrl: string, nodeEnv: string): Set<string> {
  const configured = new URL(publicUrl);
  const origins = new Set([configured.origin]);
  if (nodeEnv !== 'production' && LOOPBACK_HOSTS.includes(configured.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${configured.protocol}//${host}${configured.port ? `:${configured.port}` : ''}`);
  }
  return origins;
}

/** The 403 of RULES.md 7, with the origin the server expected beside the message (the message stays the contract's). */
export function crossSiteRefused(publicUrl: string): AppError {
  return new AppError(403, 'Cross-site request refused', { code: 'cross_site', extra: { expectedOrigin: new URL(publicUrl).origin } });
}
