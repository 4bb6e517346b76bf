// Business constants and UI limits of spec section 9 and RULES.md 1.
export const APP_NAME = 'MediateHub';

export const PASSWORD_MIN_LENGTH = 8;
export const DESCRIPTION_MIN_LENGTH = 10;
/** The longest message (schemas/messages.ts); here so the client's composer has it without loading zod. */
export const MESSAGE_MAX_LENGTH = 5000;

export const DEFAULT_SETTINGS = {
  commissionPercentage: '10.00',
  minimumPlatformFee: '50.00',
  defaultDeposit: '250.00',
  matchWindowMinutes: 20,
  priorityHeadStartMinutes: 5,
  payoutHoldHours: 72,
} as const;

export const MONTHLY_CAP = { free: 3, pro: 10, unlimited: null } as const;

export const RECOMMENDED_HOURLY_RATE = 350;
export const HOURS_OPTIONS = [2, 4, 8] as const;
export const FLAT_FEE_OPTIONS = ['700', '1200', '2000'] as const;

export const FILE_LIMITS = {
  documentMaxBytes: 10 * 1024 * 1024,
  photoMaxBytes: 2 * 1024 * 1024,
  briefMaxFiles: 1,
  caseFilesMaxFiles: 5,
} as const;

export const UI = {
  mobileBreakpointPx: 768,
  sidebarWidth: '16rem',
  sidebarWidthMobile: '18rem',
  sidebarWidthIcon: '3rem',
  sidebarCookieName: 'sidebar_state',
  sidebarCookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  sidebarKeyboardShortcut: 'b',
  tooltipDelayMs: 700,
  toastLimit: 1,
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThresholdPx: 50,
  toastViewportMaxWidthPx: 420,
} as const;

export const SUPPORT_CONTACT = {
  email: 'support@mediatehub.example',
  phone: '+1 (555) 010-2030',
  address: '100 Market Street, Suite 300, San Francisco, CA 94105',
  hours: 'Monday-Friday 9am-5pm PST',
} as const;

export const LANDING_CLAIMS = {
  casesResolved: '500+',
  mediators: '200+',
  averageRating: '4.9',
  settlementRate: '92%',
} as const;
