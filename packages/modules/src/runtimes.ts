import { addToCartRuntime } from './add-to-cart/execute';
import { agentRuntime } from './agent/execute';
import { buttonsRuntime } from './buttons/execute';
import { cardRuntime } from './card/execute';
import { carouselRuntime } from './carousel/execute';
import { conditionRuntime } from './condition/execute';
import { delayRuntime } from './delay/execute';
import { endRuntime } from './end/execute';
import { handoffRuntime } from './handoff/execute';
import { inputRuntime } from './input/execute';
import { intentRouterRuntime } from './intent-router/execute';
import { jumpRuntime } from './jump/execute';
import type { AnyModuleRuntime, ModuleRuntime } from './kit/module-kit';
import { knowledgeAnswerRuntime } from './knowledge-answer/execute';
import { llmRuntime } from './llm/execute';
import type { ModuleType } from './module-types';
import { orderStatusRuntime } from './order-status/execute';
import { productSearchRuntime } from './product-search/execute';
import { setVariableRuntime } from './set-variable/execute';
import { textRuntime } from './text/execute';
import { webhookRuntime } from './webhook/execute';

/** How each module type runs; the engine imports only this registry. */
export const moduleRuntimes = {
  text: textRuntime,
  buttons: buttonsRuntime,
  card: cardRuntime,
  carousel: carouselRuntime,
  input: inputRuntime,
  condition: conditionRuntime,
  set_variable: setVariableRuntime,
  webhook: webhookRuntime,
  llm: llmRuntime,
  knowledge_answer: knowledgeAnswerRuntime,
  product_search: productSearchRuntime,
  order_status: orderStatusRuntime,
  add_to_cart: addToCartRuntime,
  intent_router: intentRouterRuntime,
  handoff: handoffRuntime,
  delay: delayRuntime,
  jump: jumpRuntime,
  end: endRuntime,
  agent: agentRuntime,
} satisfies Record<ModuleType, AnyModuleRuntime>;

export function runtimeOf(type: ModuleType): ModuleRuntime<unknown> {
  return moduleRuntimes[type] as unknown as ModuleRuntime<unknown>;
}
