import type { BotMessage, WebchatConfig, WebchatStrings } from '@parley/contracts';

export type WidgetLayout = 'floating' | 'fullpage';

/** What the loader hands the chat window when it is first opened. */
export interface WidgetOptions {
  baseUrl: string;
  config: WebchatConfig;
  strings: WebchatStrings;
  layout: WidgetLayout;
  /** The visitor's language: their own pick, else the page's, else the browser's. */
  language: string;
  /** The visitor picked another language in the widget's menu (the loader keeps it for the page). */
  onLanguageChange(language: string): void;
  /** No network: the styling editor's preview, showing `opening`. */
  preview: boolean;
  /** What the bot says first, as the preview shows it (the editor reads it from the bot's draft). */
  opening: BotMessage[];
  /** Reports a telemetry event with the page's domain and URL. */
  track(name: string, properties?: Record<string, string>): void;
  /** The visitor closed the window (Escape or the close button). */
  onClose(): void;
}

export interface MountedWidget {
  update(config: WidgetOptions['config'], strings: WebchatStrings, language: string): void;
  unmount(): void;
}
