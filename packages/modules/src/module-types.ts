/** Every module type. Adding one: a folder with schema.ts and execute.ts, and a line in each registry. */
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
  'intent_router',
  'handoff',
  'delay',
  'jump',
  'end',
] as const;
export type ModuleType = (typeof moduleTypes)[number];
