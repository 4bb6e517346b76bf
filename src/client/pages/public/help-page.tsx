import { BadgeCheck, ChevronDown, CreditCard, Gavel, Mail, Scale, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PublicLayout } from '../../app/layouts/public-layout';
import { buttonVariants } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';
import { useFeeTerms } from '../../features/settings/public-settings';
import { REFUND_POLICY } from '../../../common/domain/refunds';

const TOPICS: { icon: LucideIcon; title: string; text: string; href: string }[] = [
  { icon: Gavel, title: 'For lawyers', text: 'Post a request, pay the deposit and choose your mediator.', href: '#how-matching-works' },
  { icon: Scale, title: 'For mediators', text: 'Find requests that fit your practice and get paid automatically.', href: '#payouts' },
  { icon: CreditCard, title: 'Payments', text: 'Deposits, platform fees, refunds and cancellations.', href: '#deposit-and-fees' },
  { icon: BadgeCheck, title: 'Accounts', text: 'Verification, profiles and subscription plans.', href: '#verification' },
];

function Faq({ id, question, children }: { id: string; question: string; children: ReactNode }) {
  return (
    <details id={id} className="group scroll-mt-24 rounded-xl border bg-card open:shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl p-5 font-semibold [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="grid gap-3 px-5 pb-5 text-[15px] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </details>
  );
}

/** Help Center with the FAQs (#faq) the public footers link to. */
export function HelpPage() {
  usePageTitle('Help Center');
  const fees = useFeeTerms();
  const { hash } = useLocation();
  // A link to one question (#payouts) opens it as well as scrolling to it.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target instanceof HTMLDetailsElement) target.open = true;
  }, [hash]);
  return (
    <PublicLayout>
      <div className="border-b bg-gradient-to-b from-primary/[0.06] to-transparent">
        <div className="mx-auto max-w-4xl px-4 pb-10 pt-12 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Help Center</p>
          <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight sm:text-5xl">How can we help?</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Answers about matching, payments and accounts on MediateHub. Can't find what you need?{' '}
            <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
              Contact support
            </Link>
            .
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
        <section aria-labelledby="help-topics">
          <h2 id="help-topics" className="sr-only">
            Browse by topic
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {TOPICS.map((topic) => (
              <li key={topic.title}>
                <a href={topic.href} className="flex h-full gap-4 rounded-xl border bg-card p-5 transition-colors hover:border-primary/40 hover:bg-accent">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <topic.icon className="size-5" aria-hidden="true" />
                  </span>
                  <span>
                    <span className="block font-semibold">{topic.title}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">{topic.text}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section id="faq" aria-labelledby="faq-title" className="mt-14 scroll-mt-24">
          <h2 id="faq-title" className="font-serif text-3xl font-semibold">
            Frequently asked questions
          </h2>
          <div className="mt-6 grid gap-3">
            <Faq id="how-matching-works" question="How does matching work?">
              <p>
                When a lawyer's deposit is confirmed, the request goes live. Mediators whose jurisdiction matches the request and whose specializations include
                its case type see it first; Pro and Unlimited mediators see it straight away.
              </p>
              <p>
                If no mediator accepts within {fees.matchWindowMinutes} minutes, the request opens to all mediators. The lawyer then chooses among the first
                three mediators who accept.
              </p>
            </Faq>
            <Faq id="deposit-and-fees" question="What are the deposit and the fees?">
              <p>
                Submitting a request requires a {fees.deposit} deposit, held by the platform until the mediation is completed. When the lawyer selects a
                mediator, the rest of the budget is charged to the same card.
              </p>
              <p>
                The platform fee is the larger of {fees.minimumFee} or {fees.commission} of the budget. Mediators see their payout (the budget minus the fee)
                before accepting.
              </p>
            </Faq>
            <Faq id="refunds" question="Can I cancel a request and get a refund?">
              <ul>
                {REFUND_POLICY.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </Faq>
            <Faq id="payouts" question="When and how are mediators paid?">
              <p>
                Payouts are automatic. Once the mediator marks the mediation complete, the payout is released to their payout account after a short hold that
                lets the lawyer report a problem. No invoices to chase.
              </p>
            </Faq>
            <Faq id="subscriptions" question="What do the subscription plans include?">
              <ul>
                <li>
                  <strong>Free</strong> ($0/month): up to 3 mediations per month, basic listing, standard support.
                </li>
                <li>
                  <strong>Pro</strong> ($50/month): up to 10 mediations per month, priority matching and listing, counteroffers, priority support, advanced
                  analytics.
                </li>
                <li>
                  <strong>Unlimited</strong> ($100/month): unlimited mediations, priority matching, top listing, counteroffers, 24/7 premium support, advanced
                  analytics and a featured mediator badge.
                </li>
              </ul>
              <p>Upgrade at any time from the Subscription page; to downgrade, contact support.</p>
            </Faq>
            <Faq id="verification" question="How are accounts verified?">
              <p>
                Every user confirms their e-mail address before signing in. Our team reviews mediator profiles, and approved mediators carry a "Verified" badge
                wherever lawyers see them. Before accepting a request, mediators confirm they have no conflict of interest with the parties.
              </p>
            </Faq>
            <Faq id="contact-support" question="How do I contact support?">
              <p>
                Use our <Link to="/contact">contact form</Link>. We answer within 24 hours, Monday to Friday.
              </p>
            </Faq>
          </div>
        </section>

        <div className="mt-14 flex flex-col items-start gap-4 rounded-2xl border bg-card p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div>
            <h2 className="font-serif text-2xl font-semibold">Still need help?</h2>
            <p className="mt-1 text-muted-foreground">Our support team gets back to you within 24 hours.</p>
          </div>
          <Link to="/contact" className={buttonVariants({ size: 'lg' })}>
            <Mail aria-hidden="true" />
            Contact Support
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
