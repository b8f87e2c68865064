/** After a profile edit, a password change or a deletion, act after 1.5 s. */
export const ACCOUNT_REDIRECT_MS = 1500;
