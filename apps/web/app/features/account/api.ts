import { apiPaths, okSchema, userOkSchema } from '@shop/contract';
import type { ApiClient } from '../../lib/api.ts';

/** Multipart (spec §7): UserName, UserPhone, UserEmail and, when chosen, the userImage file. */
export function updateProfile(api: ApiClient, userId: string, form: FormData) {
  return api.put(apiPaths.updateUser.build({ id: userId }), userOkSchema, { body: form });
}

export function changePassword(
  api: ApiClient,
  userId: string,
  input: { oldPassword: string; password: string },
) {
  return api.put(apiPaths.changePassword.build({ id: userId }), okSchema, { body: input });
}

/** Spec §4: deleting the account is a soft deactivation sent as `status: false`. */
export function deactivateAccount(api: ApiClient, userId: string, password: string) {
  return api.put(apiPaths.deactivateUser.build({ id: userId }), okSchema, {
    body: { password, status: false },
  });
}
