/** Timings of the account screens, in milliseconds (docs/requirements/rules.md, Timings). */
export const AFTER_LOGIN_REDIRECT_MS = 1500;
export const REGISTER_DIALOG_CLOSE_MS = 2000;
