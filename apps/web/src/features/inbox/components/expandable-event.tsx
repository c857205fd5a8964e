import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import type { InboxEvent } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { timeOfDay } from './format';

/**
 * An event line of the transcript that opens onto its details (a webhook's call, a knowledge
 * answer's sources): its icon, its words and its time, in the event's own colours.
 */
export function ExpandableEvent({
  event,
  name,
  look,
  icon,
  label,
  attributes,
  children,
}: {
  event: InboxEvent;
  /** The event's name, for `data-event`. */
  name: string;
  look: { border: string; background: string; color?: string };
  icon: ReactNode;
  label: string;
  attributes?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const { i18n } = useTranslation('inbox');
  return (
    <Accordion
      disableGutters
      data-testid="event"
      data-event={name}
      {...attributes}
      sx={{
        mx: 'auto',
        width: '100%',
        maxWidth: 560,
        border: '1px solid',
        borderColor: look.border,
        bgcolor: look.background,
        borderRadius: '10px !important',
        boxShadow: 'none',
        '&::before': { display: 'none' },
      }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        sx={{ minHeight: 40, '& .MuiAccordionSummary-content': { my: 0.75 } }}
      >
        <Stack
          direction="row"
          spacing={1}
          alignItems="center"
          sx={{ minWidth: 0, ...(look.color ? { color: look.color } : {}) }}
        >
          {icon}
          <Typography variant="body2" fontWeight={600}>
            {label}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={event.at}>
            {timeOfDay(event.at, i18n.resolvedLanguage)}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>{children}</AccordionDetails>
    </Accordion>
  );
}
