import { listen, type Listener } from '../../src/server/db/listen';
import { REALTIME_CHANNEL } from '../../src/server/realtime/events.repo';
import type { TestApp } from './test-app';

/**
 * Listens to the app's realtime channel as every instance's hub does, pushing each event into `heard` as it arrives
 * (on PostgreSQL a moment after the commit). Stop the listener after the tests.
 */
export function listenToRealtime(t: TestApp, heard: unknown[]): Promise<Listener> {
  return listen(t.ctx.database, REALTIME_CHANNEL, {
    onPayload: (payload) => heard.push(JSON.parse(payload)),
    onGap: () => undefined,
    onError: () => undefined,
  });
}
