import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight, Clock, LifeBuoy, Mail, MapPin, Phone, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { SUPPORT_CONTACT } from '../../../common/constants';
import { ContactSchema, type Contact } from '../../../common/schemas/contact';
import { PublicLayout } from '../../app/layouts/public-layout';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { useFeeTerms } from '../../features/settings/public-settings';
import { REFUND_POLICY } from '../../../common/domain/refunds';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

function ContactForm() {
  const form = useForm<Contact>({
    resolver: zodResolver(ContactSchema),
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });
  const { errors } = form.formState;
  const send = useMutation({ mutationFn: (values: Contact) => apiRequest('POST', '/api/contact', values) });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message sent!', description: "We'll get back to you within 24 hours." });
      form.reset();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      toastError('Error', error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@lawfirm.com" {...form.register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" required error={errors.subject?.message}>
        <Input placeholder="How can we help?" {...form.register('subject')} />
      </FormField>
      <FormField label="Message" required error={errors.message?.message}>
        <Textarea rows={6} placeholder="Tell us what happened, and include a request number if you have one." {...form.register('message')} />
      </FormField>
      <div className="flex flex-col-reverse items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true">* </span>All fields are required.
        </p>
        <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary [&_svg]:size-4">{icon}</span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{label}</p>
        <div className="mt-0.5 break-words text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

function ContactFaq() {
  const fees = useFeeTerms();
  const items = [
    {
      q: 'When is the deposit charged, and is it refundable?',
      a: `The ${fees.deposit} deposit is charged when you submit a request and held until the mediation is completed. ${REFUND_POLICY.summary}`,
    },
    {
      q: 'How are mediators matched to my request?',
      a: `Mediators whose jurisdiction and specialization fit your case see it first. If nobody accepts within ${fees.matchWindowMinutes} minutes, the request opens to all mediators. You choose among the first three who accept.`,
    },
    {
      q: 'When do mediators get paid?',
      a: `Automatically, once the mediation is marked complete: the budget minus the platform fee (the larger of ${fees.minimumFee} or ${fees.commission}) goes to the mediator's payout account.`,
    },
    {
      q: 'How do I change my subscription plan?',
      a: 'Mediators can upgrade to Pro or Unlimited at any time from the Subscription page. To move to a lower plan, send us a message here.',
    },
  ];
  return (
    <section aria-labelledby="contact-faq" className="mt-16">
      <h2 id="contact-faq" className="font-serif text-2xl font-semibold sm:text-3xl">
        Common questions
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {items.map((item) => (
          <div key={item.q} className="rounded-xl border bg-card p-5">
            <h3 className="font-semibold">{item.q}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{item.a}</p>
          </div>
        ))}
      </div>
      <p className="mt-6 text-sm">
        More answers in the{' '}
        <Link to="/help" className="font-medium text-primary underline underline-offset-4">
          Help Center
        </Link>
        .
      </p>
    </section>
  );
}

/** Contact Support (spec 2): the form posts to /api/contact, which reaches the admins' Support tab (RULES 7). */
export function ContactPage() {
  usePageTitle('Contact Support');
  return (
    <PublicLayout>
      <div className="border-b bg-gradient-to-b from-primary/[0.06] to-transparent">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-12 sm:px-6 sm:pt-16 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Support</p>
          <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight sm:text-5xl">Contact Support</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Questions about a mediation, a payment or your account? Send us a message and we'll get back to you within 24 hours.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Card>
            <CardHeader>
              <CardTitle className="font-serif text-2xl">Send us a message</CardTitle>
              <CardDescription>Our support team reads every message.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm />
            </CardContent>
          </Card>

          <div className="grid content-start gap-6">
            <Card>
              <CardHeader className="pb-4">
                <CardTitle>Other ways to reach us</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-5">
                  <ContactItem icon={<Mail aria-hidden="true" />} label="Email">
                    <a href={`mailto:${SUPPORT_CONTACT.email}`} className="font-medium text-primary underline underline-offset-4">
                      {SUPPORT_CONTACT.email}
                    </a>
                  </ContactItem>
                  <ContactItem icon={<Phone aria-hidden="true" />} label="Phone">
                    <a href={`tel:${SUPPORT_CONTACT.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-primary underline underline-offset-4">
                      {SUPPORT_CONTACT.phone}
                    </a>
                  </ContactItem>
                  <ContactItem icon={<MapPin aria-hidden="true" />} label="Address">
                    <address className="not-italic">{SUPPORT_CONTACT.address}</address>
                  </ContactItem>
                  <ContactItem icon={<Clock aria-hidden="true" />} label="Hours">
                    {SUPPORT_CONTACT.hours}
                  </ContactItem>
                </ul>
              </CardContent>
            </Card>

            <Card className="border-transparent bg-primary text-primary-foreground dark:border-primary/25 dark:bg-[color-mix(in_oklab,var(--primary)_14%,var(--card))] dark:text-foreground">
              <CardHeader className="pb-3">
                <LifeBuoy className="size-6" aria-hidden="true" />
                <CardTitle className="mt-2">Looking for a quick answer?</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm opacity-90">Guides on matching, deposits, refunds, payouts and plans.</p>
                <Link
                  to="/help"
                  className="mt-4 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold underline underline-offset-4 focus-visible:outline-primary-foreground dark:text-primary dark:focus-visible:outline-ring"
                >
                  Visit the Help Center
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </CardContent>
            </Card>
          </div>
        </div>

        <ContactFaq />
      </div>
    </PublicLayout>
  );
}
