import AddRounded from '@mui/icons-material/AddRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  type WebhookCategory,
  type WebhookTemplateSummary,
  webhookCategorySchema,
  webhookTemplateListQuerySchema,
} from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container';
import { templateListQuery, templateQuery } from '../api/webhooks';
import { CategoryBadge } from './category-look';
import { RequestPreview } from './request-preview';

/** The longest search the server takes (longer is refused, and no template would show). */
const SEARCH_MAX_LENGTH = webhookTemplateListQuerySchema.shape.search.unwrap().maxLength ?? 100;

function TemplateCard({ template, onOpen }: { template: WebhookTemplateSummary; onOpen: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea onClick={onOpen} sx={{ height: '100%', p: 2.5, alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={2} alignItems="flex-start">
          <CategoryBadge category={template.category} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h2">
              {template.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {template.summary}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              <Chip size="small" label={t(`category.${template.category}`)} />
              {template.visibility === 'private' && (
                <Chip size="small" variant="outlined" icon={<LockOutlined />} label={t('private')} />
              )}
            </Stack>
          </Box>
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function TemplateDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const { data: template, error } = useQuery(templateQuery(id, i18n.resolvedLanguage));
  const titleId = 'webhook-template-title';
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      {error && <Alert severity="error">{t('detail.notFound')}</Alert>}
      {template && (
        <>
          <DialogTitle id={titleId} component="div">
            <Stack direction="row" spacing={2} alignItems="center">
              <CategoryBadge category={template.category} />
              <Box>
                <Typography variant="h3" component="h2">
                  {template.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {template.summary}
                </Typography>
              </Box>
            </Stack>
          </DialogTitle>
          <DialogContent dividers>
            <Stack spacing={3}>
              {template.definition.description && (
                <Typography variant="body2">{template.definition.description}</Typography>
              )}
              <Box>
                <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                  {t('detail.needs')}
                </Typography>
                <Stack spacing={1.25}>
                  {template.definition.fields.map((field) => (
                    <Stack key={field.key} direction="row" spacing={1} alignItems="baseline" flexWrap="wrap">
                      <Typography variant="body2" fontWeight={600}>
                        {field.label}
                      </Typography>
                      {field.secret && (
                        <Chip
                          size="small"
                          variant="outlined"
                          icon={<LockOutlined />}
                          label={t('detail.secret')}
                        />
                      )}
                      <Chip
                        size="small"
                        color={field.scope === 'bot' ? 'primary' : 'default'}
                        variant="outlined"
                        label={field.scope === 'bot' ? t('detail.perBot') : t('detail.once')}
                      />
                      {!field.required && (
                        <Typography variant="caption" color="text.secondary">
                          {t('detail.optional')}
                        </Typography>
                      )}
                      {field.help && (
                        <Typography variant="body2" color="text.secondary" sx={{ flexBasis: '100%' }}>
                          {field.help}
                        </Typography>
                      )}
                    </Stack>
                  ))}
                  {template.definition.fields.length === 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {t('detail.nothing')}
                    </Typography>
                  )}
                </Stack>
              </Box>
              <Box>
                <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                  {t('detail.exampleRequest')}
                </Typography>
                {template.exampleRequest ? (
                  <RequestPreview request={template.exampleRequest} label={t('detail.exampleRequest')} />
                ) : (
                  <Alert severity="warning">{template.exampleError}</Alert>
                )}
              </Box>
              {template.definition.responseMapping.length > 0 && (
                <Box>
                  <Typography variant="subtitle1" component="h3" fontWeight={650} gutterBottom>
                    {t('detail.mapsTo')}
                  </Typography>
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    {template.definition.responseMapping.map((mapping) => (
                      <Chip
                        key={mapping.variable}
                        label={`${mapping.variable} ← ${mapping.path || t('detail.wholeAnswer')}`}
                        sx={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
                      />
                    ))}
                  </Stack>
                </Box>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button onClick={onClose}>{t('close')}</Button>
            {template.editable && (
              <Button component={RouterLink} to={`/webhook/edit/template/${template.id}`}>
                {t('detail.edit')}
              </Button>
            )}
            <Button variant="contained" component={RouterLink} to={`/webhook/create/instance/${template.id}`}>
              {t('detail.install')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** `/v2/webhook/marketplace`: the templates a company can install, searched and by category. */
export function MarketplacePage() {
  const { t, i18n } = useTranslation('webhooks');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const category = webhookCategorySchema.safeParse(params.get('category')).data;
  const open = params.get('template');
  const deferredSearch = useDeferredValue(search);
  const { data, error } = useQuery(
    templateListQuery({ search: deferredSearch.trim(), category, language: i18n.resolvedLanguage }),
  );
  const change = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'search' },
    );
  const total = data?.categories.reduce((sum, entry) => sum + entry.count, 0) ?? 0;

  return (
    <PageContainer>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-end' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h1">{t('marketplace.title')}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('marketplace.subtitle')}
          </Typography>
        </Box>
        <Button component={RouterLink} to="/webhook" variant="outlined">
          {t('marketplace.mine')}
        </Button>
        <Button
          component={RouterLink}
          to="/webhook/edit/template/new"
          variant="contained"
          startIcon={<AddRounded />}
        >
          {t('marketplace.write')}
        </Button>
      </Stack>
      <TextField
        value={search}
        onChange={(event) => change('search', event.target.value.slice(0, SEARCH_MAX_LENGTH))}
        placeholder={t('marketplace.search')}
        slotProps={{
          htmlInput: { 'aria-label': t('marketplace.search'), maxLength: SEARCH_MAX_LENGTH },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack
        direction="row"
        spacing={1}
        flexWrap="wrap"
        useFlexGap
        role="group"
        aria-label={t('marketplace.categories')}
      >
        <Chip
          label={t('marketplace.all', { count: total })}
          color={category ? 'default' : 'primary'}
          variant={category ? 'outlined' : 'filled'}
          onClick={() => change('category', undefined)}
        />
        {data?.categories
          .filter((entry) => entry.count > 0)
          .map((entry) => (
            <Chip
              key={entry.category}
              label={`${t(`category.${entry.category}`)} · ${entry.count}`}
              color={category === entry.category ? 'primary' : 'default'}
              variant={category === entry.category ? 'filled' : 'outlined'}
              onClick={() => change('category', entry.category as WebhookCategory)}
            />
          ))}
      </Stack>
      {error && <Alert severity="error">{t('marketplace.failed')}</Alert>}
      {data && data.templates.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {t('marketplace.empty')}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {data?.templates.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            onOpen={() => change('template', template.id)}
          />
        ))}
      </Box>
      {open && <TemplateDetail id={open} onClose={() => change('template', undefined)} />}
    </PageContainer>
  );
}
