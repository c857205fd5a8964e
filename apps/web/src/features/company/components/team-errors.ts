import { teamErrorReasonSchema } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';

/** Why a team change was refused, in the reader's language (the server names the reason). */
export function useTeamErrorMessage() {
  const { t } = useTranslation('company');
  return (error: unknown): string => {
    const reason = teamErrorReasonSchema.safeParse(
      isApiError(error) ? (error.details as { reason?: unknown } | undefined)?.reason : undefined,
    );
    return reason.success ? t(`team.errors.${reason.data}`) : t('team.errors.failed');
  };
}
