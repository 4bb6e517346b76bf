import { useQuery } from '@tanstack/react-query';
import { BadgeCheck } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { ReviewDto } from '../../../common/schemas/after-match';
import { UserAvatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toastError } from '../../components/ui/use-toast';
import { displayMoney, formatRating } from '../../lib/format';

interface MediatorProfile {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  rating: string;
  reviewCount: number;
  specializations: string[];
  certifications: string[];
  yearsExperience: number | null;
  hourlyRate: string | null;
  bio: string | null;
  jurisdiction: string;
  totalMediationsCompleted: number;
  verified: boolean;
  /** The latest few reviews (absent on an older server). */
  reviews?: ReviewDto[];
}

/** How the page shows a mediator's reviews (the reviews feature's list, composed in by the page, DESIGN 3). */
export type RenderReviews = (reviews: ReviewDto[]) => ReactNode;

/** What a lawyer choosing sees of a mediator (RULES.md 7: GET /api/mediators/{id}). */
export function MediatorProfileDialog({
  mediatorId,
  onClose,
  renderReviews,
}: {
  mediatorId: string | null;
  onClose: () => void;
  renderReviews?: RenderReviews;
}) {
  const { data, error, isLoading } = useQuery<MediatorProfile>({ queryKey: ['/api/mediators', mediatorId], enabled: !!mediatorId, staleTime: 60_000 });
  useEffect(() => {
    if (error) {
      toastError('Failed to fetch mediator profile', error);
      onClose();
    }
  }, [error, onClose]);
  return (
    <Dialog open={!!mediatorId} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{data ? `${data.firstName} ${data.lastName}` : 'Mediator profile'}</DialogTitle>
          <DialogDescription>
            {data ? `${data.jurisdiction} · ${data.totalMediationsCompleted} mediation${data.totalMediationsCompleted === 1 ? '' : 's'} completed` : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {isLoading || !data ? (
          <div className="grid gap-3">
            <Skeleton className="h-16" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <div className="grid gap-4">
            <div className="flex items-center gap-4">
              <UserAvatar src={data.profileImageUrl} firstName={data.firstName} lastName={data.lastName} className="size-16 text-lg" />
              <div className="grid gap-1 text-sm">
                <p>
                  Rating <strong>{formatRating(data.rating, data.reviewCount)}</strong> · {data.reviewCount} review{data.reviewCount === 1 ? '' : 's'}
                </p>
                <p>
                  {data.yearsExperience ?? 0} years of experience · {displayMoney(data.hourlyRate)}/hour
                </p>
                {data.verified ? (
                  <Badge tone="green" className="justify-self-start">
                    <BadgeCheck className="size-3.5" aria-hidden="true" />
                    Verified
                  </Badge>
                ) : null}
              </div>
            </div>
            {data.bio ? <p className="text-sm wrap-anywhere">{data.bio}</p> : null}
            <div className="flex flex-wrap gap-2">
              {[...data.specializations, ...data.certifications].map((s) => (
                <Badge key={s} tone="muted" className="max-w-full whitespace-normal text-foreground wrap-anywhere">
                  {s}
                </Badge>
              ))}
            </div>
            {renderReviews && data.reviews ? (
              <section aria-labelledby="mediator-reviews-heading" className="grid gap-3">
                <h3 id="mediator-reviews-heading" className="font-semibold">
                  Reviews
                </h3>
                {renderReviews(data.reviews)}
              </section>
            ) : null}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
