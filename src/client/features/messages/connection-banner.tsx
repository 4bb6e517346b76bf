import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { useRealtimeStatus } from '../../lib/realtime';

/** How long the socket may be down before the banner shows (a page load's first connect takes a moment). */
const GRACE_MS = 1000;

/**
 * The visible connection state (issue 7): while the live socket is down, say so; once it is back, the realtime
 * client re-reads the thread, so whatever arrived meanwhile appears.
 */
export function ConnectionBanner() {
  const open = useRealtimeStatus() === 'open';
  const [down, setDown] = useState(false);
  // Keyed on open/not open only, so the back-off's closed ↔ connecting steps do not make the banner flicker.
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => setDown(true), GRACE_MS);
    return () => {
      clearTimeout(timer);
      setDown(false);
    };
  }, [open]);
  if (open || !down) return null;
  return (
    <Alert tone="warning">
      <WifiOff aria-hidden="true" />
      <p>Reconnecting… new messages will appear when the connection is back.</p>
    </Alert>
  );
}
