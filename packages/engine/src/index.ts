export type { EngineEvent, EventDimensions, TraceEntry } from './events';
export { memoryModelStore, NluEngine, type NluModelStore, trainModel } from './nlu/nlu';
export { LOW_CONFIDENCE, MAX_STEPS_PER_TURN, runTurn, type TurnInput, type TurnResult } from './run-turn';
export type { EngineServices, TurnMeta } from './services';
export { type ConversationState, conversationStateSchema, newConversationState } from './state';
export { cleanTranscript } from './transcript';
export { validateFlowTemplates } from './validate';
