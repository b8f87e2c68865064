import { apiPaths, type LoginInput, type RegisterInput } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/**
 * Account calls of the login, register and password pages' actions. They return the raw
 * Response: the action reads it with the answer's schema and passes the API's Set-Cookie on
 * (the httpOnly session cookie; the token in the login answer is for Bearer clients and is
 * deliberately not kept, never in localStorage).
 */
export function logIn(api: ApiClient, input: LoginInput) {
  return api.raw('POST', apiPaths.login.build({}), { body: input });
}

export function register(api: ApiClient, input: RegisterInput) {
  return api.raw('POST', apiPaths.register.build({}), { body: input });
}

export function requestPasswordReset(api: ApiClient, input: { userEmail: string }) {
  return api.raw('POST', apiPaths.forgotPassword.build({}), { body: input });
}

export function confirmEmail(api: ApiClient, input: { token: string }) {
  return api.raw('POST', apiPaths.confirmEmail.build({}), { body: input });
}

export function resetPassword(
  api: ApiClient,
  input: { token: string; password: string; confirmPassword?: string },
) {
  return api.raw('POST', apiPaths.resetPassword.build({}), {
    body: { ...input, confirmPassword: input.confirmPassword ?? '' },
  });
}
