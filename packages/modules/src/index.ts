export { definitionOf, type ModuleContent, moduleDefinitions } from './definitions';
export { PHONE_MAX_DIGITS, validateInput } from './input/validators';
export { buttonSchema, gotoPayload } from './kit/buttons';
export type * from './kit/module-kit';
export { compileUserPattern, type UserPattern } from './kit/user-pattern';
export { RESERVED_VARIABLES, setVariableActionSchema, variableNameSchema } from './kit/variables';
export { type ModuleType, moduleTypes } from './module-types';
export { moduleRuntimes, runtimeOf } from './runtimes';
export { joinUrl, normalizeLinks, renderMarkdown } from './text/links';
