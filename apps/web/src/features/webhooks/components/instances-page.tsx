import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import StorefrontRounded from '@mui/icons-material/StorefrontRounded';
import {
  Box,
  Button,
  Card,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { type WebhookHealth, type WebhookInstanceSummary, webhookHealthDays } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmRemoval } from '../../../shared/ui/confirm-dialog';
import { PageContainer } from '../../../shared/ui/page-container';
import { instanceListQuery, useDeleteInstance } from '../api/webhooks';
import { CategoryBadge } from './category-look';
import { TestInstanceDialog } from './test-instance-dialog';

function HealthLine({ health }: { health: WebhookHealth }) {
  const { t, i18n } = useTranslation('webhooks');
  if (health.deliveries === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('instances.noDeliveries')}
      </Typography>
    );
  const rate = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(health.successRate ?? 0);
  const last = health.lastDeliveryAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(health.lastDeliveryAt),
      )
    : '';
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      {health.lastOk ? (
        <CheckCircleRounded fontSize="small" color="success" aria-label={t('instances.lastOk')} />
      ) : (
        <ErrorRounded fontSize="small" color="error" aria-label={t('instances.lastFailed')} />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('instances.health', { rate, count: health.deliveries, p95: health.p95Ms ?? 0, last })}
      </Typography>
    </Stack>
  );
}

function InstanceRow({
  instance,
  onTest,
  onDelete,
}: {
  instance: WebhookInstanceSummary;
  onTest: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('webhooks');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      alignItems={{ sm: 'center' }}
      sx={{ p: 2.5, '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
    >
      <CategoryBadge category={instance.category} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h2" noWrap>
          {instance.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {instance.templateName}
        </Typography>
        <HealthLine health={instance.health} />
      </Box>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={`/webhook/deliveries?instanceId=${instance.id}`}>
          {t('instances.deliveries')}
        </Button>
        <Button variant="outlined" onClick={onTest}>
          {t('instances.test')}
        </Button>
        <Tooltip title={t('instances.delete')}>
          <IconButton onClick={onDelete} aria-label={t('instances.deleteNamed', { name: instance.name })}>
            <DeleteOutlineRounded />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

const periodOf = (value: string | null) => webhookHealthDays.find((days) => String(days) === value) ?? 7;

/** `/webhook`: the company's installed webhooks with their health over a period (7 days at first). */
export function InstancesPage() {
  const { t } = useTranslation('webhooks');
  const [params, setParams] = useSearchParams();
  const days = periodOf(params.get('days'));
  const { data } = useSuspenseQuery(instanceListQuery(days));
  const testing = params.get('test');
  const [deleting, setDeleting] = useState<WebhookInstanceSummary | null>(null);
  const remove = useDeleteInstance();
  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setTesting = (id: string | null) => setParam('test', id);

  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-end' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1">{t('instances.title')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('instances.subtitle')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexShrink: 0 }}>
          <TextField
            select
            size="small"
            label={t('instances.period')}
            value={days}
            onChange={(event) => setParam('days', event.target.value === '7' ? null : event.target.value)}
            sx={{ width: 160 }}
          >
            {webhookHealthDays.map((option) => (
              <MenuItem key={option} value={option}>
                {t('instances.days', { count: option })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            component={RouterLink}
            to="/webhook/deliveries"
            variant="outlined"
            startIcon={<ReceiptLongRounded />}
          >
            {t('instances.log')}
          </Button>
          <Button
            component={RouterLink}
            to="/v2/webhook/marketplace"
            variant="contained"
            startIcon={<StorefrontRounded />}
          >
            {t('instances.browse')}
          </Button>
        </Stack>
      </Stack>
      <Card variant="outlined">
        {data.instances.map((instance) => (
          <InstanceRow
            key={instance.id}
            instance={instance}
            onTest={() => setTesting(instance.id)}
            onDelete={() => {
              remove.reset();
              setDeleting(instance);
            }}
          />
        ))}
        {data.instances.length === 0 && (
          <Box sx={{ p: 6, textAlign: 'center' }}>
            <Typography variant="h4" component="p">
              {t('instances.emptyTitle')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              {t('instances.empty')}
            </Typography>
            <Button component={RouterLink} to="/v2/webhook/marketplace" variant="outlined">
              {t('instances.browse')}
            </Button>
          </Box>
        )}
      </Card>
      {testing && <TestInstanceDialog id={testing} onClose={() => setTesting(null)} />}
      <ConfirmRemoval
        target={deleting}
        removal={remove}
        words={(name) => ({
          title: t('instances.deleteTitle', { name }),
          text: t('instances.deleteText'),
          confirm: t('instances.delete'),
          removed: t('instances.deleted', { name }),
        })}
        cancelLabel={t('cancel')}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
