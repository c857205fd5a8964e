import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { Box, Button, Card, Stack, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundException } from '../../../shared/errors/error-kind';
import { currentUserQuery } from '../../../shared/session/current-user';
import { SectionIcon } from './section-icon';

/** A company section: its page inside the app when it has an iframe_url, otherwise its description. */
export function SectionPage() {
  const { t } = useTranslation('common');
  const { sectionId } = useParams();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const section = user.company.sections.find((candidate) => candidate.id === sectionId);
  if (!section) throw new NotFoundException(`No section ${sectionId}`);

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 'calc(100vh - 140px)' }}>
      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        useFlexGap
      >
        <Stack direction="row" spacing={1.5} alignItems="center">
          <SectionIcon section={section} selected size={28} />
          <Box>
            <Typography variant="h2" component="h1">
              {section.label}
            </Typography>
            {section.description && <Typography color="text.secondary">{section.description}</Typography>}
          </Box>
        </Stack>
        {section.iframe_url && (
          <Button
            variant="outlined"
            endIcon={<OpenInNewRounded />}
            href={section.iframe_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('section.openInNewTab')}
          </Button>
        )}
      </Stack>
      {section.iframe_url ? (
        <Card sx={{ flex: 1, overflow: 'hidden', display: 'flex' }}>
          <Box
            component="iframe"
            src={section.iframe_url}
            title={section.label}
            sx={{ border: 0, width: '100%', flex: 1, minHeight: 480 }}
          />
        </Card>
      ) : (
        <Card sx={{ p: 4 }}>
          <Typography color="text.secondary">{t('section.noPage')}</Typography>
        </Card>
      )}
    </Stack>
  );
}
