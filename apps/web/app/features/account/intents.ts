/** The profile page's three forms post to its one action; `intent` says which. */
export const PROFILE_INTENT = {
  edit: 'edit-profile',
  password: 'change-password',
  delete: 'delete-account',
} as const;
export type ProfileIntent = (typeof PROFILE_INTENT)[keyof typeof PROFILE_INTENT];
