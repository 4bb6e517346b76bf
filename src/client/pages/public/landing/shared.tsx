import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

// Spec 2: every role button, Sign In, Sign Up and the pricing links lead to /auth; sign-up ones open its Sign Up tab.
export const SIGN_IN_PATH = '/auth';
export const SIGN_UP_PATH = '/auth?tab=signup';

/** The in-page sections of the landing page (spec 2) and the header's navigation over them. */
export const LANDING_NAV = [
  { id: 'home', label: 'Home' },
  { id: 'for-lawyers', label: 'For Lawyers' },
  { id: 'for-mediators', label: 'For Mediators' },
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'blog', label: 'Our Blog' },
] as const;

/**
 * Accent-coloured panels (featured banner, final call to action). In the dark theme a full panel of the light accent
 * would glare, so there it becomes a deep accent tint with ordinary text.
 */
export const PRIMARY_PANEL =
  'bg-primary text-primary-foreground dark:border dark:border-primary/25 dark:bg-[color-mix(in_oklab,var(--primary)_14%,var(--card))] dark:text-foreground';

/** Buttons on those panels, with a focus ring that stays visible there. */
export const ON_PRIMARY_SOLID =
  'bg-primary-foreground text-primary hover:bg-primary-foreground/90 focus-visible:outline-primary-foreground dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90 dark:focus-visible:outline-ring';
export const ON_PRIMARY_OUTLINE =
  'border-primary-foreground/50 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground focus-visible:outline-primary-foreground dark:border-primary/50 dark:text-foreground dark:hover:bg-primary/10 dark:hover:text-foreground dark:focus-visible:outline-ring';

export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('text-sm font-semibold uppercase tracking-wider text-primary', className)}>{children}</p>;
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'left',
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'left' | 'center';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 id={id} className="mt-3 font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{lead}</p> : null}
    </div>
  );
}

/** A benefit with its icon, as in the lawyer and mediator sections. */
export function FeatureCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
      <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{children}</p>
    </div>
  );
}
