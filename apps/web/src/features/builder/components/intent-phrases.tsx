import CloseRounded from '@mui/icons-material/CloseRounded';
import { Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { Intent } from '@parley/flow';
import { DEFAULT_NLU_LIMITS } from '@parley/flow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';
import type { BuilderStore } from '../model/builder-store';
import { MAX_PHRASES, setIntentPhrases } from '../model/intents';

/** An intent's training phrases: add one (Enter), remove any. */
export function IntentPhrases({ store, intent }: { store: BuilderStore; intent: Intent }) {
  const { t } = useTranslation('builder');
  const [phrase, setPhrase] = useState('');
  // The server's bound on a phrase, so the box never takes one the model would refuse.
  const maxLength = (useQuery(frontendConfigQuery).data?.nlu ?? DEFAULT_NLU_LIMITS).maxUtteranceLength;
  const apply = store.getState().apply;
  const full = intent.utterances.length >= MAX_PHRASES;
  const repeated = intent.utterances.some((other) => other.toLowerCase() === phrase.trim().toLowerCase());
  const add = () => {
    if (!phrase.trim() || repeated || full) return;
    apply((flow) => setIntentPhrases(flow, intent.name, [...intent.utterances, phrase]));
    setPhrase('');
  };
  return (
    <Stack spacing={1}>
      <Stack
        direction="row"
        spacing={1}
        alignItems="flex-start"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <TextField
          size="small"
          label={t('intents.addPhrase')}
          value={phrase}
          onChange={(event) => setPhrase(event.target.value.slice(0, maxLength))}
          error={repeated}
          helperText={
            repeated
              ? t('intents.phraseTaken')
              : full
                ? t('intents.phrasesFull', { limit: MAX_PHRASES })
                : t('intents.addPhraseHelp')
          }
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="small"
          disabled={!phrase.trim() || repeated || full}
          sx={{ mt: 0.5 }}
        >
          {t('intents.add')}
        </Button>
      </Stack>
      {intent.utterances.length === 0 ? (
        <Typography variant="body2" color="warning.main">
          {t('intents.noPhrases')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t('intents.phrasesOf', { name: intent.name })} sx={{ m: 0, p: 0 }}>
          {intent.utterances.map((utterance) => (
            <Stack
              key={utterance}
              component="li"
              direction="row"
              alignItems="center"
              spacing={0.5}
              sx={{
                listStyle: 'none',
                py: 0.25,
                pl: 1,
                borderRadius: 1.5,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {utterance}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('intents.removePhrase', { phrase: utterance })}
                onClick={() =>
                  apply((flow) =>
                    setIntentPhrases(
                      flow,
                      intent.name,
                      intent.utterances.filter((other) => other !== utterance),
                    ),
                  )
                }
              >
                <CloseRounded sx={{ fontSize: 16 }} />
              </IconButton>
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
