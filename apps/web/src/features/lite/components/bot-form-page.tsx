import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import {
  defaultLiteHours,
  type LiteAnswers,
  type LiteAnswersInput,
  type LiteBot,
  liteAnswersSchema,
} from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentUserQuery } from '../../../shared/session/current-user';
import { useAttachCatalogue, useCreateLiteBot } from '../api/lite';
import {
  type AnswersForm,
  AnswersSection,
  BusinessFields,
  ContactFields,
  HoursFields,
  PurposeField,
  VoiceFields,
} from './answer-fields';
import { type CatalogueChoice, type CatalogueSlot, FaqFields } from './faq-fields';
import { TryAndPublish } from './try-and-publish';

const steps = ['business', 'purpose', 'voice', 'hours', 'faqs', 'contact'] as const;
type StepName = (typeof steps)[number];
/** What the stepper shows: the form's steps, then trying and publishing the bot it built. */
const stepperSteps = [...steps, 'publish'] as const;

/** The answers each step asks, checked before the next step opens. */
const fieldsOf: Record<StepName, FieldPath<LiteAnswersInput>[]> = {
  business: ['businessName', 'website'],
  purpose: ['purpose'],
  voice: ['tone', 'language', 'greeting'],
  hours: ['hours'],
  faqs: ['faqs'],
  contact: ['contact'],
};

function StepFields({
  step,
  form,
  catalogue,
}: {
  step: StepName;
  form: AnswersForm;
  catalogue: CatalogueSlot;
}) {
  switch (step) {
    case 'business':
      return <BusinessFields form={form} />;
    case 'purpose':
      return <PurposeField form={form} />;
    case 'voice':
      return <VoiceFields form={form} />;
    case 'hours':
      return <HoursFields form={form} />;
    case 'faqs':
      return <FaqFields form={form} catalogue={catalogue} />;
    case 'contact':
      return <ContactFields form={form} />;
  }
}

/** `/v2/lite/bot-form-creation`: a working bot in a few questions, then tried, published and embedded. */
export function BotFormPage() {
  const { t, i18n } = useTranslation('lite');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const create = useCreateLiteBot();
  const attach = useAttachCatalogue();
  const [catalogue, setCatalogue] = useState<CatalogueChoice | null>(null);
  const [index, setIndex] = useState(0);
  const [created, setCreated] = useState<LiteBot | null>(null);
  const form: AnswersForm = useForm<LiteAnswersInput, unknown, LiteAnswers>({
    resolver: zodResolver(liteAnswersSchema),
    mode: 'onTouched',
    defaultValues: {
      businessName: user.company.name,
      website: '',
      purpose: 'questions',
      tone: 'friendly',
      language: i18n.language.startsWith('es') ? 'es' : 'en',
      greeting: '',
      hours: defaultLiteHours(),
      faqs: [{ question: '', answer: '' }],
      contact: { email: user.email, phone: '', handoff: 'inbox' },
    },
  });
  const step = steps[index] ?? 'business';
  const last = index === steps.length - 1;

  const next = async () => {
    if (!(await form.trigger(fieldsOf[step], { shouldFocus: true }))) return;
    const { purpose, faqs } = form.getValues();
    if (step === 'faqs' && purpose === 'questions' && faqs.length === 0) {
      form.setError('faqs', { type: 'required' });
      return;
    }
    if (!last) {
      setIndex(index + 1);
      return;
    }
    await form.handleSubmit((answers) =>
      create.mutate(answers, {
        onSuccess: (bot) => {
          // The bot stands on its own: a catalogue that fails to attach is said beside it, not lost silently.
          if (catalogue) attach.mutate({ botId: bot.id, file: catalogue.file });
          setCreated(bot);
        },
      }),
    )();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Box>
        <Button component={Link} to="/v2/lite" startIcon={<ArrowBackRounded />} size="small" sx={{ mb: 1 }}>
          {t('form.back')}
        </Button>
        <Typography variant="h1">{created ? t('form.createdTitle') : t('form.title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {created ? t('form.createdSubtitle', { name: created.bot.name }) : t('form.subtitle')}
        </Typography>
      </Box>
      <Stepper activeStep={created ? steps.length : index} alternativeLabel aria-label={t('form.progress')}>
        {stepperSteps.map((name) => (
          <Step key={name}>
            <StepLabel>{t(`steps.${name}.label`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {created ? (
        <Stack spacing={2}>
          {catalogue && attach.isSuccess && (
            <Alert severity="info">{t('catalogue.attached', { file: catalogue.file.name })}</Alert>
          )}
          {attach.error && (
            <Alert severity="warning">
              {t('catalogue.failed', { file: catalogue?.file.name, reason: attach.error.message })}
            </Alert>
          )}
          <TryAndPublish liteBot={created} />
        </Stack>
      ) : (
        <Card
          component="form"
          noValidate
          aria-label={t(`steps.${step}.title`)}
          onSubmit={(event) => {
            event.preventDefault();
            void next();
          }}
        >
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Stack spacing={3}>
              <Typography variant="overline" color="text.secondary">
                {t('form.stepOf', { number: index + 1, total: stepperSteps.length })}
              </Typography>
              <AnswersSection title={t(`steps.${step}.title`)} help={t(`steps.${step}.help`)}>
                <StepFields
                  step={step}
                  form={form}
                  catalogue={{ value: catalogue, onChange: setCatalogue }}
                />
              </AnswersSection>
              {create.error && <Alert severity="error">{create.error.message}</Alert>}
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between', pt: 1 }}>
                <Button
                  variant="text"
                  startIcon={<ArrowBackRounded />}
                  disabled={index === 0}
                  onClick={() => setIndex(index - 1)}
                >
                  {t('form.previous')}
                </Button>
                <Button
                  type="submit"
                  variant="contained"
                  size="large"
                  endIcon={last ? undefined : <ArrowForwardRounded />}
                  disabled={create.isPending}
                >
                  {last ? (create.isPending ? t('form.creating') : t('form.create')) : t('form.next')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
