import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { AgentUsage, SpendingLimit } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentUsageQuery, useAgentSpendingLimit, useSwitchAgent } from '../api/agents-admin';
import { type Period, PeriodSelect } from './agents-dashboard-page';
import { StaffCompanyPicker } from './staff-company-picker';

type UsageAgent = AgentUsage['agents'][number];
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function useFormat(currency: string) {
  const { i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
  return { number: (value: number) => number.format(value), money: (value: number) => money.format(value) };
}

/** What a cap allows, said in a line (`50,000 tokens · €20.00`), or that there is none. */
function useLimitText(currency: string) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat(currency);
  return (limit: SpendingLimit) => {
    const parts = [
      limit.monthlyTokens !== null && t('usage.tokensLimit', { tokens: format.number(limit.monthlyTokens) }),
      limit.monthlyCost !== null && format.money(limit.monthlyCost),
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(' · ') : t('usage.noLimit');
  };
}

function LimitDialog({
  agent,
  currency,
  onClose,
}: {
  agent: UsageAgent;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('agents-admin');
  const [tokens, setTokens] = useState(agent.spendingLimit.monthlyTokens?.toString() ?? '');
  const [cost, setCost] = useState(agent.spendingLimit.monthlyCost?.toString() ?? '');
  const save = useAgentSpendingLimit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        id: agent.id,
        spendingLimit: { monthlyTokens: numberOrNull(tokens), monthlyCost: numberOrNull(cost) },
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>{t('usage.limitTitle', { name: agent.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('usage.limitHelp')}
          </Typography>
          <Stack spacing={2}>
            <TextField
              type="number"
              label={t('cap.tokens')}
              value={tokens}
              onChange={(event) => setTokens(event.target.value)}
              helperText={t('cap.empty')}
              autoFocus
            />
            <TextField
              type="number"
              label={t('cap.cost', { currency })}
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              helperText={t('cap.empty')}
              slotProps={{ htmlInput: { step: 0.01 } }}
            />
            {save.error && <Alert severity="error">{save.error.message}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('usage.saveLimit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The kill switch, asked before: a switched-off agent fails its turns and bots take its failed exit. */
function SwitchOffDialog({ agent, onClose }: { agent: UsageAgent; onClose: () => void }) {
  const { t } = useTranslation('agents-admin');
  const [reason, setReason] = useState('');
  const change = useSwitchAgent();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('usage.offTitle', { name: agent.name })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('usage.offText')}
        </Typography>
        <TextField
          label={t('usage.offReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        {change.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {change.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={change.isPending}
          onClick={() => change.mutate({ id: agent.id, enabled: false, reason }, { onSuccess: onClose })}
        >
          {t('usage.switchOff')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AgentRow({
  agent,
  currency,
  readOnly,
  onLimit,
  onSwitchOff,
}: {
  agent: UsageAgent;
  currency: string;
  readOnly: boolean;
  onLimit: () => void;
  onSwitchOff: () => void;
}) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat(currency);
  const limitText = useLimitText(currency);
  const switchOn = useSwitchAgent();
  return (
    <TableRow hover>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{agent.name}</Typography>
        {!agent.enabled && (
          <Chip
            size="small"
            color="error"
            label={
              agent.disabledReason ? t('usage.offWith', { reason: agent.disabledReason }) : t('usage.off')
            }
          />
        )}
      </TableCell>
      <TableCell align="right">{format.number(agent.totals.conversations)}</TableCell>
      <TableCell align="right">{format.number(agent.totals.turns)}</TableCell>
      <TableCell align="right">{format.number(agent.totals.steps)}</TableCell>
      <TableCell align="right">
        {format.number(agent.totals.promptTokens + agent.totals.completionTokens)}
      </TableCell>
      <TableCell align="right">{format.number(agent.totals.errors)}</TableCell>
      <TableCell align="right">{format.money(agent.totals.cost)}</TableCell>
      <TableCell>
        <Typography variant="body2">
          {t('usage.monthSpend', {
            tokens: format.number(agent.monthTokens),
            cost: format.money(agent.monthCost),
          })}
        </Typography>
        <Button size="small" onClick={onLimit} disabled={readOnly} sx={{ px: 0 }}>
          {limitText(agent.spendingLimit)}
        </Button>
      </TableCell>
      <TableCell align="center">
        <Switch
          checked={agent.enabled}
          disabled={readOnly || switchOn.isPending}
          slotProps={{ input: { 'aria-label': t('usage.switchLabel', { name: agent.name }) } }}
          onChange={(event) =>
            event.target.checked ? switchOn.mutate({ id: agent.id, enabled: true }) : onSwitchOff()
          }
        />
      </TableCell>
    </TableRow>
  );
}

function DaysTable({ usage }: { usage: AgentUsage }) {
  const { t } = useTranslation('agents-admin');
  const format = useFormat(usage.currency);
  const names = new Map(usage.agents.map((agent) => [agent.id, agent.name]));
  const days = [...usage.days].reverse();
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader aria-label={t('usage.perDay')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('usage.day')}</TableCell>
            <TableCell>{t('usage.agent')}</TableCell>
            <TableCell align="right">{t('usage.conversations')}</TableCell>
            <TableCell align="right">{t('usage.turns')}</TableCell>
            <TableCell align="right">{t('usage.steps')}</TableCell>
            <TableCell align="right">{t('usage.tokens')}</TableCell>
            <TableCell align="right">{t('usage.errors')}</TableCell>
            <TableCell align="right">{t('usage.cost')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {days.map((day) => (
            <TableRow key={`${day.day} ${day.agentId}`}>
              <TableCell>{day.day}</TableCell>
              <TableCell>{names.get(day.agentId) ?? '—'}</TableCell>
              <TableCell align="right">{format.number(day.conversations)}</TableCell>
              <TableCell align="right">{format.number(day.turns)}</TableCell>
              <TableCell align="right">{format.number(day.steps)}</TableCell>
              <TableCell align="right">{format.number(day.promptTokens + day.completionTokens)}</TableCell>
              <TableCell align="right">{format.number(day.errors)}</TableCell>
              <TableCell align="right">{format.money(day.cost)}</TableCell>
            </TableRow>
          ))}
          {days.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                {t('usage.noDays')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Admin's usage: per agent and per day, this month's spend against the caps, the kill switch. */
export function AgentsUsage() {
  const { t } = useTranslation('agents-admin');
  const [days, setDays] = useState<Period>(30);
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  const [limiting, setLimiting] = useState<UsageAgent | null>(null);
  const [switching, setSwitching] = useState<UsageAgent | null>(null);
  const now = Date.now();
  const usage = useQuery(
    agentUsageQuery({ from: isoDay(now - (days - 1) * 86_400_000), to: isoDay(now), companyId }),
  );
  const currency = usage.data?.currency ?? 'USD';
  const format = useFormat(currency);
  const limitText = useLimitText(currency);
  // Staff reading another company see its figures; changing them is that company's admins' to do.
  const readOnly = companyId !== undefined;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="h2" sx={{ flex: 1 }}>
          {t('usage.title')}
        </Typography>
        <StaffCompanyPicker value={companyId} onChange={setCompanyId} />
        <PeriodSelect value={days} onChange={setDays} />
      </Stack>
      {usage.error && <Alert severity="error">{usage.error.message}</Alert>}
      {usage.isPending && <CircularProgress aria-label={t('loading')} />}
      {usage.data && (
        <>
          <Alert severity="info" icon={false}>
            {t('usage.companyMonth', {
              tokens: format.number(usage.data.month.tokens),
              cost: format.money(usage.data.month.cost),
              limit: limitText(usage.data.month.spendingLimit),
            })}
          </Alert>
          <Card variant="outlined">
            <TableContainer>
              <Table size="small" aria-label={t('usage.perAgent')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('usage.agent')}</TableCell>
                    <TableCell align="right">{t('usage.conversations')}</TableCell>
                    <TableCell align="right">{t('usage.turns')}</TableCell>
                    <TableCell align="right">{t('usage.steps')}</TableCell>
                    <TableCell align="right">{t('usage.tokens')}</TableCell>
                    <TableCell align="right">{t('usage.errors')}</TableCell>
                    <TableCell align="right">{t('usage.cost')}</TableCell>
                    <TableCell>{t('usage.thisMonth')}</TableCell>
                    <TableCell align="center">{t('usage.enabled')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {usage.data.agents.map((agent) => (
                    <AgentRow
                      key={agent.id}
                      agent={agent}
                      currency={currency}
                      readOnly={readOnly}
                      onLimit={() => setLimiting(agent)}
                      onSwitchOff={() => setSwitching(agent)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {usage.data.agents.length === 0 && (
              <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>{t('usage.noAgents')}</Box>
            )}
          </Card>
          <Typography variant="h3">{t('usage.perDay')}</Typography>
          <Card variant="outlined">
            <DaysTable usage={usage.data} />
          </Card>
        </>
      )}
      {limiting && <LimitDialog agent={limiting} currency={currency} onClose={() => setLimiting(null)} />}
      {switching && <SwitchOffDialog agent={switching} onClose={() => setSwitching(null)} />}
    </Stack>
  );
}
