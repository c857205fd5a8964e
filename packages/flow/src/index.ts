/** The generative settings a flow's settings carry (defined beside the knowledge port, in modules). */
export {
  DEFAULT_GENERATIVE_SETTINGS,
  type GenerativeSettings,
  generativeSettingsSchema,
} from '@parley/modules';
export { buttonLabelFor } from './button-labels';
export { incomingOf, modulesById, portsOf, reachableModules, targetOf, waitsForInput } from './graph';
export * from './lite/lite-answers';
export { type LiteMail, type LiteMailKind, liteMailsOf, mayMailLite } from './lite/lite-mail';
export {
  buildLiteFlow,
  isLiteShape,
  LITE_PROFILE_VARIABLE,
  LITE_TEMPLATE_VERSION,
  readLiteProfile,
} from './lite/lite-template';
export {
  FlowDocumentError,
  type FlowMigration,
  flowMigrations,
  loadFlow,
  migrateDocument,
} from './migrations';
export {
  DEFAULT_NLU_LIMITS,
  describeNluLimit,
  type NluLimitExceeded,
  type NluLimits,
  nluLimitExceeded,
  nluLimitProblem,
} from './nlu-limits';
export * from './schema';
export { starterFlow } from './starter';
export { type BotText, botTexts } from './texts';
export {
  type Trigger,
  type TriggerCheckContext,
  type TriggerFinding,
  type TriggerKind,
  type TriggerOf,
  type TriggerType,
  triggerKindOf,
  triggerKinds,
  triggerSchema,
  triggerSummary,
  triggerTypes,
} from './triggers';
export {
  type Finding,
  type FindingCode,
  type TemplateAnalyzer,
  type ValidateOptions,
  validateFlow,
} from './validator';
export { flowWords } from './words';
