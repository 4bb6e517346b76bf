import { MessageSquareQuote } from 'lucide-react';
import type { ReviewDto } from '../../../common/schemas/after-match';
import { UserAvatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Stars } from './star-rating';

function splitName(name: string): [string, string] {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

/**
 * One review: stars, the comment, who wrote it, on which case and when ('Jan 05, 2025'). `about` names reviewees by
 * id where a reader could not tell whom a review is about (a two-sided case's mediator reviews each counsel).
 */
export function ReviewItem({
  review,
  showCase = true,
  headingLevel = 3,
  about,
}: {
  review: ReviewDto;
  showCase?: boolean;
  headingLevel?: 3 | 4;
  about?: Record<string, string>;
}) {
  const [first, last] = splitName(review.reviewerName);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-3">
          <UserAvatar firstName={first} lastName={last} className="size-9" />
          <div className="min-w-0">
            <Heading className="font-medium wrap-anywhere">{review.reviewerName}</Heading>
            <p className="text-xs text-muted-foreground">
              {review.reviewerRole === 'lawyer' ? 'Lawyer' : 'Mediator'}
              {about?.[review.revieweeId] ? ` · about ${about[review.revieweeId]}` : ''} ·{' '}
              <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {review.revealedAt === null ? <Badge tone="muted">Hidden until revealed</Badge> : null}
          <Stars rating={review.rating} />
        </div>
      </div>
      {review.comment ? (
        <p className="whitespace-pre-line text-sm wrap-anywhere">{review.comment}</p>
      ) : (
        <p className="text-sm italic text-muted-foreground">No comment.</p>
      )}
      {showCase ? <p className="text-xs text-muted-foreground wrap-anywhere">Case: {review.caseName}</p> : null}
    </article>
  );
}

/** A short list of reviews (a mediator's profile, a completed request), or a line saying there are none yet. */
export function ReviewList({
  reviews,
  empty = 'No reviews yet.',
  showCase = true,
  headingLevel = 3,
  className,
  about,
}: {
  reviews: ReviewDto[];
  empty?: string;
  showCase?: boolean;
  headingLevel?: 3 | 4;
  className?: string;
  /** Reviewees' names by id, shown where it is not obvious whom a review is about. */
  about?: Record<string, string>;
}) {
  if (!reviews.length) {
    return (
      <p className={cn('flex items-center gap-2 text-sm text-muted-foreground', className)}>
        <MessageSquareQuote className="size-4" aria-hidden="true" />
        {empty}
      </p>
    );
  }
  return (
    <ul className={cn('grid gap-3', className)}>
      {reviews.map((r) => (
        <li key={r.id} className="min-w-0">
          <ReviewItem review={r} showCase={showCase} headingLevel={headingLevel} about={about} />
        </li>
      ))}
    </ul>
  );
}
