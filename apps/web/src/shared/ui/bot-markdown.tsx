import { Box } from '@mui/material';
import { safeLinkUrl } from '@parley/kit/safe-url';
import Markdown, { type Components } from 'react-markdown';
import { remarkBotLinks } from './remark-bot-links';

/** Links leave the app in a new tab and tell the target nothing about it; unsafe ones are text. */
const components: Components = {
  a: ({ node: _node, href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      children
    ),
  // A text message shows an image as its description, as the widget does.
  img: ({ node: _node, alt }) => <span>{alt}</span>,
};

/** Only addresses that cannot run script stay (the shared safe-url rule); others become ''. */
const urlTransform = (url: string) => safeLinkUrl(url) ?? '';

/**
 * A bot message's Markdown as the widget shows it: paragraphs, lists, emphasis, code and links by
 * the shared link rule. Raw HTML is never rendered (react-markdown escapes it).
 */
export function BotMarkdown({ text }: { text: string }) {
  return (
    <Box
      sx={{
        '& p': { m: 0 },
        '& p + p, & ul, & ol': { mt: 0.75 },
        '& ul, & ol': { pl: 2.5, mb: 0 },
        '& a': { color: 'inherit', textDecorationThickness: 1 },
        '& code': {
          fontFamily: 'monospace',
          fontSize: '0.85em',
          bgcolor: 'rgba(15,23,42,0.06)',
          px: 0.5,
          borderRadius: 0.5,
        },
        overflowWrap: 'anywhere',
      }}
    >
      <Markdown remarkPlugins={[remarkBotLinks]} components={components} urlTransform={urlTransform}>
        {text}
      </Markdown>
    </Box>
  );
}
