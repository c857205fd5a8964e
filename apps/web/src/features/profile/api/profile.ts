import {
  authRecordSchema,
  type ChangePasswordRequest,
  currentUserSchema,
  type UpdateProfileRequest,
} from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/request';
import { saveAuthRecord } from '../../../shared/auth/auth-record';
import { userKeys } from '../../../shared/session/current-user';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      http.patch('/api/frontend/user/me', { body, schema: currentUserSchema }),
    onSuccess: (user) => queryClient.setQueryData(userKeys.me(), user),
  });
}

/** The answer is a fresh session (the change ends all others, this one included). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      http.post('/api/frontend/user/me/password', { body, schema: authRecordSchema }),
    onSuccess: (record) => saveAuthRecord(record),
    meta: { silent: true },
  });
}
