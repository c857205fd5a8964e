import EditNoteRounded from '@mui/icons-material/EditNoteRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import { Box, Typography } from '@mui/material';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { deploymentQuery } from '../api/webchat';

/** The widget's full-page window starts this far down (packages/webchat styles.ts reads it). */
const WIDGET_TOP = '--parley-fullpage-top';

/**
 * `/v2/lite/bots/{botTestDeploymentId}/tester`: the real widget filling the page, no app layout,
 * under a line that says what it runs. With the bot's test deployment it runs the draft, so
 * builders try changes before publishing.
 */
export function TesterPage() {
  const { t } = useTranslation('webchat');
  const { deploymentId = '' } = useParams();
  const { data: deployment } = useSuspenseQuery(deploymentQuery(deploymentId));
  const banner = useRef<HTMLDivElement>(null);

  // The widget starts under the line, however many lines it wraps to.
  useLayoutEffect(() => {
    const node = banner.current;
    if (!node) return;
    const root = document.documentElement;
    const place = () => root.style.setProperty(WIDGET_TOP, `${node.offsetHeight}px`);
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(WIDGET_TOP);
    };
  }, []);

  useEffect(() => {
    const script = document.createElement('script');
    script.src = '/webchat.js';
    script.dataset.deployment = deployment.key;
    script.dataset.layout = 'fullpage';
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.querySelector('[data-parley-webchat]')?.remove();
    };
  }, [deployment.key]);

  const draft = deployment.channel === 'test' || deployment.version === null;
  return (
    <Box
      ref={banner}
      role="status"
      sx={{
        position: 'fixed',
        insetInline: 0,
        top: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 1,
        bgcolor: draft ? '#fff7e6' : '#eef6ff',
        color: draft ? '#7a4b00' : '#0b4a8b',
        borderBottom: '1px solid',
        borderColor: draft ? '#f5d9a8' : '#c7ddf7',
      }}
    >
      {draft ? <EditNoteRounded fontSize="small" /> : <PublicRounded fontSize="small" />}
      <Typography variant="body2" fontWeight={550}>
        {draft ? t('tester.draft') : t('tester.version', { version: deployment.version })}
      </Typography>
    </Box>
  );
}
