import { definePath } from './paths.ts';

/**
 * Back-office API paths. Every one lives under `/api/admin`, where one guard checks the staff
 * session of each request before anything else runs; the few that work without a session
 * (signing in, setting a password from an invitation) are marked public on their route.
 */
export const ADMIN_PREFIX = '/api/admin';

export const adminPaths = {
  signIn: definePath('/api/admin/auth/sign-in'),
  signInTotp: definePath('/api/admin/auth/sign-in/totp'),
  setPassword: definePath('/api/admin/auth/set-password'),
  signOut: definePath('/api/admin/auth/sign-out'),
  signOutEverywhere: definePath('/api/admin/auth/sign-out-everywhere'),
  me: definePath('/api/admin/auth/me'),
  totpEnrol: definePath('/api/admin/auth/totp/enrol'),
  totpConfirm: definePath('/api/admin/auth/totp/confirm'),
  totpDisable: definePath('/api/admin/auth/totp/disable'),
  // owner only
  staffList: definePath('/api/admin/staff'),
  staffInvite: definePath('/api/admin/staff'),
  staffDisabled: definePath('/api/admin/staff/:id/disabled'),
  staffRole: definePath('/api/admin/staff/:id/role'),
  staffTotpReset: definePath('/api/admin/staff/:id/totp/reset'),
  staffPasswordLink: definePath('/api/admin/staff/:id/password-link'),
  securitySettings: definePath('/api/admin/security-settings'),
  auditLog: definePath('/api/admin/audit'),
  // staff and owners: customers and the overview
  customers: definePath('/api/admin/customers'),
  customer: definePath('/api/admin/customers/:id'),
  customerActive: definePath('/api/admin/customers/:id/active'),
  overview: definePath('/api/admin/overview'),
} as const;

/** Back-office pages (the storefront app serves them), for links in e-mails. */
export const adminPages = {
  /** Where an invited member sets their password: `?token=`. */
  setPassword: { ar: '/dashboard/set-password', en: '/en/dashboard/set-password' },
  signIn: { ar: '/dashboard/login', en: '/en/dashboard/login' },
} as const;

/**
 * The back-office pages only owners may open (and everything below them): the navigation hides
 * them from staff and the pages answer 403 to staff.
 */
export const ownerOnlyPages: readonly string[] = [
  '/dashboard/settings',
  '/dashboard/staff',
  '/dashboard/audit',
  '/dashboard/einvoices/onboarding',
  '/dashboard/discount-codes/new',
  '/dashboard/promotions/new',
];

/** The back office's cookie: its own name, never the shopper's `session`. */
export const STAFF_SESSION_COOKIE = 'staff_session';
