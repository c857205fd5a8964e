import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { WebhookField } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { CodeBlock } from '../../../shared/ui/code-block';
import { PageContainer } from '../../../shared/ui/page-container';
import { templateQuery, useCreateInstance } from '../api/webhooks';
import { CategoryBadge } from './category-look';

/** A signing secret made in the browser, so the person can copy it: the server never sends one back. */
function newSigningSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `whsec_${btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}`;
}

const inputType = (field: WebhookField) =>
  field.secret ? 'password' : field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text';

/** The problems the server named, by field (a ValidationException's `details.fields`). */
function fieldProblems(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.name !== 'ValidationException') return {};
  const details = error.details as { fields?: Record<string, string> } | undefined;
  return details?.fields ?? {};
}

/** `/webhook/create/instance/:templateId`: fill a template's fields once and name the webhook. */
export function CreateInstancePage() {
  const { t, i18n } = useTranslation('webhooks');
  const { templateId = '' } = useParams();
  const { data: template } = useSuspenseQuery(templateQuery(templateId, i18n.resolvedLanguage));
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateInstance();
  const [name, setName] = useState(template.name);
  const [values, setValues] = useState<Record<string, string>>({});
  const [signingSecret] = useState(newSigningSecret);
  const fields = template.definition.fields.filter((field) => field.scope === 'instance');
  const botFields = template.definition.fields.filter((field) => field.scope === 'bot');
  const problems = fieldProblems(create.error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { templateId, name, fields: values, signingSecret },
      {
        onSuccess: (instance) => {
          enqueueSnackbar(t('create.saved', { name: instance.name }), { variant: 'success' });
          void navigate(`/webhook?test=${instance.id}`);
        },
      },
    );
  };

  return (
    <PageContainer width="form">
      <Box>
        <Button
          component={RouterLink}
          to={`/v2/webhook/marketplace?template=${templateId}`}
          startIcon={<ArrowBackRounded />}
          size="small"
        >
          {t('create.back')}
        </Button>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
          <CategoryBadge category={template.category} size={52} />
          <Box>
            <Typography variant="h1">{t('create.title', { name: template.name })}</Typography>
            <Typography color="text.secondary">{template.summary}</Typography>
          </Box>
        </Stack>
      </Box>
      <Card component="form" onSubmit={submit} noValidate>
        <CardContent sx={{ p: 3 }}>
          <Stack spacing={2.5}>
            {create.error && !Object.keys(problems).length && (
              <Alert severity="error" role="alert">
                {isApiError(create.error) ? create.error.message : t('failed')}
              </Alert>
            )}
            {template.definition.description && (
              <Typography variant="body2" color="text.secondary">
                {template.definition.description}
              </Typography>
            )}
            <TextField
              label={t('create.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              helperText={t('create.nameHelp')}
              required
            />
            {fields.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                type={inputType(field)}
                required={field.required}
                multiline={field.type === 'multiline'}
                minRows={field.type === 'multiline' ? 3 : undefined}
                autoComplete={field.secret ? 'new-password' : 'off'}
                placeholder={field.example}
                value={values[field.key] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.key]: event.target.value }))
                }
                error={Boolean(problems[field.key])}
                helperText={
                  problems[field.key] ??
                  (field.secret ? t('create.secretHelp', { help: field.help }) : field.help)
                }
              />
            ))}
            {botFields.length > 0 && (
              <Alert severity="info">
                {t('create.botFields', { fields: botFields.map((field) => field.label).join(', ') })}
              </Alert>
            )}
            <Box>
              <Typography variant="subtitle1" component="h2" fontWeight={650} gutterBottom>
                {t('create.signing')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t('create.signingHelp')}
              </Typography>
              <CodeBlock code={signingSecret} label={t('create.signing')} />
            </Box>
            <Box>
              <Button type="submit" variant="contained" disabled={create.isPending || !name.trim()}>
                {create.isPending ? t('saving') : t('create.save')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
