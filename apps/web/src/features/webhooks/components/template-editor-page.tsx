import AddRounded from '@mui/icons-material/AddRounded';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  type SaveWebhookTemplateRequest,
  type WebhookField,
  type WebhookTemplateDefinition,
  webhookCategories,
  webhookFieldTypeSchema,
  webhookMethodSchema,
} from '@parley/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { currentUserQuery } from '../../../shared/session/current-user';
import { PageContainer } from '../../../shared/ui/page-container';
import { templateQuery, useSaveTemplate } from '../api/webhooks';
import { PairsEditor } from './pairs-editor';

type Definition = SaveWebhookTemplateRequest['definition'];
type Field = Definition['fields'] extends (infer F)[] | undefined ? F : never;

/** A new template: one field, the address to call, labelled in the author's language. */
const blankDefinition = (addressLabel: string): Definition => ({
  name: '',
  summary: '',
  description: '',
  category: 'developer',
  fields: [
    {
      key: 'url',
      label: addressLabel,
      type: 'url',
      scope: 'instance',
      secret: false,
      required: true,
      help: '',
      example: '',
    },
  ],
  request: {
    method: 'POST',
    url: '{{ fields.url }}',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: '{}',
  },
  responseMapping: [],
});
const newField = (): Field => ({
  key: '',
  label: '',
  type: 'text',
  scope: 'instance',
  secret: false,
  required: true,
  help: '',
  example: '',
});
const mono = { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 };

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        {help && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {help}
          </Typography>
        )}
        <Stack spacing={2} sx={{ mt: 2.5 }}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}

function FieldEditor({
  field,
  onChange,
  onRemove,
}: {
  field: Field;
  onChange: (field: Field) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const set = (patch: Partial<WebhookField>) => onChange({ ...field, ...patch });
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            size="small"
            label={t('editor.fieldLabel')}
            value={field.label}
            onChange={(event) => set({ label: event.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={t('editor.fieldKey')}
            value={field.key}
            onChange={(event) => set({ key: event.target.value })}
            helperText={`fields.${field.key || '…'}`}
            sx={{ flex: 1 }}
          />
          <IconButton
            onClick={onRemove}
            aria-label={t('editor.removeField')}
            sx={{ alignSelf: 'flex-start' }}
          >
            <DeleteOutlineRounded />
          </IconButton>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label={t('editor.fieldType')}
            value={field.type ?? 'text'}
            onChange={(event) => set({ type: webhookFieldTypeSchema.parse(event.target.value) })}
            sx={{ minWidth: 140 }}
          >
            {webhookFieldTypeSchema.options.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`fieldType.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('editor.fieldScope')}
            value={field.scope ?? 'instance'}
            onChange={(event) =>
              set({
                scope: event.target.value === 'bot' ? 'bot' : 'instance',
                ...(event.target.value === 'bot' ? { secret: false } : {}),
              })
            }
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="instance">{t('detail.once')}</MenuItem>
            <MenuItem value="bot">{t('detail.perBot')}</MenuItem>
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={field.secret ?? false}
                disabled={field.scope === 'bot'}
                onChange={(event) => set({ secret: event.target.checked })}
              />
            }
            label={t('detail.secret')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={field.required ?? true}
                onChange={(event) => set({ required: event.target.checked })}
              />
            }
            label={t('editor.required')}
          />
        </Stack>
        <TextField
          size="small"
          label={t('editor.fieldHelp')}
          value={field.help ?? ''}
          onChange={(event) => set({ help: event.target.value })}
        />
        <TextField
          size="small"
          label={field.scope === 'bot' ? t('editor.fieldDefault') : t('editor.fieldExample')}
          value={field.example ?? ''}
          onChange={(event) => set({ example: event.target.value })}
          slotProps={{ htmlInput: { style: mono } }}
        />
      </Stack>
    </Box>
  );
}

function Editor({
  id,
  initial,
}: {
  id: string | null;
  initial: { definition: Definition; visibility: 'public' | 'private'; companyId: string | null };
}) {
  const { t } = useTranslation('webhooks');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const staff = user.company.company_type === 'Internal';
  const [definition, setDefinition] = useState<Definition>(initial.definition);
  const [visibility, setVisibility] = useState(initial.visibility);
  const save = useSaveTemplate(id);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const set = (patch: Partial<Definition>) => setDefinition((current) => ({ ...current, ...patch }));
  const fields = definition.fields ?? [];
  const headers = definition.request.headers ?? [];
  const mapping = definition.responseMapping ?? [];
  const setRequest = (patch: Partial<Definition['request']>) =>
    set({ request: { ...definition.request, ...patch } });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        definition,
        visibility,
        ...(visibility === 'private' && initial.companyId ? { companyId: initial.companyId } : {}),
      },
      {
        onSuccess: (saved) => {
          enqueueSnackbar(t('editor.saved', { name: saved.name }), { variant: 'success' });
          void navigate(`/v2/webhook/marketplace?template=${saved.id}`);
        },
      },
    );
  };

  return (
    <PageContainer>
      <Stack component="form" onSubmit={submit} noValidate spacing={3}>
        <Box>
          <Button
            component={RouterLink}
            to="/v2/webhook/marketplace"
            startIcon={<ArrowBackRounded />}
            size="small"
          >
            {t('create.back')}
          </Button>
          <Typography variant="h1" sx={{ mt: 1 }}>
            {id ? t('editor.editTitle', { name: initial.definition.name }) : t('editor.newTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('editor.subtitle')}
          </Typography>
        </Box>
        {save.error && (
          <Alert severity="error" role="alert">
            {isApiError(save.error) ? save.error.message : t('failed')}
          </Alert>
        )}
        <Section title={t('editor.about')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('editor.name')}
              value={definition.name}
              onChange={(event) => set({ name: event.target.value })}
              required
              sx={{ flex: 1 }}
            />
            <TextField
              select
              label={t('editor.category')}
              value={definition.category}
              onChange={(event) =>
                set({
                  category:
                    webhookCategories.find((category) => category === event.target.value) ?? 'developer',
                })
              }
              sx={{ width: { sm: 220 }, flexShrink: 0 }}
            >
              {webhookCategories.map((category) => (
                <MenuItem key={category} value={category}>
                  {t(`category.${category}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={t('editor.summary')}
            value={definition.summary}
            onChange={(event) => set({ summary: event.target.value })}
            required
          />
          <TextField
            label={t('editor.description')}
            value={definition.description ?? ''}
            onChange={(event) => set({ description: event.target.value })}
            multiline
            minRows={2}
          />
          <TextField
            select
            label={t('editor.visibility')}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value === 'public' ? 'public' : 'private')}
            helperText={staff ? t('editor.visibilityStaff') : t('editor.visibilityCompany')}
          >
            <MenuItem value="private">{t('editor.private')}</MenuItem>
            <MenuItem value="public" disabled={!staff}>
              {t('editor.public')}
            </MenuItem>
          </TextField>
        </Section>
        <Section title={t('editor.fields')} help={t('editor.fieldsHelp')}>
          {fields.map((field, index) => (
            <FieldEditor
              // Fields are edited in place; their order is their identity while their key is typed.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              field={field}
              onChange={(changed) =>
                set({ fields: fields.map((each, at) => (at === index ? changed : each)) })
              }
              onRemove={() => set({ fields: fields.filter((_, at) => at !== index) })}
            />
          ))}
          <Box>
            <Button
              startIcon={<AddRounded />}
              onClick={() => set({ fields: [...fields, newField()] })}
              disabled={fields.length >= 30}
            >
              {t('editor.addField')}
            </Button>
          </Box>
        </Section>
        <Section title={t('editor.request')} help={t('editor.requestHelp')}>
          <Stack direction="row" spacing={1.5}>
            <TextField
              select
              label={t('editor.method')}
              value={definition.request.method ?? 'POST'}
              onChange={(event) => setRequest({ method: webhookMethodSchema.parse(event.target.value) })}
              sx={{ width: 120, flexShrink: 0 }}
            >
              {webhookMethodSchema.options.map((method) => (
                <MenuItem key={method} value={method}>
                  {method}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('editor.url')}
              value={definition.request.url}
              onChange={(event) => setRequest({ url: event.target.value })}
              required
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { style: mono } }}
            />
          </Stack>
          <PairsEditor
            rows={headers}
            columns={[
              { key: 'name', label: t('editor.headerName') },
              { key: 'value', label: t('editor.headerValue'), flex: 2, style: mono },
            ]}
            onChange={(rows) => setRequest({ headers: rows })}
            newRow={{ name: '', value: '' }}
            addLabel={t('editor.addHeader')}
            removeLabel={t('editor.removeHeader')}
          />
          <TextField
            label={t('editor.body')}
            value={definition.request.body ?? ''}
            onChange={(event) => setRequest({ body: event.target.value })}
            multiline
            minRows={4}
            slotProps={{ htmlInput: { style: mono } }}
          />
        </Section>
        <Section title={t('editor.mapping')} help={t('editor.mappingHelp')}>
          <PairsEditor
            rows={mapping}
            columns={[
              { key: 'variable', label: t('editor.variable') },
              { key: 'path', label: t('editor.path'), helperText: t('editor.pathHelp') },
            ]}
            onChange={(rows) => set({ responseMapping: rows })}
            newRow={{ variable: '', path: '' }}
            addLabel={t('editor.addMapping')}
            removeLabel={t('editor.removeMapping')}
          />
        </Section>
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('editor.save')}
          </Button>
        </Box>
      </Stack>
    </PageContainer>
  );
}

/** `/webhook/edit/template/:templateId` (`new` for a new one): a template's fields, request and mapping. */
export function TemplateEditorPage() {
  const { t } = useTranslation('webhooks');
  const { templateId = 'new' } = useParams();
  const isNew = templateId === 'new';
  const { data, error } = useQuery({ ...templateQuery(templateId), enabled: !isNew });
  if (error) throw error;
  if (isNew)
    return (
      <Editor
        id={null}
        initial={{ definition: blankDefinition(t('editor.url')), visibility: 'private', companyId: null }}
      />
    );
  if (!data) return null;
  const definition: WebhookTemplateDefinition = data.definition;
  return (
    <Editor
      key={data.id}
      id={data.id}
      initial={{ definition, visibility: data.visibility, companyId: data.companyId }}
    />
  );
}
