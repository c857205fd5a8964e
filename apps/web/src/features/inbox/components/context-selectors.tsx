import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import type { CompanySummary } from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserQuery } from '../../../shared/session/current-user';
import { companiesQuery, companyBotsQuery, companyQueryById } from '../api/inbox-api';

/** Parley staff pick any company (searched on the server); everyone else sees their own. */
function CompanySelector({ companyId, onChange }: { companyId: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('inbox');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const staff = user.company.company_type === 'Internal';
  const selected = useQuery({
    ...companyQueryById(companyId),
    enabled: staff && companyId !== user.company.id,
  });
  const options = useQuery({ ...companiesQuery(search), enabled: staff });

  if (!staff) {
    return (
      <TextField
        size="small"
        label={t('context.company')}
        value={user.company.name}
        slotProps={{ input: { readOnly: true } }}
        sx={{ width: 220 }}
      />
    );
  }
  const own: CompanySummary = {
    id: user.company.id,
    name: user.company.name,
    company_type: user.company.company_type,
  };
  const value = companyId === own.id ? own : (selected.data ?? null);
  return (
    <Autocomplete
      size="small"
      sx={{ width: 260 }}
      value={value}
      options={options.data?.items ?? []}
      loading={options.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(company) => company.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      onOpen={() => setInput('')}
      onChange={(_, company) => company && onChange(company.id)}
      disableClearable={value !== null}
      renderInput={(params) => <TextField {...params} label={t('context.company')} />}
      renderOption={(props, company) => (
        <li {...props} key={company.id}>
          {company.name}
          {company.company_type === 'Internal' ? ` · ${t('context.internal')}` : ''}
        </li>
      )}
      noOptionsText={t('context.noCompanies')}
    />
  );
}

function BotSelector({
  companyId,
  botId,
  onChange,
}: {
  companyId: string | undefined;
  botId: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useTranslation('inbox');
  const bots = useQuery(companyBotsQuery(companyId));
  const items = bots.data?.items ?? [];
  // A bot from the address that is not in the list yet still shows while the list loads.
  const value = botId && (bots.isPending || items.some((bot) => bot.id === botId)) ? botId : '';
  return (
    <TextField
      select
      size="small"
      label={t('context.bot')}
      value={value}
      onChange={(event) => onChange(event.target.value || undefined)}
      sx={{ width: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      error={bots.isError}
      helperText={bots.isError ? t('context.botsFailed') : undefined}
    >
      <MenuItem value="">{t('context.allBots')}</MenuItem>
      {bots.isPending && botId && <MenuItem value={botId}>{t('context.loadingBots')}</MenuItem>}
      {items.map((bot) => (
        <MenuItem key={bot.id} value={bot.id}>
          {bot.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The company and bot the inbox is about (spec §6: they scope everything below). */
export function ContextSelectors({
  companyId,
  botId,
  onChange,
}: {
  companyId: string;
  botId: string | undefined;
  onChange: (context: { companyId: string; botId: string | undefined }) => void;
}) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
      <CompanySelector
        companyId={companyId}
        onChange={(id) => onChange({ companyId: id, botId: undefined })}
      />
      <BotSelector
        companyId={companyId}
        botId={botId}
        onChange={(id) => onChange({ companyId, botId: id })}
      />
    </Stack>
  );
}
