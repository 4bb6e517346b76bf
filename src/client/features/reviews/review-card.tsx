import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { REVEAL_NOTICE } from '../../../common/domain/review-reveal';
import { REVIEW_TEXTS } from '../../../common/schemas/after-match';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/input';
import { toast, toastError } from '../../components/ui/use-toast';
import { ApiError } from '../../lib/api-client';
import { useSubmitReview } from './api';
import { StarRatingInput } from './star-rating';

const COMMENT_MAX = 2_000;

/** The review dialog (spec 2 + 5): 1–5 stars (submit disabled at 0) and an optional comment. */
export function ReviewDialog({
  requestId,
  title,
  revieweeName,
  revieweeId,
  revealedTogether = false,
  open,
  onOpenChange,
}: {
  requestId: string;
  title: string;
  revieweeName: string;
  /** The counsel a two-sided case's mediator reviews (decision 048); the server works out everyone else's. */
  revieweeId?: string;
  /** A two-sided case: the review is hidden until the reveal and cannot be changed once sent. */
  revealedTogether?: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const submit = useSubmitReview(requestId, revieweeId);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) return;
    if (comment.trim().length > COMMENT_MAX) return setCommentError(`Must be at most ${COMMENT_MAX} characters`);
    try {
      await submit.mutateAsync({ rating, comment: comment.trim() || null });
      onOpenChange(false);
      toast({ title: 'Review Submitted', description: 'Thank you for your feedback!' });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.comment) setCommentError(error.fieldErrors.comment);
      toastError('Review Failed', error);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            How did working with {revieweeName} go?{' '}
            {revealedTogether
              ? `${REVEAL_NOTICE} Until then nobody sees it, ${revieweeName} included, and it cannot be changed once sent.`
              : 'Your review is shown on their profile.'}
          </DialogDescription>
        </DialogHeader>
        <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
          <StarRatingInput value={rating} onChange={setRating} label="Rating" disabled={submit.isPending} />
          <FormField label="Comment (optional)" error={commentError} hint={`Up to ${COMMENT_MAX} characters.`}>
            <Textarea
              rows={4}
              value={comment}
              maxLength={COMMENT_MAX}
              onChange={(e) => {
                setComment(e.target.value);
                setCommentError(undefined);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={rating < 1 || submit.isPending} title={rating < 1 ? REVIEW_TEXTS.rating : undefined}>
            {submit.isPending ? 'Submitting...' : 'Submit Review'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * 'Rate This Mediator' (the owning lawyer) or 'Rate This Lawyer' (the selected mediator) on a completed request
 * (spec 2); the page shows it only while the viewer has not reviewed yet.
 */
export function ReviewCard({
  requestId,
  reviewee,
  revieweeName,
  revieweeId,
  revealedTogether = false,
}: {
  requestId: string;
  reviewee: 'mediator' | 'lawyer';
  revieweeName: string;
  revieweeId?: string;
  revealedTogether?: boolean;
}) {
  const [open, setOpen] = useState(false);
  // A two-sided case's mediator rates each counsel: the title says which one.
  const title = reviewee === 'mediator' ? 'Rate This Mediator' : revieweeId ? `Rate ${revieweeName}` : 'Rate This Lawyer';
  return (
    <Card className="border-amber-300 dark:border-amber-400/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Star className="size-5 fill-amber-400 text-amber-500" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription className="wrap-anywhere">
          Share how the mediation with {revieweeName} went. Your feedback helps other professionals choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => setOpen(true)} aria-label={revieweeId ? `Leave a review for ${revieweeName}` : undefined}>
          Leave a Review
        </Button>
        <ReviewDialog
          requestId={requestId}
          title={title}
          revieweeName={revieweeName}
          revieweeId={revieweeId}
          revealedTogether={revealedTogether}
          open={open}
          onOpenChange={setOpen}
        />
      </CardContent>
    </Card>
  );
}
