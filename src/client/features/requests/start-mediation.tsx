import { PlayCircle } from 'lucide-react';
import type { RequestDto } from '../../../common/api-types';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast, toastError } from '../../components/ui/use-toast';
import { useStartMediation } from './api';

/** 'Start Mediation' for the selected mediator of a matched request (RULES.md 4: matched → in_progress). */
export function StartMediationCard({ request }: { request: RequestDto }) {
  const start = useStartMediation(request.id);
  const onStart = async () => {
    try {
      await start.mutateAsync();
      toast({ title: 'Mediation Started', description: 'The request is now in progress. Mark it as complete when the mediation has taken place.' });
    } catch (error) {
      toastError('Error', error);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PlayCircle className="size-5 text-primary" aria-hidden="true" />
          Start Mediation
        </CardTitle>
        <CardDescription>Once the date is agreed and the mediation is under way, mark it as started so the lawyer can follow its progress.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => void onStart()} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Start Mediation'}
        </Button>
      </CardContent>
    </Card>
  );
}
