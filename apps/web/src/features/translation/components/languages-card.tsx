import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  Stack,
  Typography,
} from '@mui/material';
import { type TranslationLanguage, translationLanguages } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/session/current-user';
import { botTranslationQuery, useSaveBotLanguages } from '../api/translation';

/** A language's name in the reader's language, capitalised as a label. */
export function useLanguageName() {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  return (code: string) => {
    const name = names.of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  };
}

/** The bot's own language and the ones it offers its visitors, with this month's translation usage. */
export function LanguagesCard({ botId }: { botId: string }) {
  const { data: translation } = useSuspenseQuery(botTranslationQuery(botId));
  const { t, i18n } = useTranslation('translation');
  const { enqueueSnackbar } = useSnackbar();
  const canManage = useCan('bots:manage');
  const languageName = useLanguageName();
  const [offered, setOffered] = useState<TranslationLanguage[]>(translation.offeredLanguages);
  const save = useSaveBotLanguages(botId);
  const choices = translationLanguages.filter((language) => language !== translation.mainLanguage);
  const changed = offered.join() !== translation.offeredLanguages.join();
  const needsKey = !translation.provider.configured;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <div>
            <Typography variant="h3" component="h2">
              {t('languages.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('languages.subtitle')}
            </Typography>
          </div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2">{t('languages.main')}</Typography>
            <Chip label={languageName(translation.mainLanguage)} />
          </Stack>
          <FormGroup row role="group" aria-label={t('languages.offered')} sx={{ columnGap: 2 }}>
            {choices.map((language) => (
              <FormControlLabel
                key={language}
                disabled={!canManage || (needsKey && !offered.includes(language))}
                control={
                  <Checkbox
                    checked={offered.includes(language)}
                    onChange={(event) =>
                      setOffered((current) =>
                        event.target.checked
                          ? choices.filter((choice) => choice === language || current.includes(choice))
                          : current.filter((choice) => choice !== language),
                      )
                    }
                  />
                }
                label={languageName(language)}
              />
            ))}
          </FormGroup>
          {needsKey && <Alert severity="info">{t('languages.needsKey')}</Alert>}
          {save.error && <Alert severity="error">{save.error.message}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {canManage && (
              <Button
                variant="contained"
                disabled={!changed || save.isPending}
                onClick={() =>
                  save.mutate(
                    { offeredLanguages: offered },
                    { onSuccess: () => enqueueSnackbar(t('languages.saved'), { variant: 'success' }) },
                  )
                }
              >
                {t('languages.save')}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('languages.usage', {
                count: translation.usage.requests,
                characters: number.format(translation.usage.characters),
              })}
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
