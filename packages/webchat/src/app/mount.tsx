import { render } from 'preact';
import type { MountedWidget, WidgetOptions } from '../widget-options';
import { ChatWindow } from './chat-window';
import { windowCss } from './styles';

/** Draws the chat window into the loader's shadow root; the loader shows and hides `slot`. */
export function mount(root: ShadowRoot, slot: HTMLElement, options: WidgetOptions): MountedWidget {
  const style = document.createElement('style');
  style.textContent = windowCss;
  root.prepend(style);
  let current = options;
  const draw = () =>
    render(
      <ChatWindow
        baseUrl={current.baseUrl}
        config={current.config}
        strings={current.strings}
        language={current.language}
        onLanguageChange={current.onLanguageChange}
        fullPage={current.layout === 'fullpage'}
        preview={current.preview}
        opening={current.opening}
        visible={!slot.hidden}
        onClose={current.onClose}
      />,
      slot,
    );
  draw();
  return {
    update(config, strings, language) {
      current = { ...current, config, strings, language };
      draw();
    },
    unmount() {
      render(null, slot);
      style.remove();
    },
  };
}
