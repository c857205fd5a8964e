import { companiesApi, type UpdateCompanySettingsRequest } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../../shared/api/request';
import { userKeys } from '../../../shared/session/current-user';

/**
 * `PATCH /api/companies/:id`. The signed-in user carries the company's name and industry, and
 * reports compare by industry: both are fetched again.
 */
export function useUpdateCompanySettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanySettingsRequest) =>
      callRoute(companiesApi.updateSettings, { params: { id: companyId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
      ]),
    meta: { silent: true },
  });
}
