import { authApi, type ChangePasswordRequest, type UpdateProfileRequest, usersApi } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { saveAuthRecord } from '../../../shared/auth/auth-record';
import { userKeys } from '../../../shared/session/current-user';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callRoute(usersApi.updateProfile, { body }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}

/** The answer is a fresh session (the change ends all others, this one included). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => callRoute(authApi.changePassword, { body }),
    onSuccess: (record) => saveAuthRecord(record),
    meta: { silent: true },
  });
}
