import { addToCartDefinition } from './add-to-cart/schema';
import { agentDefinition } from './agent/schema';
import { buttonsDefinition } from './buttons/schema';
import { cardDefinition } from './card/schema';
import { carouselDefinition } from './carousel/schema';
import { conditionDefinition } from './condition/schema';
import { delayDefinition } from './delay/schema';
import { endDefinition } from './end/schema';
import { handoffDefinition } from './handoff/schema';
import { inputDefinition } from './input/schema';
import { intentRouterDefinition } from './intent-router/schema';
import { jumpDefinition } from './jump/schema';
import type { AnyModuleDefinition, ModuleDefinition } from './kit/module-kit';
import { knowledgeAnswerDefinition } from './knowledge-answer/schema';
import { llmDefinition } from './llm/schema';
import type { ModuleType } from './module-types';
import { orderStatusDefinition } from './order-status/schema';
import { productSearchDefinition } from './product-search/schema';
import { setVariableDefinition } from './set-variable/schema';
import { textDefinition } from './text/schema';
import { webhookDefinition } from './webhook/schema';

/** What each module type is, for the document schema, the validator and the builder. */
export const moduleDefinitions = {
  text: textDefinition,
  buttons: buttonsDefinition,
  card: cardDefinition,
  carousel: carouselDefinition,
  input: inputDefinition,
  condition: conditionDefinition,
  set_variable: setVariableDefinition,
  webhook: webhookDefinition,
  llm: llmDefinition,
  knowledge_answer: knowledgeAnswerDefinition,
  product_search: productSearchDefinition,
  order_status: orderStatusDefinition,
  add_to_cart: addToCartDefinition,
  intent_router: intentRouterDefinition,
  handoff: handoffDefinition,
  delay: delayDefinition,
  jump: jumpDefinition,
  end: endDefinition,
  agent: agentDefinition,
} satisfies Record<ModuleType, AnyModuleDefinition>;

export type ModuleContent<T extends ModuleType> = (typeof moduleDefinitions)[T]['defaults'];

/** The definition of a type, for code that handles any module. */
export function definitionOf(type: ModuleType): ModuleDefinition<unknown> {
  return moduleDefinitions[type] as unknown as ModuleDefinition<unknown>;
}
