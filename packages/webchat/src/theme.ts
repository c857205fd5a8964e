import type { WebchatStrings, WebchatStyle } from '@parley/contracts';

const fontStacks: Record<WebchatStyle['fontFamily'], string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  sans: '"Helvetica Neue",Helvetica,Arial,sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  rounded: 'ui-rounded,"SF Pro Rounded",Nunito,system-ui,sans-serif',
  mono: 'ui-monospace,Menlo,Consolas,monospace',
};

const bubbleRadius: Record<WebchatStyle['bubbleShape'], string> = {
  rounded: '14px',
  square: '4px',
  pill: '22px',
};

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function readableOn(hex: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#0f172a' : '#ffffff';
}

/**
 * The style as CSS custom properties on the shadow host; every rule in the widget reads them, so
 * a style change (the editor's live preview) is one attribute write. Dark uses dark surfaces and
 * keeps the brand color.
 */
export function themeVariables(style: WebchatStyle): string {
  const dark = style.theme === 'dark';
  const background = dark ? '#111827' : style.backgroundColor;
  const text = dark ? '#f3f4f6' : style.textColor;
  const bubble = dark ? '#1f2937' : style.botBubbleColor;
  const variables: Record<string, string> = {
    '--pc-primary': style.primaryColor,
    '--pc-on-primary': readableOn(style.primaryColor),
    '--pc-bg': background,
    '--pc-text': text,
    '--pc-bubble': bubble,
    '--pc-on-bubble': readableOn(bubble),
    '--pc-muted': dark ? '#9ca3af' : '#475569',
    '--pc-border': dark ? '#374151' : '#e2e8f0',
    '--pc-font': fontStacks[style.fontFamily],
    '--pc-radius': bubbleRadius[style.bubbleShape],
  };
  return Object.entries(variables)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/** The visitor's language when the style has words for it, else the bot's, else English. */
export function pickStrings(
  style: WebchatStyle,
  botLanguage: string,
  browserLanguage: string,
): WebchatStrings {
  const { strings } = style;
  const first = Object.values(strings)[0];
  const chosen =
    strings[browserLanguage.slice(0, 2)] ?? strings[botLanguage.slice(0, 2)] ?? strings.en ?? first;
  if (!chosen) throw new Error('The widget style has no strings');
  return chosen;
}
