import { Box } from '@mui/material';
import type { BotMessage, WebchatConfig, WebchatStyle } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The real widget (the same `/webchat.js` sites load) in a frame, in preview mode: it shows the
 * bot's own opening (`opening`, posted with the first style) and redraws on every style the editor posts.
 */
export function WidgetPreview({
  style,
  botName,
  language,
  opening,
}: {
  style: WebchatStyle;
  botName: string;
  language: string;
  /** What the bot says first; the frame waits for it (undefined while it loads). */
  opening: BotMessage[] | undefined;
}) {
  const { t } = useTranslation('webchat');
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [srcDoc] = useState(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;background:#f8fafc}</style></head>` +
      `<body><script src="${window.location.origin}/webchat.js" data-preview="true"></script></body></html>`,
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.source === frame.current?.contentWindow && event.data?.type === 'parley:preview-ready')
        setReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!ready || !opening) return;
    const config: WebchatConfig = {
      deploymentKey: 'preview',
      botName,
      language,
      offeredLanguages: [],
      style,
      telemetry: { instrumentationKey: 'preview', endpointPath: '/telemetry' },
    };
    frame.current?.contentWindow?.postMessage(
      { type: 'parley:preview', config, opening },
      window.location.origin,
    );
  }, [ready, style, botName, language, opening]);

  return (
    <Box
      component="iframe"
      ref={frame}
      title={t('styling.previewFrame')}
      srcDoc={srcDoc}
      data-testid="widget-preview"
      sx={{
        width: '100%',
        height: 760,
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'grey.50',
      }}
    />
  );
}
