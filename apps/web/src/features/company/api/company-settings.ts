import { companySettingsSchema, type UpdateCompanySettingsRequest } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/api/request';
import { userKeys } from '../../../shared/session/current-user';

/**
 * `PATCH /api/companies/:id`. The signed-in user carries the company's name and industry, and
 * reports compare by industry: both are fetched again.
 */
export function useUpdateCompanySettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsRequest) =>
      http.patch(`/api/companies/${companyId}`, { body, schema: companySettingsSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
      ]),
    meta: { silent: true },
  });
}
