import { CalendarDays } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** The Session card's frame, the same while its code and data load: `#session` links always find it. */
export function SessionCardFrame({ ref, zone, children }: { ref?: Ref<HTMLDivElement>; zone?: string; children: ReactNode }) {
  return (
    <Card id="session" ref={ref} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="size-5 text-primary" aria-hidden="true" />
          Session
        </CardTitle>
        <CardDescription>{zone ? `Times are shown in your time zone, ${zone}.` : 'When and where the mediation takes place.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">{children}</CardContent>
    </Card>
  );
}
