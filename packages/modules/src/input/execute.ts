import { EVENT } from '@parley/kit';
import type { ModuleRuntime } from '../kit/module-kit';
import type { InputContent } from './schema';
import { validateInput } from './validators';

export const inputRuntime: ModuleRuntime<InputContent> = {
  enter(content, context) {
    context.send({ type: 'text', text: context.render(content.prompt) });
    return { kind: 'wait' };
  },
  receive(content, input, context, attempt) {
    const text = input.kind === 'text' ? input.text : (input.label ?? input.payload);
    if (
      content.skippable &&
      content.skipWords.some((word) => word.toLowerCase() === text.trim().toLowerCase())
    ) {
      context.setVariable(content.variable, null);
      return { kind: 'continue', port: 'next', skipped: true };
    }
    const result = validateInput(content.validator, text);
    if (result.ok) {
      context.setVariable(content.variable, result.value);
      return { kind: 'continue', port: 'next' };
    }
    context.emit(EVENT.InputRejected, {
      variable: content.variable,
      validator: content.validator.type,
      attempt,
      ...(result.reason ? { reason: result.reason } : {}),
    });
    if (attempt > content.maxRetries) return { kind: 'continue', port: 'invalid' };
    context.send({ type: 'text', text: context.render(content.retryMessage) });
    return { kind: 'reprompt' };
  },
};
