import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  IconButton,
  Link,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { DevMail } from '@parley/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container';
import { devMailboxQuery } from '../api/dev-mailbox';
import { linksIn, splitLinks, type TextPart } from '../model/mail-links';

/** Each part with where it starts in the text: a key that names it whatever else changes. */
function withOffsets(parts: TextPart[]) {
  let at = 0;
  return parts.map((part) => {
    const placed = { part, at };
    at += part.text.length;
    return placed;
  });
}

/** A mail's text as written, its addresses clickable (links open a new tab). */
function MailText({ text }: { text: string }) {
  return (
    <Typography
      component="div"
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: 'text.secondary', lineHeight: 1.7 }}
    >
      {withOffsets(splitLinks(text)).map(({ part, at }) =>
        part.link ? (
          <Link key={at} href={part.text} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Link>
        ) : (
          <Fragment key={at}>{part.text}</Fragment>
        ),
      )}
    </Typography>
  );
}

function MailCard({ mail }: { mail: DevMail }) {
  const { t, i18n } = useTranslation('dev-mailbox');
  const { enqueueSnackbar } = useSnackbar();
  const sent = new Date(mail.createdAt).toLocaleString(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const links = linksIn(mail.text);
  return (
    <Card component="article" aria-label={mail.subject}>
      <CardContent sx={{ p: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h2">
              {mail.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('to', { address: mail.to })}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            <time dateTime={mail.createdAt}>{sent}</time>
          </Typography>
        </Stack>
        {links.map((link) => (
          <Stack
            key={link}
            direction="row"
            spacing={1}
            alignItems="center"
            sx={{ mt: 2, p: 1, pl: 1.5, borderRadius: 1.5, bgcolor: 'action.hover' }}
          >
            <Typography
              variant="body2"
              sx={{ flex: 1, minWidth: 0, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
              noWrap
              title={link}
            >
              {link}
            </Typography>
            <Tooltip title={t('copy')}>
              <IconButton
                size="small"
                aria-label={t('copyLink', { subject: mail.subject })}
                onClick={async () => {
                  await navigator.clipboard.writeText(link);
                  enqueueSnackbar(t('copied'), { variant: 'success' });
                }}
              >
                <ContentCopyOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            <Button
              size="small"
              variant="contained"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewRounded fontSize="small" />}
            >
              {t('open')}
            </Button>
          </Stack>
        ))}
        <Divider sx={{ my: 2 }} />
        <MailText text={mail.text} />
      </CardContent>
    </Card>
  );
}

/**
 * The development mailbox (Parley staff): the mails a server without SMTP_URL did not send, so
 * someone trying Parley locally can follow a sign-up, reset or invitation link. The server
 * refuses everyone else, and the page then shows the unauthorized screen.
 */
export function DevMailboxPage() {
  const { t } = useTranslation('dev-mailbox');
  const { data } = useSuspenseQuery(devMailboxQuery);
  return (
    <PageContainer>
      <Box>
        <Typography variant="h1">{t('title')}</Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle')}
        </Typography>
      </Box>
      <Alert severity={data.smtpConfigured ? 'success' : 'info'}>
        {data.smtpConfigured ? t('smtpConfigured') : t('noSmtp')}
      </Alert>
      {data.mails.length === 0 ? (
        <Card>
          <CardContent sx={{ py: 6, textAlign: 'center' }}>
            <MarkEmailUnreadOutlined color="disabled" sx={{ fontSize: 48 }} />
            <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
              {t('empty.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t('empty.body')}
            </Typography>
          </CardContent>
        </Card>
      ) : (
        data.mails.map((mail) => <MailCard key={mail.id} mail={mail} />)
      )}
    </PageContainer>
  );
}
