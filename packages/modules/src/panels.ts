import type { z } from 'zod';
import { ButtonsPanel } from './buttons/panel';
import { CardPanel } from './card/panel';
import { CarouselPanel } from './carousel/panel';
import { ConditionPanel } from './condition/panel';
import type { moduleDefinitions } from './definitions';
import { DelayPanel } from './delay/panel';
import { EndPanel } from './end/panel';
import { HandoffPanel } from './handoff/panel';
import { InputPanel } from './input/panel';
import { IntentRouterPanel } from './intent-router/panel';
import { JumpPanel } from './jump/panel';
import type { ModulePanel } from './kit/panel-kit';
import { LlmPanel } from './llm/panel';
import type { ModuleType } from './module-types';
import { SetVariablePanel } from './set-variable/panel';
import { TextPanel } from './text/panel';
import { WebhookPanel } from './webhook/panel';

/**
 * The builder's registry: each module type's editor panel. Only the web app imports this entry
 * (`@parley/modules/panels`); the engine and the server never load React.
 */
export const modulePanels = {
  text: TextPanel,
  buttons: ButtonsPanel,
  card: CardPanel,
  carousel: CarouselPanel,
  input: InputPanel,
  condition: ConditionPanel,
  set_variable: SetVariablePanel,
  webhook: WebhookPanel,
  llm: LlmPanel,
  intent_router: IntentRouterPanel,
  handoff: HandoffPanel,
  delay: DelayPanel,
  jump: JumpPanel,
  end: EndPanel,
} satisfies { [T in ModuleType]: ModulePanel<z.infer<(typeof moduleDefinitions)[T]['content']>> };

/** The panel of a type, for code that handles any module. */
export function panelOf(type: ModuleType): ModulePanel<unknown> {
  return modulePanels[type] as unknown as ModulePanel<unknown>;
}

export {
  type PanelHost,
  PanelHostProvider,
  type PanelProps,
  PatternFields,
  SetVariableActionsEditor,
  type TemplateFieldProps,
  usePanelHost,
  WordsField,
} from './kit/panel-kit';
export { SUGGESTED_MODELS } from './llm/panel';
