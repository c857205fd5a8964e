import { buttonSchema, gotoPayload } from '@parley/modules';
import type { z } from 'zod';
import type { Flow } from './schema';

type Button = z.infer<typeof buttonSchema>;

/** Every button in a module's content, wherever its type keeps them (a list, a card, cards). */
function buttonsIn(content: unknown, found: Button[] = []): Button[] {
  if (Array.isArray(content)) {
    for (const item of content) buttonsIn(item, found);
  } else if (typeof content === 'object' && content !== null) {
    const button = buttonSchema.safeParse(content);
    if (button.success) found.push(button.data);
    else for (const value of Object.values(content)) buttonsIn(value, found);
  }
  return found;
}

/**
 * The label of the button that sends `payload` when pressed: a go-to button's own payload
 * (`parley:button:<module>:<button>`) or a postback button's payload as written. For a press
 * that arrives as a bare payload (a channel or client that does not send the label), so the
 * transcript, the inbox and the handoff summary say what the person pressed. Undefined when no
 * button of the flow sends it (a payload built from a template, a persistent menu's own), or when
 * the label is a template (what it printed for that person is not known here).
 */
export function buttonLabelFor(flow: Flow, payload: string): string | undefined {
  for (const module of flow.modules) {
    for (const button of buttonsIn(module.content)) {
      const sends =
        button.action.type === 'goto'
          ? gotoPayload(module.id, button.id)
          : button.action.type === 'postback'
            ? button.action.payload
            : undefined;
      if (sends === payload) return /\{[{%]/.test(button.label) ? undefined : button.label;
    }
  }
  return undefined;
}
