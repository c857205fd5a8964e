import { Box } from '@mui/material';
import { RichText } from '@parley/webchat/rich-text';
import { h, render } from 'preact';
import { useLayoutEffect, useRef } from 'react';

/**
 * A bot's message as visitors see it in the web chat: the widget's own renderer (a Preact
 * component, mounted here) with the widget's spacing, so the builder shows the same bold, lists and
 * links, and the same link rules, as the chat on the site.
 */
export function WidgetText({ text }: { text: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (host.current) render(h(RichText, { text }), host.current);
  }, [text]);
  useLayoutEffect(() => {
    const element = host.current;
    return () => {
      if (element) render(null, element);
    };
  }, []);
  return (
    <Box
      ref={host}
      data-widget-text
      sx={{
        overflowWrap: 'anywhere',
        '& p, & ul, & ol': { m: 0 },
        '& p + p, & p + ul, & ul + p, & p + ol, & ol + p': { mt: 1 },
        '& ul, & ol': { pl: 2.5 },
        '& a': { color: 'inherit', textDecoration: 'underline' },
        '& code': {
          fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
          fontSize: '0.9em',
          px: 0.5,
          borderRadius: 0.5,
          bgcolor: 'rgba(127,127,127,0.18)',
        },
      }}
    />
  );
}
