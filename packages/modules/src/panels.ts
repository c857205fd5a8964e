import type { z } from 'zod';
import { addToCartLook } from './add-to-cart/look';
import { AddToCartPanel } from './add-to-cart/panel';
import { agentLook } from './agent/look';
import { AgentPanel } from './agent/panel';
import { buttonsLook } from './buttons/look';
import { ButtonsPanel } from './buttons/panel';
import { cardLook } from './card/look';
import { CardPanel } from './card/panel';
import { carouselLook } from './carousel/look';
import { CarouselPanel } from './carousel/panel';
import { conditionLook } from './condition/look';
import { ConditionPanel } from './condition/panel';
import type { moduleDefinitions } from './definitions';
import { delayLook } from './delay/look';
import { DelayPanel } from './delay/panel';
import { endLook } from './end/look';
import { EndPanel } from './end/panel';
import { handoffLook } from './handoff/look';
import { HandoffPanel } from './handoff/panel';
import { inputLook } from './input/look';
import { InputPanel } from './input/panel';
import { intentRouterLook } from './intent-router/look';
import { IntentRouterPanel } from './intent-router/panel';
import { jumpLook } from './jump/look';
import { JumpPanel } from './jump/panel';
import type { ModuleLook } from './kit/look';
import type { ModulePanel } from './kit/panel-kit';
import { knowledgeAnswerLook } from './knowledge-answer/look';
import { KnowledgeAnswerPanel } from './knowledge-answer/panel';
import { llmLook } from './llm/look';
import { LlmPanel } from './llm/panel';
import type { ModuleType } from './module-types';
import { orderStatusLook } from './order-status/look';
import { OrderStatusPanel } from './order-status/panel';
import { productSearchLook } from './product-search/look';
import { ProductSearchPanel } from './product-search/panel';
import { setVariableLook } from './set-variable/look';
import { SetVariablePanel } from './set-variable/panel';
import { textLook } from './text/look';
import { TextPanel } from './text/panel';
import { webhookLook } from './webhook/look';
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
  knowledge_answer: KnowledgeAnswerPanel,
  product_search: ProductSearchPanel,
  order_status: OrderStatusPanel,
  add_to_cart: AddToCartPanel,
  intent_router: IntentRouterPanel,
  handoff: HandoffPanel,
  delay: DelayPanel,
  jump: JumpPanel,
  end: EndPanel,
  agent: AgentPanel,
} satisfies { [T in ModuleType]: ModulePanel<z.infer<(typeof moduleDefinitions)[T]['content']>> };

/** The builder's registry of looks: each module type's icon and colour (its folder's look.ts). */
export const moduleLooks = {
  text: textLook,
  buttons: buttonsLook,
  card: cardLook,
  carousel: carouselLook,
  input: inputLook,
  condition: conditionLook,
  set_variable: setVariableLook,
  webhook: webhookLook,
  llm: llmLook,
  knowledge_answer: knowledgeAnswerLook,
  product_search: productSearchLook,
  order_status: orderStatusLook,
  add_to_cart: addToCartLook,
  intent_router: intentRouterLook,
  handoff: handoffLook,
  delay: delayLook,
  jump: jumpLook,
  end: endLook,
  agent: agentLook,
} satisfies Record<ModuleType, ModuleLook>;

/** The panel of a type, for code that handles any module. */
export function panelOf(type: ModuleType): ModulePanel<unknown> {
  return modulePanels[type] as unknown as ModulePanel<unknown>;
}

export type { ModuleLook } from './kit/look';
export {
  type PanelHost,
  PanelHostProvider,
  type PanelProps,
  PatternFields,
  SetVariableActionsEditor,
  type TemplateFieldProps,
  usePanelHost,
  type WebhookInstanceOption,
  WordsField,
} from './kit/panel-kit';
export { SUGGESTED_MODELS } from './llm/models';
