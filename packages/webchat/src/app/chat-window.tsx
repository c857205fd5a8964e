import type { BotMessage, WebchatConfig, WebchatStrings } from '@parley/contracts';
import { safeImageUrl } from '@parley/kit/safe-url';
import { useEffect, useRef, useState } from 'preact/hooks';
import { MessageView } from './message-view';
import { RichText } from './rich-text';
import { useConversation } from './use-conversation';

export interface ChatWindowProps {
  baseUrl: string;
  config: WebchatConfig;
  strings: WebchatStrings;
  /** The visitor's language (see WidgetOptions). */
  language: string;
  onLanguageChange(language: string): void;
  fullPage: boolean;
  preview: boolean;
  /** The preview's conversation: what the bot says first. */
  opening: BotMessage[];
  visible: boolean;
  onClose(): void;
}

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true">
    <path d={path} />
  </svg>
);

export function ChatWindow({
  baseUrl,
  config,
  strings,
  language,
  onLanguageChange,
  fullPage,
  preview,
  opening,
  visible,
  onClose,
}: ChatWindowProps) {
  const { style } = config;
  // The visitor's language's title and welcome (the config translates them for offered languages).
  const title = strings.title || style.title;
  const welcome = strings.welcome || style.welcomeText;
  const conversation = useConversation(
    baseUrl,
    config.deploymentKey,
    preview ? opening : null,
    language,
    visible,
  );
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const avatar = style.avatarUrl ? safeImageUrl(style.avatarUrl) : null;
  const { messages } = conversation;
  // Reply buttons belong to the latest bot message, until the visitor says something after it.
  const lastUserIndex = messages.findLastIndex((message) => message.role === 'user');
  const lastBotIndex = messages.findLastIndex((message) => message.role !== 'user');

  useEffect(() => {
    if (visible && !preview) input.current?.focus();
  }, [visible, preview]);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages.length, conversation.waiting, conversation.draft]);

  function submit(event: Event): void {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    conversation.send({ text });
    setDraft('');
  }

  return (
    <section
      class={`pc-window pc-${style.position}${fullPage ? ' pc-fullpage' : ''}`}
      role={fullPage ? 'main' : 'dialog'}
      aria-label={title}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !fullPage) onClose();
      }}
    >
      <header class="pc-header">
        {avatar ? (
          <img class="pc-avatar" src={avatar} alt="" />
        ) : (
          <span class="pc-avatar" aria-hidden="true">
            {title.slice(0, 1).toUpperCase()}
          </span>
        )}
        <h2>{title}</h2>
        {config.offeredLanguages.length > 0 && (
          <LanguageMenu
            config={config}
            label={strings.language ?? 'Language'}
            language={language}
            onChange={(picked) => {
              conversation.setLanguage(picked);
              onLanguageChange(picked);
            }}
          />
        )}
        <button
          type="button"
          class="pc-icon-button"
          aria-label={strings.restart}
          title={strings.restart}
          onClick={conversation.restart}
        >
          {icon('M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4')}
        </button>
        {!fullPage && (
          <button
            type="button"
            class="pc-icon-button"
            aria-label={strings.close}
            title={strings.close}
            onClick={onClose}
          >
            {icon('M6 6l12 12M18 6L6 18')}
          </button>
        )}
      </header>
      {!conversation.connected && (
        <p class="pc-status" role="status">
          {strings.reconnecting}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div class="pc-log" role="log" aria-live="polite" aria-label={title} ref={log} tabIndex={0}>
        {welcome && <p class="pc-welcome">{welcome}</p>}
        {messages.map((shown, index) => (
          <MessageView
            key={shown.seq}
            shown={shown}
            strings={strings}
            active={index === lastBotIndex && index > lastUserIndex && !conversation.waiting}
            onPress={(button) =>
              conversation.send({ postback: button.payload ?? button.id, label: button.label })
            }
            onRetry={() => conversation.retry(shown)}
          />
        ))}
        {conversation.draft && (
          <div class="pc-row pc-from-bot" aria-busy="true">
            <div class="pc-bubble">
              <RichText text={conversation.draft} />
            </div>
          </div>
        )}
        {conversation.waiting && !conversation.draft && (
          <div class="pc-row pc-from-bot">
            <div class="pc-bubble pc-typing" role="status" aria-label={strings.typing}>
              <span />
              <span />
              <span />
            </div>
          </div>
        )}
      </div>
      {conversation.error && (
        <p class="pc-error" role="alert">
          {conversation.error}
        </p>
      )}
      <form class="pc-composer" onSubmit={submit}>
        <textarea
          ref={input}
          rows={1}
          value={draft}
          maxLength={4000}
          placeholder={strings.inputPlaceholder}
          aria-label={strings.inputPlaceholder}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
          }}
        />
        <button
          type="submit"
          class="pc-send"
          aria-label={strings.send}
          title={strings.send}
          disabled={draft.trim() === ''}
        >
          {icon('M4 12l16-8-6 16-2-7z')}
        </button>
      </form>
    </section>
  );
}

/** A language's name in itself (Español, Deutsch), as a visitor looking for theirs reads it. */
const ownName = (code: string) => {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.slice(0, 1).toLocaleUpperCase(code) + name.slice(1);
};

/** The languages the bot speaks: its own and those it offers; the visitor's pick takes effect at once. */
function LanguageMenu({
  config,
  label,
  language,
  onChange,
}: {
  config: WebchatConfig;
  label: string;
  language: string;
  onChange(language: string): void;
}) {
  const languages = [config.language, ...config.offeredLanguages];
  const base = language.split('-')[0]?.toLowerCase() ?? '';
  const current = languages.includes(base) ? base : config.language;
  return (
    // The header shows the language's code (the bot's name keeps its room); the native select over
    // it, invisible, lists each language by its own name.
    <label class="pc-language" title={label}>
      {icon('M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18')}
      <span aria-hidden="true">{current.toUpperCase()}</span>
      <select aria-label={label} value={current} onChange={(event) => onChange(event.currentTarget.value)}>
        {languages.map((code) => (
          <option key={code} value={code}>
            {ownName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
