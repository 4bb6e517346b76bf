import { useScrollToHash } from '../../app/layouts/public-layout';
import { useFeeTerms } from '../../features/settings/public-settings';
import { usePageTitle } from '../../lib/use-page-title';
import { LandingContent } from './landing/landing-content';

/** The landing page inside the app: reached by navigating to / without a session (signing out, the brand link). */
export function LandingPage() {
  usePageTitle(null);
  useScrollToHash();
  return <LandingContent fees={useFeeTerms()} />;
}
