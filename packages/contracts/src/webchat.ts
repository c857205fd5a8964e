import { botMessageSchema } from '@parley/kit/bot-messages';
import * as z from 'zod';

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A color like #4f46e5');

/** The widget's words, per language (the visitor's browser language picks them). */
export const webchatStringsSchema = z.object({
  inputPlaceholder: z.string().min(1).max(80),
  send: z.string().min(1).max(40),
  open: z.string().min(1).max(60),
  close: z.string().min(1).max(40),
  typing: z.string().min(1).max(60),
  agent: z.string().min(1).max(40),
  restart: z.string().min(1).max(40),
  reconnecting: z.string().min(1).max(60),
  notSent: z.string().min(1).max(80),
  previous: z.string().min(1).max(40),
  next: z.string().min(1).max(40),
  /** The language menu's name (styles saved before it have none: the widget says "Language"). */
  language: z.string().min(1).max(40).optional(),
  /**
   * The window's title and welcome text in this language: only in the config the widget loads,
   * machine-translated from the style's for each language the bot offers.
   */
  title: z.string().max(120).optional(),
  welcome: z.string().max(400).optional(),
});
export type WebchatStrings = z.infer<typeof webchatStringsSchema>;

export const defaultWebchatStrings: Record<'en' | 'es', WebchatStrings> = {
  en: {
    inputPlaceholder: 'Write a message…',
    send: 'Send',
    open: 'Open chat',
    close: 'Close chat',
    typing: 'Typing…',
    agent: 'Agent',
    restart: 'New conversation',
    reconnecting: 'Reconnecting…',
    notSent: 'Not sent. Check your connection and try again.',
    previous: 'Previous',
    next: 'Next',
    language: 'Language',
  },
  es: {
    inputPlaceholder: 'Escribe un mensaje…',
    send: 'Enviar',
    open: 'Abrir chat',
    close: 'Cerrar chat',
    typing: 'Escribiendo…',
    agent: 'Agente',
    restart: 'Nueva conversación',
    reconnecting: 'Reconectando…',
    notSent: 'No se envió. Revisa tu conexión e inténtalo de nuevo.',
    previous: 'Anterior',
    next: 'Siguiente',
    language: 'Idioma',
  },
};

/** How a bot's web chat looks: what the Styling tab edits. */
export const webchatStyleSchema = z.object({
  primaryColor: color.default('#4f46e5'),
  backgroundColor: color.default('#ffffff'),
  textColor: color.default('#0f172a'),
  botBubbleColor: color.default('#f1f5f9'),
  fontFamily: z.enum(['system', 'sans', 'serif', 'rounded', 'mono']).default('system'),
  launcherIcon: z.enum(['chat', 'sparkle', 'help', 'wave']).default('chat'),
  position: z.enum(['right', 'left']).default('right'),
  title: z.string().trim().min(1).max(60).default('Chat with us'),
  avatarUrl: z.url({ protocol: /^https?$/ }).optional(),
  bubbleShape: z.enum(['rounded', 'square', 'pill']).default('rounded'),
  welcomeText: z.string().max(200).default(''),
  theme: z.enum(['light', 'dark']).default('light'),
  strings: z.record(z.string().regex(/^[a-z]{2}$/), webchatStringsSchema).default(defaultWebchatStrings),
});
export type WebchatStyle = z.infer<typeof webchatStyleSchema>;

/** What the widget loads before showing the launcher (public, by deployment key). */
export const webchatConfigSchema = z.object({
  deploymentKey: z.string(),
  botName: z.string(),
  language: z.string(),
  /**
   * Languages the bot also speaks (machine translation), which the visitor may pick in the widget;
   * the style's strings include each of them.
   */
  offeredLanguages: z.array(z.string()),
  style: webchatStyleSchema,
  telemetry: z.object({ instrumentationKey: z.string(), endpointPath: z.string() }),
});
export type WebchatConfig = z.infer<typeof webchatConfigSchema>;

/**
 * What the bot says when a conversation starts, as its draft stands: the styling preview shows it.
 * Run without outside calls, so it ends before the first module that would make one.
 */
export const webchatOpeningSchema = z.object({ messages: z.array(botMessageSchema) });
export type WebchatOpening = z.infer<typeof webchatOpeningSchema>;
