import { z } from 'zod';
import {
  buttonExpressions,
  buttonNoneWrites,
  buttonPorts,
  buttonSchema,
  buttonTemplates,
  buttonTexts,
  buttonWrites,
} from '../kit/buttons';
import type { ModuleDefinition } from '../kit/module-kit';
import { englishOf, type Say } from '../kit/words';
import { buttonsWords } from './words';

export const buttonsContentSchema = z.object({
  text: z.string().min(1, buttonsWords.errors.text).max(2000),
  buttons: z.array(buttonSchema).min(1, buttonsWords.errors.buttons).max(13),
});
export type ButtonsContent = z.infer<typeof buttonsContentSchema>;

const english = englishOf(buttonsWords);
const create = (say: Say<typeof buttonsWords> = english): ButtonsContent => ({
  text: say('defaults.text'),
  buttons: [{ id: 'b1', label: say('defaults.option'), action: { type: 'goto' }, setVariables: [] }],
});

export const buttonsDefinition = {
  words: buttonsWords,
  summary: (content) => [content.text],
  content: buttonsContentSchema,
  create,
  defaults: create(),
  ports: (content, say = english) =>
    content.buttons.some((button) => button.action.type !== 'url')
      ? buttonPorts(content.buttons)
      : [{ id: 'next', label: say('ports.next') }],
  waitsForInput: (content) => content.buttons.some((button) => button.action.type !== 'url'),
  terminal: false,
  texts: (content) => [{ field: 'text', text: content.text }, ...buttonTexts(content.buttons)],
  variables: (content) => ({
    templates: [content.text, ...buttonTemplates(content.buttons)],
    expressions: buttonExpressions(content.buttons),
    writes: buttonWrites(content.buttons),
    nullable: buttonNoneWrites(content.buttons),
  }),
} satisfies ModuleDefinition<ButtonsContent, typeof buttonsWords>;
