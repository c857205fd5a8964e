/** What the ports reject with when an outside call fails for a reason they can name. */
export {
  callFailure,
  callFailureOf,
  mapResponse,
  OutsideCallFailed,
  type ResponseMapping,
  readJsonPath,
} from '@parley/modules';
export { baseDimensions, type EngineEvent, type EventDimensions, type TraceEntry } from './events';
export {
  type MemoryModelStoreOptions,
  memoryModelStore,
  type NluModelRequest,
  type NluModelState,
  type NluModelStore,
} from './nlu/model-store';
export { modelKey, NluEngine, type NluModelNotice, type NluResult } from './nlu/nlu';
export { type NluIntent, NluModelTooLargeError, trainModel } from './nlu/train';
export { LOW_CONFIDENCE, MAX_STEPS_PER_TURN, runTurn, type TurnInput, type TurnResult } from './run-turn';
export type { AgentDelivery, EngineServices, InstanceDelivery, TurnMeta } from './services';
export { type ConversationState, conversationStateSchema, newConversationState } from './state';
export { cleanTranscript } from './transcript';
export { validateFlowTemplates } from './validate';
