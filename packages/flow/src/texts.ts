import { definitionOf, type ModuleType } from '@parley/modules';
import type { Flow } from './schema';

/** A text of the bot a visitor reads, named by where it is (`m1.text`, `settings.fallbackMessage`). */
export interface BotText {
  key: string;
  /** The module it belongs to; null for the bot's own settings (the fallback message). */
  moduleId: string | null;
  moduleName: string;
  moduleType: ModuleType | null;
  /** The field's path in the module's content (or the setting's name). */
  field: string;
  text: string;
}

/**
 * Every text of the flow a visitor may read, in canvas order then the bot's settings; blank
 * texts are left out (there is nothing to translate).
 */
export function botTexts(flow: Flow): BotText[] {
  const texts: BotText[] = [];
  for (const module of flow.modules) {
    const definition = definitionOf(module.type);
    for (const { field, text } of definition.texts?.(module.content) ?? []) {
      if (text.trim() === '') continue;
      texts.push({
        key: `${module.id}.${field}`,
        moduleId: module.id,
        moduleName: module.name,
        moduleType: module.type,
        field,
        text,
      });
    }
  }
  if (flow.settings.fallbackMessage.trim() !== '')
    texts.push({
      key: 'settings.fallbackMessage',
      moduleId: null,
      moduleName: '',
      moduleType: null,
      field: 'fallbackMessage',
      text: flow.settings.fallbackMessage,
    });
  return texts;
}
