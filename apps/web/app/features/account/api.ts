import { apiPaths } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/*
 * The profile page's action calls; each returns the raw Response for the form helper to read.
 */

/** Multipart: UserName, UserPhone, UserEmail and, when chosen, the userImage file. */
export function updateProfile(api: ApiClient, userId: string, form: FormData) {
  return api.raw('PUT', apiPaths.updateUser.build({ id: userId }), { body: form });
}

export function changePassword(
  api: ApiClient,
  userId: string,
  input: { oldPassword: string; password: string },
) {
  return api.raw('PUT', apiPaths.changePassword.build({ id: userId }), { body: input });
}

/** Deleting the account is a soft deactivation sent as `status: false`. */
export function deactivateAccount(api: ApiClient, userId: string, password: string) {
  return api.raw('PUT', apiPaths.deactivateUser.build({ id: userId }), { body: { password, status: false } });
}
