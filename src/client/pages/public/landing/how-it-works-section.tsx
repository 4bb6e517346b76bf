import { CreditCard, FileSearch, Percent, ShieldCheck, Timer, Waypoints, Wallet } from 'lucide-react';
import type { FeeTerms } from '../../../features/settings/fee-terms';
import { FeeTerm } from './fee-term';
import { SectionHeading } from './shared';

/** #how-it-works: the steps of spec 1, with the money terms of spec 9. */
export function HowItWorksSection({ fees }: { fees: FeeTerms }) {
  const steps = [
    {
      icon: FileSearch,
      title: 'Post or browse requests',
      text: 'Lawyers post a mediation request with the case details, budget and preferred dates. Mediators browse the requests open to them.',
    },
    {
      icon: Waypoints,
      title: 'Smart matching',
      text: 'Each request reaches mediators by jurisdiction and specialization first, so the right experts see it right away.',
    },
    {
      icon: Timer,
      title: 'Open to all if needed',
      text: (
        <>
          If no match happens within <FeeTerm fees={fees} name="matchWindowMinutes" /> minutes, the request opens to all mediators. The lawyer picks among the
          first three who accept.
        </>
      ),
    },
    {
      icon: CreditCard,
      title: 'Secure payments',
      text: (
        <>
          A <FeeTerm fees={fees} name="deposit" /> deposit secures the request. Built-in messaging keeps the case in one place, and payout to the mediator is
          automatic.
        </>
      ),
    },
  ];
  const facts = [
    {
      key: 'deposit',
      icon: ShieldCheck,
      title: (
        <>
          <FeeTerm fees={fees} name="deposit" /> deposit
        </>
      ),
      text: 'Held securely until the mediation is completed',
    },
    {
      key: 'fee',
      icon: Percent,
      title: 'Transparent fee',
      text: (
        <>
          The larger of <FeeTerm fees={fees} name="minimumFee" /> or <FeeTerm fees={fees} name="commission" /> of the budget
        </>
      ),
    },
    { key: 'payout', icon: Wallet, title: 'Automatic payout', text: 'Released to the mediator after completion' },
  ];
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" tabIndex={-1} className="scroll-mt-16 focus:outline-none">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeading
          id="how-it-works-title"
          eyebrow="How It Works"
          title="From request to resolution in four steps"
          lead="A clear process for both sides, with payments handled by the platform from deposit to payout."
          align="center"
        />
        <div className="relative mt-14">
          <div
            aria-hidden="true"
            className="absolute left-[12.5%] right-[12.5%] top-7 hidden h-px bg-gradient-to-r from-transparent via-primary/40 to-transparent lg:block"
          />
          <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {steps.map((step, i) => (
              <li key={step.title} className="relative rounded-2xl border bg-card p-6 text-center shadow-sm lg:border-0 lg:bg-transparent lg:shadow-none">
                <span
                  aria-hidden="true"
                  className="relative mx-auto flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-md shadow-primary/20"
                >
                  <step.icon className="size-6" aria-hidden="true" />
                  <span className="absolute -right-2 -top-2 flex size-6 items-center justify-center rounded-full border-2 border-background bg-card text-xs font-bold text-foreground">
                    {i + 1}
                  </span>
                </span>
                <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <ul className="mt-14 grid gap-4 rounded-2xl border bg-card p-6 sm:grid-cols-3 sm:p-8">
          {facts.map((fact) => (
            <li key={fact.key} className="flex gap-3">
              <fact.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <p className="font-semibold">{fact.title}</p>
                <p className="text-sm text-muted-foreground">{fact.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
