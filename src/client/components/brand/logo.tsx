import { SiteLink } from '../site-link';
import { APP_NAME } from '../../../common/constants';
import { cn } from '../../lib/utils';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('ui-logo-mark', className)}>
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M9 21.5V11l7 6 7-6v10.5" fill="none" className="stroke-primary-foreground" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The brand, linking home (every public page has a header link back to /, spec 2). */
export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <SiteLink to={to} className={cn('ui-logo', className)} aria-label={`${APP_NAME} home`}>
      <LogoMark />
      <span>{APP_NAME}</span>
    </SiteLink>
  );
}
