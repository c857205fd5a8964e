import { Autocomplete, TextField } from '@mui/material';
import type { CompanySummary } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../../shared/session/current-user';
import { staffCompaniesQuery } from '../api/agents-admin';

/**
 * For Parley staff (the Internal company) only: which company's figures to read. Everyone else
 * reads their own company and sees nothing here.
 */
export function StaffCompanyPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (companyId: string | undefined) => void;
}) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (user.company.company_type !== 'Internal') return null;
  return <Picker value={value ?? user.company.id} ownId={user.company.id} onChange={onChange} />;
}

function Picker({
  value,
  ownId,
  onChange,
}: {
  value: string;
  ownId: string;
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
      onChange={(_event, company) => onChange(company && company.id !== ownId ? company.id : undefined)}
      renderInput={(params) => <TextField {...params} label={t('staff.company')} />}
    />
  );
}
