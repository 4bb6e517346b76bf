import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicLayout } from '../../app/layouts/public-layout';
import { Skeleton } from '../../components/ui/skeleton';

/** Typography for long legal text: readable measure, comfortable rhythm, distinguishable links. */
const PROSE =
  'text-[15px] leading-7 text-foreground/90 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-1.5 [&_p+p]:mt-4 [&_p+ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_strong]:font-semibold [&_strong]:text-foreground';

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 border-t pt-8 first:border-t-0 first:pt-0">
      <h2 id={`${id}-title`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      <div className={`mt-3 ${PROSE}`}>{children}</div>
    </section>
  );
}

/** An admin-set text: paragraphs split on blank lines, line breaks kept, never parsed as HTML. */
function AdminText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={`whitespace-pre-line ${PROSE}`}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/**
 * A static legal page (privacy, terms, cookies). When the admins have set their own text (`adminText` is a
 * non-empty string) it replaces the built-in sections.
 */
export function LegalDocument({
  title,
  intro,
  updated = 'November 2024',
  adminText,
  isLoading = false,
  toc,
  children,
}: {
  title: string;
  intro?: ReactNode;
  updated?: string;
  adminText?: string | null;
  isLoading?: boolean;
  toc?: { id: string; title: string }[];
  children: ReactNode;
}) {
  const custom = typeof adminText === 'string' && adminText.trim() !== '' ? adminText : null;
  return (
    <PublicLayout>
      <div className="border-b bg-gradient-to-b from-primary/[0.06] to-transparent">
        <div className="mx-auto max-w-3xl px-4 pb-10 pt-12 sm:px-6 sm:pt-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Legal</p>
          <h1 className="mt-2 font-serif text-4xl font-semibold tracking-tight sm:text-5xl">{title}</h1>
          {!isLoading && !custom ? <p className="mt-3 text-sm text-muted-foreground">Last updated {updated}</p> : null}
          {intro && !isLoading && !custom ? <div className="mt-5 text-lg leading-relaxed text-muted-foreground">{intro}</div> : null}
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
        {isLoading ? (
          <div className="grid gap-4" role="status" aria-live="polite">
            <span className="sr-only">Loading…</span>
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="mt-6 h-7 w-2/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ) : custom ? (
          <>
            <AdminText text={custom} />
            <p className="mt-10 border-t pt-6 text-sm text-muted-foreground">
              Questions?{' '}
              <Link to="/contact" className="font-medium text-primary underline underline-offset-4">
                Contact our support team
              </Link>
              .
            </p>
          </>
        ) : (
          <>
            {toc && toc.length > 0 ? (
              <nav aria-label="On this page" className="mb-10 rounded-xl border bg-card p-5">
                <p className="text-sm font-semibold">On this page</p>
                <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm sm:columns-2 sm:gap-10">
                  {toc.map((item) => (
                    <li key={item.id}>
                      <a href={`#${item.id}`} className="text-primary underline-offset-4 hover:underline">
                        {item.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
            ) : null}
            <div className="grid gap-8">{children}</div>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
