// Mediations and mediators as the admins' API returns them, for the component tests of this feature.
import type { AdminMediation } from '../../../common/schemas/admin-lists';
import type { AdminUserDto } from '../../../common/schemas/admin-users';

const LAWYER = { id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', name: 'Lena Lawyer', email: 'lena@example.test' };
const MAX = { id: '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e', name: 'Max Mediator', email: 'max@example.test' };

/** A $1,400.00 matched mediation with Max as its mediator. */
export const MATCHED: AdminMediation = {
  id: '0b8a6d7e-3c1f-4d7a-9a51-5d0e1f2a3b4c',
  caseName: 'Smith v. Jones',
  caseNumber: 'CV-2026-0142',
  caseType: 'Commercial',
  jurisdiction: 'California',
  status: 'matched',
  budget: '1400.00',
  preferredDate: '2026-12-14',
  lawyer: LAWYER,
  selectedMediatorId: MAX.id,
  selectedMediator: MAX,
  opposingLawyer: null,
  paymentStatus: 'held',
  createdAt: '2026-11-02T10:00:00.000Z',
  submittedAt: '2026-11-02T10:05:00.000Z',
  completedAt: null,
  cancelledAt: null,
  updatedAt: '2026-11-03T09:00:00.000Z',
};

/** Waiting for mediators: can be cancelled, not reassigned. */
export const LIVE: AdminMediation = {
  ...MATCHED,
  id: '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f',
  caseName: 'Doe v. Roe',
  caseNumber: 'CV-2026-0150',
  status: 'pending_mediators',
  budget: '700.00',
  selectedMediatorId: null,
  selectedMediator: null,
};

/** Finished: no actions. */
export const COMPLETED: AdminMediation = {
  ...MATCHED,
  id: '4d5e6f7a-8b9c-4d4e-9f5a-6b7c8d9e0f1a',
  caseName: 'Brown v. Green',
  caseNumber: 'CV-2026-0001',
  status: 'completed',
  completedAt: '2026-11-10T16:00:00.000Z',
};

const mediator = (id: string, firstName: string, lastName: string, status: AdminUserDto['status'] = 'approved'): AdminUserDto => ({
  id,
  email: `${firstName.toLowerCase()}@example.test`,
  firstName,
  lastName,
  profileImageUrl: null,
  role: 'mediator',
  status,
  emailVerified: true,
  profileCompleted: true,
  createdAt: '2026-10-01T10:00:00.000Z',
  updatedAt: '2026-10-01T10:00:00.000Z',
  lawyer: null,
  mediator: { subscriptionTier: 'free', jurisdiction: 'California', rating: '4.50', reviewCount: 2 },
});

export const MAX_USER = mediator(MAX.id, 'Max', 'Mediator');
export const NORA = mediator('5e6f7a8b-9c0d-4e5f-8a6b-7c8d9e0f1a2b', 'Nora', 'Neutral');
export const SAM_SUSPENDED = mediator('6f7a8b9c-0d1e-4f6a-9b7c-8d9e0f1a2b3c', 'Sam', 'Suspended', 'suspended');
