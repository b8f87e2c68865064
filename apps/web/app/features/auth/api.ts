import {
  apiPaths,
  loginResponseSchema,
  okSchema,
  userOkSchema,
  type LoginInput,
  type RegisterInput,
} from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/**
 * Account calls made from the browser. The API sets and clears the httpOnly session cookie
 * itself; the token in the login answer is for Bearer clients and is deliberately not kept
 * (DESIGN.md §3: never in localStorage).
 */
export function logIn(api: ApiClient, input: LoginInput) {
  return api.post(apiPaths.login.build({}), loginResponseSchema, { body: input });
}

export function register(api: ApiClient, input: RegisterInput) {
  return api.post(apiPaths.register.build({}), userOkSchema, { body: input });
}

export function requestPasswordReset(api: ApiClient, userEmail: string) {
  return api.post(apiPaths.forgotPassword.build({}), okSchema, { body: { userEmail } });
}

export function resetPassword(
  api: ApiClient,
  input: { token: string; password: string; confirmPassword: string },
) {
  return api.post(apiPaths.resetPassword.build({}), okSchema, { body: input });
}
