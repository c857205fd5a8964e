import { z } from 'zod';
import { buttonExpressions, buttonPorts, buttonSchema, buttonTemplates, buttonWrites } from '../kit/buttons';
import type { ModuleDefinition } from '../kit/module-kit';

export const buttonsContentSchema = z.object({
  text: z.string().min(1, 'Write the question').max(2000),
  buttons: z.array(buttonSchema).min(1, 'Add at least one button').max(13),
});
export type ButtonsContent = z.infer<typeof buttonsContentSchema>;

export const buttonsDefinition = {
  label: 'Buttons',
  summary: (content) => [content.text],
  content: buttonsContentSchema,
  defaults: {
    text: 'What would you like to do?',
    buttons: [{ id: 'b1', label: 'Option 1', action: { type: 'goto' }, setVariables: [] }],
  },
  ports: (content) =>
    content.buttons.some((button) => button.action.type !== 'url')
      ? buttonPorts(content.buttons)
      : [{ id: 'next', label: 'Next' }],
  waitsForInput: (content) => content.buttons.some((button) => button.action.type !== 'url'),
  terminal: false,
  variables: (content) => ({
    templates: [content.text, ...buttonTemplates(content.buttons)],
    expressions: buttonExpressions(content.buttons),
    writes: buttonWrites(content.buttons),
  }),
} satisfies ModuleDefinition<ButtonsContent>;
