import type { MessageButton } from '@parley/kit';
import { z } from 'zod';
import { kitWords } from './kit-words';
import type { ExecutionContext, Port, ReceiveResult, UserInput, VisitorText } from './module-kit';
import { applySetVariables, noneWrites, setVariableActionSchema } from './variables';

/** A button: go to a module (its own port), open a URL, or send a postback; any of them can set variables. */
export const buttonSchema = z.object({
  id: z.string().min(1).max(64),
  label: z.string().min(1, kitWords.errors.buttonLabel).max(80),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('goto') }),
    z.object({ type: z.literal('url'), url: z.string().min(1).max(2000) }),
    z.object({ type: z.literal('postback'), payload: z.string().min(1).max(1000) }),
  ]),
  setVariables: z.array(setVariableActionSchema).default([]),
});
export type Button = z.infer<typeof buttonSchema>;

export const buttonPort = (button: Button) => `button:${button.id}`;

/** The postback a go-to button sends back, unique per module and button. */
export const gotoPayload = (moduleId: string, buttonId: string) => `parley:button:${moduleId}:${buttonId}`;

export function buttonPorts(buttons: Button[]): Port[] {
  return buttons
    .filter((button) => button.action.type === 'goto')
    .map((button) => ({ id: buttonPort(button), label: button.label }));
}

export function renderButtons(
  moduleId: string,
  buttons: Button[],
  context: ExecutionContext,
): MessageButton[] {
  return buttons.map((button): MessageButton => {
    const label = context.render(button.label);
    if (button.action.type === 'url')
      return { id: button.id, label, kind: 'url', url: context.render(button.action.url) };
    const payload =
      button.action.type === 'goto'
        ? gotoPayload(moduleId, button.id)
        : context.render(button.action.payload);
    return { id: button.id, label, kind: 'reply', payload };
  });
}

/** The button the user pressed (or typed the label of), if any. */
export function pressedButton(
  moduleId: string,
  buttons: Button[],
  input: UserInput,
  context: ExecutionContext,
): Button | undefined {
  if (input.kind === 'postback') {
    return buttons.find((button) =>
      button.action.type === 'goto'
        ? input.payload === gotoPayload(moduleId, button.id)
        : button.action.type === 'postback' && context.render(button.action.payload) === input.payload,
    );
  }
  const typed = input.text.trim().toLowerCase();
  return buttons.find(
    (button) => button.action.type !== 'url' && context.render(button.label).trim().toLowerCase() === typed,
  );
}

/**
 * Before anything else handles the input: a pressed button's Set Variable actions apply, and a
 * typed label of a postback button becomes that postback (so global connections see it).
 */
export function acknowledgeButtons(
  moduleId: string,
  buttons: Button[],
  input: UserInput,
  context: ExecutionContext,
): UserInput {
  const button = pressedButton(moduleId, buttons, input, context);
  if (!button) return input;
  applySetVariables(button.setVariables, context);
  if (button.action.type === 'postback' && input.kind === 'text') {
    return { kind: 'postback', payload: context.render(button.action.payload), label: input.text };
  }
  return input;
}

/** A go-to button follows its own port; anything else is not for this module. */
export function receiveButtons(
  moduleId: string,
  buttons: Button[],
  input: UserInput,
  context: ExecutionContext,
): ReceiveResult {
  const button = pressedButton(moduleId, buttons, input, context);
  if (button?.action.type === 'goto') return { kind: 'continue', port: buttonPort(button) };
  return { kind: 'nomatch' };
}

/** The labels a visitor reads, by field path under `prefix`. */
export const buttonTexts = (buttons: Button[], prefix = 'buttons'): VisitorText[] =>
  buttons.map((button) => ({ field: `${prefix}.${button.id}.label`, text: button.label }));

export const buttonTemplates = (buttons: Button[]) =>
  buttons.flatMap((button) => [
    button.label,
    ...(button.action.type === 'url'
      ? [button.action.url]
      : button.action.type === 'postback'
        ? [button.action.payload]
        : []),
  ]);
export const buttonExpressions = (buttons: Button[]) =>
  buttons.flatMap((button) => button.setVariables.map((action) => action.value));
export const buttonWrites = (buttons: Button[]) =>
  buttons.flatMap((button) => button.setVariables.map((action) => action.variable));
/** The variables the buttons' actions set to None. */
export const buttonNoneWrites = (buttons: Button[]) =>
  buttons.flatMap((button) => noneWrites(button.setVariables));
