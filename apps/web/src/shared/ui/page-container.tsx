import { Stack, type StackProps } from '@mui/material';

/**
 * The app's page widths. Every screen of an area takes its area's width, so moving between
 * sibling screens (the agents tabs, My webhooks and its delivery log, company settings and the
 * profile) keeps the frame still instead of jumping.
 */
export const PAGE_WIDTHS = {
  /** The screens of an area: lists, dashboards, settings, one item's page. */
  page: 1200,
  /** A single form reached from a list (installing a webhook). */
  form: 760,
} as const;

export type PageWidth = keyof typeof PAGE_WIDTHS;

/** A page's frame: its area's width, centred, its sections spaced alike. */
export function PageContainer({
  width = 'page',
  sx,
  ...props
}: Omit<StackProps, 'width'> & { width?: PageWidth }) {
  return (
    <Stack
      spacing={3}
      {...props}
      sx={[{ maxWidth: PAGE_WIDTHS[width], mx: 'auto', width: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
