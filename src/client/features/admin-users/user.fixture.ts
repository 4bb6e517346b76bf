import type { AdminUserDto } from '../../../common/schemas/admin-users';

export const MEDIATOR: AdminUserDto = {
  id: '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  email: 'max.mediator@example.com',
  firstName: 'Max',
  lastName: 'Mediator',
  profileImageUrl: null,
  role: 'mediator',
  status: 'pending',
  emailVerified: true,
  profileCompleted: true,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  lawyer: null,
  mediator: { subscriptionTier: 'pro', jurisdiction: 'California', rating: '4.50', reviewCount: 6 },
};

export const LAWYER: AdminUserDto = {
  id: '4a2b3c4d-5e6f-4a70-8b9c-0d1e2f3a4b5c',
  email: 'lena.lawyer@example.com',
  firstName: 'Lena',
  lastName: 'Lawyer',
  profileImageUrl: null,
  role: 'lawyer',
  status: 'approved',
  emailVerified: false,
  profileCompleted: true,
  createdAt: '2026-02-01T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
  lawyer: { firmName: 'Lawyer & Co', jurisdiction: 'New York', rating: '0.00', reviewCount: 0 },
  mediator: null,
};

export const ADMIN: AdminUserDto = {
  id: '5b3c4d5e-6f7a-4b80-9c0d-1e2f3a4b5c6d',
  email: 'ada.admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  profileImageUrl: null,
  role: 'admin',
  status: 'approved',
  emailVerified: true,
  profileCompleted: true,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
  lawyer: null,
  mediator: null,
};
