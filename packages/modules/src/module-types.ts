/**
 * Every module type. Adding one: a folder (schema.ts with its definition and check, execute.ts,
 * words.ts, look.ts, panel.tsx and tests), and a line in each registry; the compiler names the rest.
 */
export const moduleTypes = [
  'text',
  'buttons',
  'card',
  'carousel',
  'input',
  'condition',
  'set_variable',
  'webhook',
  'llm',
  'knowledge_answer',
  'product_search',
  'order_status',
  'add_to_cart',
  'intent_router',
  'handoff',
  'delay',
  'jump',
  'end',
  'agent',
] as const;
export type ModuleType = (typeof moduleTypes)[number];
