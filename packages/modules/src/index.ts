export { definitionOf, type ModuleContent, moduleDefinitions } from './definitions';
export { HANDOFF_PRIORITIES } from './handoff/schema';
export { PHONE_MAX_DIGITS, validateInput } from './input/validators';
export { DEFAULT_NLU_THRESHOLD } from './intent-router/schema';
export { buttonSchema, gotoPayload } from './kit/buttons';
export { callFailure, callFailureOf, OutsideCallFailed } from './kit/call-failure';
export { intentNameSchema, toIntentName } from './kit/intents';
export { kitWords } from './kit/kit-words';
export {
  ANSWER_LENGTH_TOKENS,
  type AnswerLength,
  DEFAULT_GENERATIVE_SETTINGS,
  type GenerativeSettings,
  generativeSettingsSchema,
  type KnowledgeAnswer,
  type KnowledgeRequest,
  knowledgeRequestOf,
  type RetrievedSource,
} from './kit/knowledge';
export type * from './kit/module-kit';
export type * from './kit/store';
export { compileUserPattern, type PatternRefusal, type UserPattern } from './kit/user-pattern';
export { RESERVED_VARIABLES, setsNone, setVariableActionSchema, variableNameSchema } from './kit/variables';
export {
  englishOf,
  fillWord,
  type ModuleWords,
  type Say,
  UnknownWordError,
  type WordKey,
  type WordValues,
} from './kit/words';
export { FALLBACK_MODEL, SUGGESTED_MODELS } from './llm/models';
export { type ModuleType, moduleTypes } from './module-types';
export { moduleRuntimes, runtimeOf } from './runtimes';
export { joinUrl, normalizeLinks, renderMarkdown } from './text/links';
export { mapResponse, type ResponseMapping, readJsonPath } from './webhook/response-mapping';
