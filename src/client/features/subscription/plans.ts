import { TIER_PRICE_CENTS } from '../../../common/domain/subscriptions';
import { TIER_LABELS } from '../../../common/domain/tiers';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../common/enums';
import { displayCents } from '../../../common/money';

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  /** "$50" */
  price: string;
  features: readonly string[];
}

// Spec section 9: the three plans and what each includes.
const FEATURES: Record<SubscriptionTier, readonly string[]> = {
  free: ['Up to 3 mediations per month', 'Basic listing', 'Standard support'],
  pro: ['4 to 10 mediations per month', 'Priority matching and listing', 'Counteroffers', 'Priority support', 'Advanced analytics'],
  unlimited: [
    'Unlimited mediations',
    'Priority matching',
    'Top listing',
    'Counteroffers',
    '24/7 premium support',
    'Advanced analytics',
    'Featured mediator badge',
  ],
};

export const PLANS: Plan[] = SUBSCRIPTION_TIERS.map((tier) => ({
  tier,
  name: TIER_LABELS[tier],
  price: displayCents(TIER_PRICE_CENTS[tier]),
  features: FEATURES[tier],
}));
