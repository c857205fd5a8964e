export { incomingOf, modulesById, portsOf, reachableModules, targetOf, waitsForInput } from './graph';
export {
  FlowDocumentError,
  type FlowMigration,
  flowMigrations,
  loadFlow,
  migrateDocument,
} from './migrations';
export * from './schema';
export { starterFlow } from './starter';
export { type Finding, type FindingCode, type TemplateAnalyzer, validateFlow } from './validator';
