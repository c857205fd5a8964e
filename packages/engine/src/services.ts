import type {
  AgentCall,
  AgentCallResult,
  HttpRequest,
  HttpResponse,
  InstanceCall,
  InstanceCallResult,
  KnowledgeAnswer,
  KnowledgeRequest,
  LlmRequest,
  LlmToolCall,
  LlmUsage,
  StorePort,
} from '@parley/modules';
import type { NluModelStore } from './nlu/model-store';

/**
 * Everything with a side effect, supplied by the host (server, tester, tests). The engine itself
 * touches no database, network, clock or randomness. A port whose call fails rejects with an
 * `OutsideCallFailed` naming why (no model configured, an error status, a timeout…), so the module
 * can say it; any other rejection is reported as `unknown`.
 */
export interface EngineServices {
  llm: {
    complete(
      request: LlmRequest,
      onToken?: (token: string) => void,
    ): Promise<{ text: string; usage?: LlmUsage; toolCalls?: LlmToolCall[] }>;
  };
  http: { request(request: HttpRequest): Promise<HttpResponse> };
  /** The company's installed webhooks: the host makes, signs and logs the delivery. */
  webhooks: {
    deliver(call: InstanceDelivery): Promise<InstanceCallResult>;
    /**
     * The same call is about to be delivered: a host may start what the delivery needs that has
     * no side effect (reading the instance) while it records the call, so the two overlap.
     */
    warm?(call: InstanceDelivery): void;
  };
  /** Retrieval over the bot's knowledge and one model call: an answer with citations, or no match. */
  knowledge: { answer(request: KnowledgeRequest): Promise<KnowledgeAnswer> };
  /** The company's connected store (Shopify): the host holds the token and makes the calls. */
  store: { call: StorePort };
  /** AI agents of the company (the Agent module): the host runs the turn and keeps its trace. */
  agents: { run(call: AgentDelivery): Promise<AgentCallResult> };
  /** Where trained NLU models are kept between turns (per flow version). */
  nlu: NluModelStore;
  clock: { now(): number };
  ids: { next(): string };
  random(): number;
}

/** An installed webhook's call with what the host needs to render and log it. */
export interface InstanceDelivery extends InstanceCall {
  /** The conversation's variables, for the template's own parts. */
  variables: Record<string, unknown>;
  companyId: string;
  botId: string;
  conversationId: string;
  moduleId: string;
}

/** An agent's turn with where it happens, for the host to keep its run with the conversation. */
export interface AgentDelivery extends AgentCall {
  companyId: string;
  botId: string;
  conversationId: string;
  moduleId: string;
}

/** Who and where a turn happens, for the events' dimensions (spec §3). */
export interface TurnMeta {
  botId: string;
  deploymentId: string;
  conversationId: string;
  companyId: string;
  inboxConversationId?: string;
  channel?: string;
  /** Where the widget runs (Message Sent carries them). */
  pageDomain?: string;
  url?: string;
  /** Messaging-suite context (`sc`), when the channel provides it. */
  sc?: Record<string, unknown>;
  /** Base address of the channels service; templates join paths onto it. */
  channelsBaseUrl?: string;
  /** Receives an LLM module's answer token by token while it is generated. */
  onLlmToken?: (token: string, moduleId: string) => void;
  /** Each trace entry carries the variables as they were after it (the debugger shows them). */
  traceVariables?: boolean;
}
