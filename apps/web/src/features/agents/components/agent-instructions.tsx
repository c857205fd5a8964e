import {
  Box,
  FormControlLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { AgentDefinition } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { promptListQuery, promptVersionQuery, promptVersionsQuery } from '../api/prompts';

type Prompted = NonNullable<AgentDefinition['prompt']>;

/** The chosen prompt's template at the pinned version, read-only (it is changed in Prompts). */
function PinnedTemplate({ prompt }: { prompt: Prompted }) {
  const { t } = useTranslation('agents');
  const { data } = useQuery(promptVersionQuery(prompt.id, prompt.version));
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {t('instructions.pinned')}
      </Typography>
      <Box
        component="pre"
        data-testid="pinned-template"
        sx={{
          m: 0,
          mt: 0.5,
          p: 1.5,
          maxHeight: 240,
          overflow: 'auto',
          bgcolor: 'grey.50',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontSize: 13,
          whiteSpace: 'pre-wrap',
        }}
      >
        {data?.definition.template ?? '…'}
      </Box>
    </Box>
  );
}

/**
 * An agent's instructions: written in place, or a prompt of the library at a chosen version (Jinja
 * over the conversation's variables either way).
 */
export function AgentInstructions({
  instructions,
  prompt,
  onInstructions,
  onPrompt,
}: {
  instructions: string;
  prompt: AgentDefinition['prompt'];
  onInstructions: (instructions: string) => void;
  onPrompt: (prompt: AgentDefinition['prompt']) => void;
}) {
  const { t } = useTranslation('agents');
  const prompts = useQuery(promptListQuery()).data?.prompts ?? [];
  const versions = useQuery({ ...promptVersionsQuery(prompt?.id ?? ''), enabled: Boolean(prompt) }).data
    ?.versions;
  const first = prompts[0];
  return (
    <Stack spacing={1.5}>
      <RadioGroup
        row
        aria-label={t('instructions.source')}
        value={prompt ? 'library' : 'written'}
        onChange={(_, value) =>
          onPrompt(
            value === 'library' && first ? { id: first.id, name: first.name, version: first.version } : null,
          )
        }
      >
        <FormControlLabel value="written" control={<Radio />} label={t('instructions.written')} />
        <FormControlLabel
          value="library"
          control={<Radio />}
          label={t('instructions.library')}
          disabled={prompts.length === 0 && !prompt}
        />
      </RadioGroup>
      {prompts.length === 0 && !prompt && (
        <Typography variant="caption" color="text.secondary">
          {t('instructions.noPrompts')}
        </Typography>
      )}
      {prompt ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('instructions.prompt')}
              value={prompt.id}
              onChange={(event) => {
                const chosen = prompts.find((each) => each.id === event.target.value);
                if (chosen) onPrompt({ id: chosen.id, name: chosen.name, version: chosen.version });
              }}
              sx={{ flex: 2 }}
            >
              {/* A prompt deleted since stays listed by name, so the field says what is chosen. */}
              {!prompts.some((each) => each.id === prompt.id) && (
                <MenuItem value={prompt.id}>{prompt.name}</MenuItem>
              )}
              {prompts.map((each) => (
                <MenuItem key={each.id} value={each.id}>
                  {each.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('instructions.version')}
              value={prompt.version}
              onChange={(event) => onPrompt({ ...prompt, version: Number(event.target.value) })}
              sx={{ flex: 1 }}
            >
              {!versions?.some((each) => each.version === prompt.version) && (
                <MenuItem value={prompt.version}>
                  {t('versions.number', { version: prompt.version })}
                </MenuItem>
              )}
              {(versions ?? []).map((each) => (
                <MenuItem key={each.version} value={each.version}>
                  {t('versions.number', { version: each.version })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <PinnedTemplate prompt={prompt} />
        </>
      ) : (
        <TextField
          label={t('fields.instructions')}
          helperText={t('fields.instructionsHelp')}
          value={instructions}
          onChange={(event) => onInstructions(event.target.value)}
          multiline
          minRows={8}
          slotProps={{ htmlInput: { maxLength: 20000, style: { fontFamily: 'monospace', fontSize: 13 } } }}
        />
      )}
    </Stack>
  );
}
