import { Award, BookOpen, Briefcase, Crown, Newspaper, Scale } from 'lucide-react';
import { SiteLink } from '../../../components/site-link';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { ON_PRIMARY_OUTLINE, ON_PRIMARY_SOLID, PRIMARY_PANEL, SIGN_UP_PATH, SectionHeading } from './shared';

const SPONSORED_LABEL = 'rounded-full px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider';

/** Sponsored placements for mediators (spec 2). Learn More goes to the Help Center, Get Featured to Contact. */
export function SponsoredSection() {
  return (
    <section aria-labelledby="sponsored-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
      <h2 id="sponsored-title" className="sr-only">
        Sponsored mediator placements
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <article className={cn('relative overflow-hidden rounded-2xl p-7 shadow-lg sm:p-8', PRIMARY_PANEL)}>
          <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-primary-foreground/10 dark:bg-primary/10" />
          <div aria-hidden="true" className="pointer-events-none absolute -bottom-20 right-10 size-40 rounded-full bg-primary-foreground/5 dark:bg-primary/5" />
          <div className="relative">
            <div className="flex items-center justify-between gap-3">
              <span className={cn(SPONSORED_LABEL, 'bg-primary-foreground/15 dark:bg-primary/15 dark:text-primary')}>Sponsored</span>
              <Award className="size-7 opacity-90" aria-hidden="true" />
            </div>
            <h3 className="mt-6 font-serif text-2xl font-semibold">Featured Mediator</h3>
            <p className="mt-2 max-w-sm opacity-90">
              Put your practice in front of lawyers the moment they post. Featured mediators appear first in matching results.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <SiteLink to="/help" className={cn(buttonVariants(), ON_PRIMARY_SOLID)}>
                Learn More<span className="sr-only"> about Featured Mediator placement</span>
              </SiteLink>
              <SiteLink to="/contact" className={cn(buttonVariants({ variant: 'outline' }), ON_PRIMARY_OUTLINE)}>
                Get Featured<span className="sr-only"> as a Featured Mediator</span>
              </SiteLink>
            </div>
          </div>
        </article>
        <article className="relative overflow-hidden rounded-2xl border bg-card p-7 shadow-sm sm:p-8">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-gradient-to-br from-amber-300/30 to-transparent"
          />
          <div className="relative">
            <div className="flex items-center justify-between gap-3">
              <span className={cn(SPONSORED_LABEL, 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200')}>Sponsored</span>
              <Crown className="size-7 text-amber-600 dark:text-amber-300" aria-hidden="true" />
            </div>
            <h3 className="mt-6 font-serif text-2xl font-semibold">Premium Mediator</h3>
            <p className="mt-2 max-w-sm text-muted-foreground">
              Stand out with a premium profile, a featured badge and top placement in the listings lawyers browse.
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <SiteLink to="/help" className={buttonVariants()}>
                Learn More<span className="sr-only"> about Premium Mediator placement</span>
              </SiteLink>
              <SiteLink to="/contact" className={buttonVariants({ variant: 'outline' })}>
                Get Featured<span className="sr-only"> as a Premium Mediator</span>
              </SiteLink>
            </div>
          </div>
        </article>
      </div>
    </section>
  );
}

/** #blog: coming soon (spec 2). */
export function BlogSection() {
  const topics = ['Preparing your client for mediation', 'Choosing the right mediator for complex cases', 'Building a mediation practice online'];
  return (
    <section id="blog" aria-labelledby="blog-title" tabIndex={-1} className="scroll-mt-16 border-t bg-card focus:outline-none">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center lg:px-8">
        <SectionHeading
          id="blog-title"
          eyebrow="Our Blog"
          title="Insights on mediation, coming soon"
          lead="Our blog is coming soon, with practical guides for lawyers and mediators on getting the most out of mediation."
        />
        <div className="rounded-2xl border border-dashed bg-background p-6 sm:p-8">
          <p className="flex items-center gap-2 text-sm font-semibold">
            <Newspaper className="size-4 text-primary" aria-hidden="true" />
            Coming soon
          </p>
          <ul className="mt-4 grid gap-3">
            {topics.map((topic) => (
              <li key={topic} className="flex items-start gap-3 rounded-xl bg-muted p-4 text-sm font-medium">
                <BookOpen className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {topic}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The final call to action (spec 2: Sign Up as Lawyer, Sign Up as Mediator → /auth). */
export function FinalCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <div className={cn('relative isolate overflow-hidden rounded-3xl px-6 py-14 text-center shadow-xl sm:px-12 sm:py-16', PRIMARY_PANEL)}>
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_50%_120%,color-mix(in_oklab,var(--primary-foreground)_14%,transparent),transparent)] dark:bg-[radial-gradient(40rem_20rem_at_50%_120%,color-mix(in_oklab,var(--primary)_18%,transparent),transparent)]"
        />
        <h2 id="cta-title" className="mx-auto max-w-2xl font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Ready to resolve disputes faster?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg opacity-90">Join the lawyers and mediators already using the marketplace. Creating an account is free.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'lg' }), 'h-12 px-7', ON_PRIMARY_SOLID)}>
            <Briefcase aria-hidden="true" />
            Sign Up as Lawyer
          </SiteLink>
          <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-12 px-7', ON_PRIMARY_OUTLINE)}>
            <Scale aria-hidden="true" />
            Sign Up as Mediator
          </SiteLink>
        </div>
      </div>
    </section>
  );
}
