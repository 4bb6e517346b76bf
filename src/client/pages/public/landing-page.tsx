import { PublicFooter, SkipLink, useScrollToHash } from '../../app/layouts/public-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { ForLawyersSection, ForMediatorsSection } from './landing/audience-sections';
import { BlogSection, FinalCallToAction, SponsoredSection } from './landing/closing-sections';
import { AboutSection, HeroSection } from './landing/hero-section';
import { HowItWorksSection } from './landing/how-it-works-section';
import { LandingHeader } from './landing/landing-header';
import { useFeeTerms } from '../../features/settings/public-settings';

/** The signed-out home page (spec 2) with its in-page sections #home … #blog. */
export function LandingPage() {
  usePageTitle(null);
  useScrollToHash();
  const fees = useFeeTerms();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        <HeroSection deposit={fees.deposit} />
        <AboutSection />
        <ForLawyersSection deposit={fees.deposit} />
        <ForMediatorsSection />
        <HowItWorksSection fees={fees} />
        <SponsoredSection />
        <BlogSection />
        <FinalCallToAction />
      </main>
      <PublicFooter />
    </div>
  );
}
