import { CreditCard, Search, ShieldCheck } from 'lucide-react';
import { LANDING_CLAIMS } from '../../../common/constants';

const STEPS = [
  { icon: Search, title: 'Post or browse requests', text: 'Lawyers post their cases; mediators browse the requests that fit them.' },
  { icon: ShieldCheck, title: 'Smart matching', text: 'Requests reach mediators by jurisdiction and specialization first.' },
  { icon: CreditCard, title: 'Secure and simple', text: 'Secure payments, built-in messaging and automatic payout.' },
];

/** The sign-in page's marketing panel, on large screens only (spec 2). */
export function AuthMarketingPanel() {
  return (
    <aside
      aria-label="Why MediateHub"
      className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-center lg:p-14"
    >
      <div className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-primary-foreground/5" aria-hidden="true" />
      <div className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-primary-foreground/5" aria-hidden="true" />
      <div className="relative max-w-md">
        <h2 className="font-serif text-4xl font-semibold leading-tight">Resolve disputes faster, with the right mediator.</h2>
        <p className="mt-4 text-lg opacity-90">MediateHub connects lawyers with qualified professional mediators in three steps.</p>
        <ol className="mt-10 grid gap-6">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-foreground/15">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">
                  {i + 1}. {step.title}
                </p>
                <p className="text-sm opacity-90">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <dl className="mt-12 grid grid-cols-2 gap-6 border-t border-primary-foreground/20 pt-8">
          <div>
            <dt className="text-sm opacity-85">Cases resolved</dt>
            <dd className="font-serif text-3xl font-semibold">{LANDING_CLAIMS.casesResolved}</dd>
          </div>
          <div>
            <dt className="text-sm opacity-85">Settlement success</dt>
            <dd className="font-serif text-3xl font-semibold">{LANDING_CLAIMS.settlementRate}</dd>
          </div>
        </dl>
      </div>
    </aside>
  );
}
