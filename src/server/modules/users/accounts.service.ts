import type { SubscriptionTier } from '../../../common/enums';
import type { AppContext } from '../../context';
import { lawyerProfiles, mediatorProfiles, subscriptions, users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { findExistingEmails, findUserByEmail, promoteToAdmin } from './users.repo';

/** ADMIN_EMAIL + ADMIN_PASSWORD (or `npm run create-admin`): make sure this admin exists and can sign in. */
export async function ensureAdmin(ctx: AppContext, email: string, password: string, names = { firstName: 'Site', lastName: 'Admin' }) {
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx.db, normalized);
  if (existing) {
    await promoteToAdmin(ctx.db, existing.id, passwordHash, now);
    return { id: existing.id, created: false };
  }
  const [created] = await ctx.db
    .insert(users)
    .values({ email: normalized, password: passwordHash, ...names, role: 'admin', emailVerified: true, status: 'approved', profileCompleted: true })
    .returning({ id: users.id });
  return { id: created.id, created: true };
}

export const DEMO_PASSWORD = 'demo-password';

interface DemoLawyer {
  email: string;
  firstName: string;
  lastName: string;
  firmName: string;
  jurisdiction: string;
  practiceArea: string;
}
interface DemoMediator {
  email: string;
  firstName: string;
  lastName: string;
  tier: SubscriptionTier;
  specializations: string[];
  certifications: string[];
  jurisdiction: string;
  hourlyRate: string;
  yearsExperience: number;
  bio: string;
}

const DEMO_LAWYERS: DemoLawyer[] = [
  { email: 'lawyer@demo.test', firstName: 'Alice', lastName: 'Carter', firmName: 'Carter & Reyes LLP', jurisdiction: 'California', practiceArea: 'Family Law' },
  {
    email: 'lawyer2@demo.test',
    firstName: 'Daniel',
    lastName: 'Okafor',
    firmName: 'Okafor Legal Group',
    jurisdiction: 'New York',
    practiceArea: 'Commercial Litigation',
  },
];

const DEMO_MEDIATORS: DemoMediator[] = [
  {
    email: 'mediator.free@demo.test',
    firstName: 'Maria',
    lastName: 'Lopez',
    tier: 'free',
    specializations: ['Family Law', 'Employment'],
    certifications: ['Certified Family Mediator'],
    jurisdiction: 'California',
    hourlyRate: '300.00',
    yearsExperience: 6,
    bio: 'Family and workplace mediator focused on durable, practical settlements.',
  },
  {
    email: 'mediator.pro@demo.test',
    firstName: 'James',
    lastName: 'Whitfield',
    tier: 'pro',
    specializations: ['Family Law', 'Real Estate'],
    certifications: ['AAA Panel Mediator'],
    jurisdiction: 'California',
    hourlyRate: '375.00',
    yearsExperience: 14,
    bio: 'Former litigator; mediates family, property and partnership disputes.',
  },
  {
    email: 'mediator.pro2@demo.test',
    firstName: 'Rachel',
    lastName: 'Kim',
    tier: 'pro',
    specializations: ['Family Law', 'Estate & Probate'],
    certifications: ['Certified Family Mediator'],
    jurisdiction: 'California',
    hourlyRate: '325.00',
    yearsExperience: 9,
    bio: 'Family and estate mediator; calm, structured sessions and written settlement terms.',
  },
  {
    email: 'mediator.unlimited@demo.test',
    firstName: 'Sofia',
    lastName: 'Chen',
    tier: 'unlimited',
    specializations: ['Commercial Litigation', 'Family Law'],
    certifications: ['JAMS Certified', 'IMI Certified Mediator'],
    jurisdiction: 'New York',
    hourlyRate: '450.00',
    yearsExperience: 20,
    bio: 'Commercial and complex multi-party disputes; settles 9 in 10 cases she takes.',
  },
];

/** Demo accounts for a new embedded database (README lists them). Returns what to print. */
export async function seedDemoAccounts(ctx: AppContext): Promise<{ role: string; email: string; password: string; note: string }[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = ctx.clock.now();
  const printed: { role: string; email: string; password: string; note: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const l of DEMO_LAWYERS) {
      const [u] = await tx
        .insert(users)
        .values({
          email: l.email,
          password: passwordHash,
          firstName: l.firstName,
          lastName: l.lastName,
          role: 'lawyer',
          emailVerified: true,
          status: 'approved',
          profileCompleted: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!u) continue;
      await tx.insert(lawyerProfiles).values({
        userId: u.id,
        firmName: l.firmName,
        jurisdiction: l.jurisdiction,
        practiceArea: l.practiceArea,
        barNumber: 'DEMO-' + l.lastName.toUpperCase(),
      });
      printed.push({ role: 'lawyer', email: l.email, password: DEMO_PASSWORD, note: `${l.firstName} ${l.lastName}, ${l.jurisdiction}` });
    }
    for (const m of DEMO_MEDIATORS) {
      const [u] = await tx
        .insert(users)
        .values({
          email: m.email,
          password: passwordHash,
          firstName: m.firstName,
          lastName: m.lastName,
          role: 'mediator',
          emailVerified: true,
          status: 'approved',
          profileCompleted: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!u) continue;
      await tx.insert(mediatorProfiles).values({
        userId: u.id,
        specializations: m.specializations,
        certifications: m.certifications,
        jurisdiction: m.jurisdiction,
        hourlyRate: m.hourlyRate,
        yearsExperience: m.yearsExperience,
        bio: m.bio,
        subscriptionTier: m.tier,
        subscriptionStartDate: now,
        languagesSpoken: ['English'],
      });
      const periodEnd = new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000);
      await tx.insert(subscriptions).values({
        mediatorId: u.id,
        tier: m.tier,
        currentPeriodStart: now,
        currentPeriodEnd: m.tier === 'free' ? null : periodEnd,
      });
      printed.push({
        role: `mediator (${m.tier})`,
        email: m.email,
        password: DEMO_PASSWORD,
        note: `${m.firstName} ${m.lastName}, ${m.jurisdiction}: ${m.specializations.join(', ')}`,
      });
    }
  });
  const admin = await ensureAdmin(ctx, 'admin@demo.test', DEMO_PASSWORD, { firstName: 'Demo', lastName: 'Admin' });
  if (admin.created) printed.unshift({ role: 'admin', email: 'admin@demo.test', password: DEMO_PASSWORD, note: 'Super admin' });
  return printed;
}

/** The demo accounts present in this database (production warns about them: their password is in the README). */
export async function existingDemoAccounts(ctx: AppContext): Promise<string[]> {
  const emails = ['admin@demo.test', ...DEMO_LAWYERS.map((l) => l.email), ...DEMO_MEDIATORS.map((m) => m.email)];
  return findExistingEmails(ctx.db, emails);
}
