import { ScrollText, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** A signing card (ids "agreement", "term-sheet"): the same frame while its code and data load, so links find it. */
export function SigningCardFrame({
  id,
  ref,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  ref?: Ref<HTMLDivElement>;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card id={id} ref={ref} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5">{children}</CardContent>
    </Card>
  );
}

/**
 * Links to /requests/:id#agreement (the 403 of a locked case points there) and #term-sheet land on the card once it
 * has its content: the request page has no hash scrolling of its own.
 */
export function useScrollToCard(id: string, ready: boolean, target: RefObject<HTMLDivElement | null>) {
  const { hash } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || hash !== `#${id}`) return;
    done.current = true;
    target.current?.scrollIntoView({ block: 'start' });
  }, [id, ready, hash, target]);
}

/** The term sheet card's frame, shown by the card while its code loads and by its content (id "term-sheet"). */
export function TermSheetFrame({ ref, children }: { ref?: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <SigningCardFrame
      id="term-sheet"
      ref={ref}
      icon={ScrollText}
      title="Term sheet"
      description="The terms agreed, drafted in versions and signed by everyone."
    >
      {children}
    </SigningCardFrame>
  );
}
