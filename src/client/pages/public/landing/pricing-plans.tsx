import { Check } from 'lucide-react';
import { SiteLink } from '../../../components/site-link';
import { buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { SIGN_UP_PATH } from './shared';

// Spec 9: the three mediator plans.
const PLANS = [
  {
    name: 'Free',
    price: '$0',
    summary: 'Try the marketplace and take your first cases.',
    features: ['Up to 3 mediations per month', 'Basic listing', 'Standard support'],
    cta: 'Start for Free',
  },
  {
    name: 'Pro',
    price: '$50',
    summary: 'For established mediators with a steady caseload.',
    features: ['Up to 10 mediations per month', 'Priority matching and listing', 'Counteroffers', 'Priority support', 'Advanced analytics'],
    cta: 'Choose Pro',
    popular: true,
  },
  {
    name: 'Unlimited',
    price: '$100',
    summary: 'For full-time practices that want maximum visibility.',
    features: [
      'Unlimited mediations',
      'Priority matching',
      'Top listing',
      'Counteroffers',
      '24/7 premium support',
      'Advanced analytics',
      'Featured mediator badge',
    ],
    cta: 'Choose Unlimited',
  },
] as const;

/** Mediator subscription plans; every plan's link leads to /auth (spec 2). */
export function PricingPlans() {
  return (
    <div id="pricing" className="mt-20 scroll-mt-16">
      <div className="mx-auto max-w-2xl text-center">
        <h3 className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">Simple plans for every practice</h3>
        <p className="mt-3 text-muted-foreground">Start free and upgrade when you need more mediations each month.</p>
      </div>
      <ul className="mt-10 grid items-stretch gap-6 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const popular = 'popular' in plan && plan.popular;
          return (
            <li
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-2xl border bg-card p-7',
                popular ? 'border-primary shadow-lg shadow-primary/10 ring-1 ring-primary lg:-my-3 lg:py-10' : 'shadow-sm',
              )}
            >
              {popular ? (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                  Most popular
                </span>
              ) : null}
              <h4 className="text-lg font-semibold">{plan.name}</h4>
              <p className="mt-1 text-sm text-muted-foreground">{plan.summary}</p>
              <p className="mt-5 flex items-baseline gap-1">
                <span className="font-serif text-4xl font-semibold">{plan.price}</span>
                <span className="text-sm text-muted-foreground">/month</span>
              </p>
              <ul className="mt-6 grid flex-1 content-start gap-3 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ variant: popular ? 'default' : 'outline', size: 'lg' }), 'mt-8 w-full')}>
                {plan.cta}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
