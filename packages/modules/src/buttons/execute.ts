import { acknowledgeButtons, receiveButtons, renderButtons } from '../kit/buttons';
import type { ModuleRuntime } from '../kit/module-kit';
import { renderMarkdown } from '../text/links';
import { type ButtonsContent, buttonsDefinition } from './schema';

export const buttonsRuntime: ModuleRuntime<ButtonsContent> = {
  enter(content, context) {
    context.send({
      type: 'buttons',
      text: renderMarkdown(content.text, context.render),
      buttons: renderButtons(context.moduleId, content.buttons, context),
    });
    return buttonsDefinition.waitsForInput(content) ? { kind: 'wait' } : { kind: 'continue', port: 'next' };
  },
  acknowledge: (content, input, context) =>
    acknowledgeButtons(context.moduleId, content.buttons, input, context),
  receive: (content, input, context) => receiveButtons(context.moduleId, content.buttons, input, context),
};
