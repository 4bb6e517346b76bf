import { PublicFooter, SkipLink } from '../../../components/public-footer';
import type { FeeTerms } from '../../../features/settings/fee-terms';
import { ForLawyersSection, ForMediatorsSection } from './audience-sections';
import { BlogSection, FinalCallToAction, SponsoredSection } from './closing-sections';
import { AboutSection, HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LANDING_HEADER_ISLAND } from './islands';
import { LandingHeader } from './landing-header';

/**
 * The signed-out home page (spec 2) with its in-page sections #home … #blog. Router-free: it is both the landing
 * document's whole page (src/client/landing-main.ts) and the app's page at / (landing-page.tsx).
 */
export function LandingContent({ fees }: { fees: FeeTerms }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* The one interactive part: the landing document hydrates it alone, on its first use (decision 028). */}
      <div {...{ [LANDING_HEADER_ISLAND]: '' }} className="contents">
        <LandingHeader />
      </div>
      <main id="main" tabIndex={-1} className="flex-1 scroll-mt-16 focus:outline-none">
        <HeroSection fees={fees} />
        <AboutSection />
        <ForLawyersSection fees={fees} />
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
