import { Autocomplete, TextField } from '@mui/material';
import type { CompanySummary } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../../shared/session/current-user';
import { staffCompaniesQuery } from '../api/agents-admin';

/** Whether the signed-in person is Parley staff (of the Internal company), who read every company. */
export function useIsStaff(): boolean {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return user.company.company_type === 'Internal';
}

/**
 * For Parley staff (the Internal company) only: which company's figures to read. Everyone else
 * reads their own company and sees nothing here. With `everyCompany`, nothing picked (undefined)
 * means every company; otherwise it means the staff member's own.
 */
export function StaffCompanyPicker({
  value,
  onChange,
  everyCompany = false,
}: {
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
  everyCompany?: boolean;
}) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (user.company.company_type !== 'Internal') return null;
  return everyCompany ? (
    <Picker value={value} onChange={onChange} />
  ) : (
    <Picker
      value={value ?? user.company.id}
      onChange={(companyId) => onChange(companyId === user.company.id ? undefined : companyId)}
    />
  );
}

function Picker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
}) {
  const { t } = useTranslation('agents-admin');
  const [search, setSearch] = useState('');
  const companies = useQuery(staffCompaniesQuery(search));
  const options = companies.data?.items ?? [];
  const selected = options.find((company) => company.id === value) ?? null;
  return (
    <Autocomplete<CompanySummary>
      size="small"
      sx={{ width: 280 }}
      options={options}
      value={selected}
      loading={companies.isPending}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      onInputChange={(_event, text, reason) => reason === 'input' && setSearch(text)}
      onChange={(_event, company) => onChange(company?.id)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('staff.company')}
          {...(value === undefined && {
            // Nothing picked reads "every company", said in the field.
            placeholder: t('staff.everyCompany'),
            slotProps: { inputLabel: { ...params.InputLabelProps, shrink: true } },
          })}
        />
      )}
    />
  );
}
