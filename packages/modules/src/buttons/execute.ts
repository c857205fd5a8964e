import type { BotMessage } from '@parley/kit';
import { acknowledgeButtons, receiveButtons, renderButtons } from '../kit/buttons';
import type { ExecutionContext, ModuleRuntime } from '../kit/module-kit';
import { renderMarkdown } from '../text/links';
import { type ButtonsContent, buttonsDefinition } from './schema';

const buttonsMessage = (content: ButtonsContent, context: ExecutionContext): BotMessage => ({
  type: 'buttons',
  text: renderMarkdown(content.text, context.render),
  buttons: renderButtons(context.moduleId, content.buttons, context),
});

export const buttonsRuntime: ModuleRuntime<ButtonsContent> = {
  enter(content, context) {
    context.send(buttonsMessage(content, context));
    return buttonsDefinition.waitsForInput(content) ? { kind: 'wait' } : { kind: 'continue', port: 'next' };
  },
  offerAgain: buttonsMessage,
  acknowledge: (content, input, context) =>
    acknowledgeButtons(context.moduleId, content.buttons, input, context),
  receive: (content, input, context) => receiveButtons(context.moduleId, content.buttons, input, context),
};
