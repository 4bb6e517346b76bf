/**
 * Stripe's `requirements.currently_due` names fields (`individual.dob.day`, `external_account`…); a mediator needs to
 * read what to do. Each field maps to one plain item by its most specific known prefix, duplicates dropped, in the
 * order Stripe lists them.
 */
const ITEMS: [prefix: string, item: string][] = [
  ['external_account', 'A bank account to receive your payouts'],
  ['individual.dob', 'Your date of birth'],
  ['individual.first_name', 'Your legal name'],
  ['individual.last_name', 'Your legal name'],
  ['individual.address', 'Your home address'],
  ['individual.ssn_last_4', 'The last 4 digits of your Social Security number'],
  ['individual.id_number', 'Your identity number'],
  ['individual.verification', 'A photo of your ID document'],
  ['individual.email', 'Your contact details'],
  ['individual.phone', 'Your contact details'],
  ['business_profile', 'A short description of your mediation practice (website or description)'],
  ['business_type', 'Whether you are paid as an individual or a company'],
  ['company', 'Your company details'],
  ['tos_acceptance', "Acceptance of Stripe's services agreement"],
  ['representative', "Your company representative's details"],
];

const OTHER = 'Other details Stripe asks for in onboarding';

export function plainRequirements(currentlyDue: readonly string[]): string[] {
  const items = currentlyDue.map((field) => ITEMS.find(([prefix]) => field === prefix || field.startsWith(`${prefix}.`))?.[1] ?? OTHER);
  return [...new Set(items)];
}

/** Not ready with nothing left to provide: Stripe is still checking what the mediator sent. */
export const UNDER_REVIEW = 'Stripe is reviewing the details you provided; no action is needed yet';
