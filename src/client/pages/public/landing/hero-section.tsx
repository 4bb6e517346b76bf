import { Briefcase, CheckCircle2, Handshake, Scale, ShieldCheck, Star, TrendingUp, Users } from 'lucide-react';
import { SiteLink } from '../../../components/site-link';
import { APP_NAME, LANDING_CLAIMS } from '../../../../common/constants';
import { buttonVariants } from '../../../components/ui/button';
import type { FeeTerms } from '../../../features/settings/fee-terms';
import { cn } from '../../../lib/utils';
import { FeeTerm } from './fee-term';
import { SIGN_UP_PATH, SectionHeading } from './shared';

/** A calm, decorative preview of the product: one request and the mediators who accepted it. */
function HeroIllustration() {
  const mediators = [
    { initials: 'EC', name: 'Elena Carter', detail: 'Commercial · 14 yrs', rating: '4.9' },
    { initials: 'MO', name: 'Marcus Osei', detail: 'Real estate · 9 yrs', rating: '4.8' },
    { initials: 'SP', name: 'Sofia Patel', detail: 'Employment · 11 yrs', rating: '5.0' },
  ];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:mx-0">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-br from-primary/15 via-primary/5 to-transparent blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-xl shadow-primary/10">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Mediation request</p>
            <p className="mt-1 font-serif text-lg font-semibold">Harbor Lease Dispute</p>
            <p className="text-sm text-muted-foreground">Commercial · California</p>
          </div>
          <span className="shrink-0 whitespace-nowrap rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-400/20 dark:text-blue-100">
            Awaiting Selection
          </span>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-muted p-3 text-center">
          {[
            ['Budget', '$2,800'],
            ['Hours', '8'],
            ['Date', 'Mar 14'],
          ].map(([label, value]) => (
            <div key={label}>
              <p className="text-xs text-muted-foreground">{label}</p>
              <p className="font-semibold">{value}</p>
            </div>
          ))}
        </div>
        <p className="mt-5 text-sm font-semibold">3 mediators accepted</p>
        <ul className="mt-3 grid gap-2.5">
          {mediators.map((m, i) => (
            <li key={m.name} className={cn('flex items-center gap-3 rounded-xl border p-3', i === 0 && 'border-primary/50 bg-primary/5')}>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
                {m.initials}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{m.name}</p>
                <p className="truncate text-xs text-muted-foreground">{m.detail}</p>
              </div>
              <span className="flex items-center gap-1 text-sm font-semibold">
                <Star className="size-3.5 fill-amber-400 text-amber-500" />
                {m.rating}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute -bottom-8 -left-4 hidden items-center gap-2 rounded-xl border bg-card px-3.5 py-2.5 shadow-lg sm:flex">
        <span className="flex size-7 items-center justify-center rounded-full bg-emerald-100 text-emerald-800 dark:bg-emerald-400/20 dark:text-emerald-200">
          <ShieldCheck className="size-4" />
        </span>
        <span className="text-sm font-semibold">Deposit held securely</span>
      </div>
    </div>
  );
}

/** #home: the promise, and the two ways in (spec 2: I'm a Lawyer, I'm a Mediator → /auth). */
export function HeroSection({ fees }: { fees: FeeTerms }) {
  return (
    <section id="home" aria-labelledby="home-title" tabIndex={-1} className="relative isolate scroll-mt-16 overflow-hidden focus:outline-none">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:56px_56px] opacity-60 [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(50rem_26rem_at_50%_-8rem,color-mix(in_oklab,var(--primary)_16%,transparent),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pb-20 pt-14 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-16 lg:px-8 lg:pb-28 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium shadow-xs">
            <Handshake className="size-4 text-primary" aria-hidden="true" />
            The marketplace for professional mediation
          </p>
          <h1 id="home-title" className="mt-6 font-serif text-4xl font-semibold leading-[1.1] tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Connecting lawyers with <span className="text-primary">professional mediators</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Post a case and get matched by jurisdiction and specialization with qualified mediators who are ready to help. Secure payments, built-in messaging
            and automatic payouts, all in one place.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'lg' }), 'h-12 px-7')}>
              <Briefcase aria-hidden="true" />
              I'm a Lawyer
            </SiteLink>
            <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-12 px-7')}>
              <Scale aria-hidden="true" />
              I'm a Mediator
            </SiteLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {[
              { key: 'jurisdiction', text: 'Matched by jurisdiction' },
              {
                key: 'deposit',
                text: (
                  <span>
                    <FeeTerm fees={fees} name="deposit" /> deposit held securely
                  </span>
                ),
              },
              { key: 'payouts', text: 'Automatic payouts' },
            ].map((point) => (
              <li key={point.key} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                {point.text}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

const CLAIMS = [
  { icon: CheckCircle2, value: LANDING_CLAIMS.casesResolved, label: 'Cases resolved' },
  { icon: Users, value: LANDING_CLAIMS.mediators, label: 'Professional mediators' },
  { icon: Star, value: LANDING_CLAIMS.averageRating, label: 'Average rating' },
  { icon: TrendingUp, value: LANDING_CLAIMS.settlementRate, label: 'Settlement success rate' },
];

/** #about: who we are and the landing claims of spec 1. */
export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" tabIndex={-1} className="scroll-mt-16 border-y bg-card focus:outline-none">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1fr_1.2fr] lg:items-center lg:px-8">
        <SectionHeading
          id="about-title"
          eyebrow={`About ${APP_NAME}`}
          title="Trusted by lawyers and mediators"
          lead="We built a focused marketplace for alternative dispute resolution: lawyers find the right mediator quickly, and mediators grow their practice with cases that fit their expertise."
        />
        <dl className="grid grid-cols-2 gap-4">
          {CLAIMS.map((claim) => (
            <div key={claim.label} className="flex flex-col-reverse rounded-2xl border bg-background p-5 sm:p-6">
              <dt className="mt-1 text-sm text-muted-foreground">{claim.label}</dt>
              <dd className="flex items-center gap-2 font-serif text-3xl font-semibold text-primary sm:text-4xl">
                <claim.icon className="size-5 shrink-0 sm:size-6" aria-hidden="true" />
                {claim.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
