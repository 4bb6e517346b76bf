import { ArrowRight, CheckCircle2, FilePlus2, Layers, MessagesSquare, Search, ShieldCheck, Star, UserCheck, Wallet } from 'lucide-react';
import { SiteLink } from '../../../components/site-link';
import { buttonVariants } from '../../../components/ui/button';
import type { FeeTerms } from '../../../features/settings/fee-terms';
import { cn } from '../../../lib/utils';
import { FeeTerm } from './fee-term';
import { PricingPlans } from './pricing-plans';
import { FeatureCard, SIGN_UP_PATH, SectionHeading } from './shared';

/** #for-lawyers: the lawyer's benefits and the way in (spec 2: Get Started as a Lawyer → /auth). */
export function ForLawyersSection({ fees }: { fees: FeeTerms }) {
  return (
    <section id="for-lawyers" aria-labelledby="for-lawyers-title" tabIndex={-1} className="scroll-mt-16 focus:outline-none">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-20 sm:px-6 sm:py-24 lg:grid-cols-[0.9fr_1.1fr] lg:px-8">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <SectionHeading
            id="for-lawyers-title"
            eyebrow="For Lawyers"
            title="The right mediator for every case"
            lead="Describe your case once. Qualified mediators in your jurisdiction and practice area respond, and you choose who leads the session."
          />
          <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
            Get Started as a Lawyer
            <ArrowRight aria-hidden="true" />
          </SiteLink>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <FeatureCard icon={FilePlus2} title="Post requests in minutes">
            Case details, budget and preferred dates in one guided form, with your brief and case files attached.
          </FeatureCard>
          <FeatureCard icon={UserCheck} title="Choose from qualified mediators">
            Compare the first three mediators who accept: ratings, experience, specializations and rates.
          </FeatureCard>
          <FeatureCard icon={ShieldCheck} title="Secure payment processing">
            A <FeeTerm fees={fees} name="deposit" /> deposit secures your request and is held safely until the mediation is completed.
          </FeatureCard>
          <FeatureCard icon={MessagesSquare} title="Real-time case communication">
            Message your mediator and share documents in one place, with notifications at every step.
          </FeatureCard>
        </div>
      </div>
    </section>
  );
}

const MEDIATOR_POINTS = [
  'Choose the cases and dates that suit you',
  'Propose your own rate on Pro and Unlimited',
  'A Verified badge once our team approves your profile',
];

/** #for-mediators: the mediator's benefits, the way in (Join as a Mediator → /auth) and the subscription plans. */
export function ForMediatorsSection() {
  return (
    <section id="for-mediators" aria-labelledby="for-mediators-title" tabIndex={-1} className="scroll-mt-16 border-y bg-muted/40 focus:outline-none">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-[1.1fr_0.9fr]">
          <div className="lg:sticky lg:top-28 lg:order-last lg:self-start">
            <SectionHeading
              id="for-mediators-title"
              eyebrow="For Mediators"
              title="Grow your mediation practice"
              lead="Spend your time mediating, not marketing. Lawyers come to you with paid, well-described cases."
            />
            <ul className="mt-6 grid gap-2.5 text-sm">
              {MEDIATOR_POINTS.map((point) => (
                <li key={point} className="flex items-center gap-2.5">
                  <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
            <SiteLink to={SIGN_UP_PATH} className={cn(buttonVariants({ size: 'lg' }), 'mt-8')}>
              Join as a Mediator
              <ArrowRight aria-hidden="true" />
            </SiteLink>
          </div>
          <div className="grid gap-5 sm:grid-cols-2 lg:order-first">
            <FeatureCard icon={Search} title="Browse available requests">
              See cases that match your jurisdiction and specializations first, and accept the ones that fit your practice.
            </FeatureCard>
            <FeatureCard icon={Layers} title="Flexible subscription tiers">
              Start free with up to 3 mediations a month, and upgrade for more cases, priority matching and counteroffers.
            </FeatureCard>
            <FeatureCard icon={Wallet} title="Automated payment distribution">
              Your payout is released automatically once you mark a mediation complete. No invoices to chase.
            </FeatureCard>
            <FeatureCard icon={Star} title="Build your reputation">
              Every completed mediation can earn a review, and your rating helps lawyers choose you.
            </FeatureCard>
          </div>
        </div>
        <PricingPlans />
      </div>
    </section>
  );
}
