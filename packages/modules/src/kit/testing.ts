import type { BotMessage } from '@parley/kit';
import type { KnowledgeAnswer } from './knowledge';
import type {
  AgentCall,
  AgentCallResult,
  ExecutionContext,
  HttpRequest,
  HttpResponse,
  InstanceCall,
  InstanceCallResult,
  LlmRequest,
  NluEntity,
  NluPrediction,
} from './module-kit';
import type { StorePort } from './store';

/**
 * A context for module unit tests: templates render `{{ name }}` placeholders from the variables,
 * expressions read variables or JSON literals; everything sent or emitted is recorded.
 */
export function testContext(
  options: {
    variables?: Record<string, unknown>;
    http?: (request: HttpRequest) => Promise<HttpResponse>;
    deliver?: (call: InstanceCall) => Promise<InstanceCallResult>;
    llm?: (request: LlmRequest, onToken?: (token: string) => void) => Promise<{ text: string }>;
    nlu?: (text: string) => Promise<{ predictions: NluPrediction[]; entities: NluEntity[] }>;
    transcript?: { role: 'user' | 'bot'; utterance: string }[];
    knowledge?: (question: string) => Promise<KnowledgeAnswer>;
    store?: StorePort;
    agent?: (call: AgentCall) => Promise<AgentCallResult>;
  } = {},
) {
  const variables = new Map(Object.entries(options.variables ?? {}));
  const sent: BotMessage[] = [];
  const events: { name: string; data?: Record<string, unknown> }[] = [];
  const lookup = (name: string) => variables.get(name.trim());
  const context: ExecutionContext = {
    moduleId: 'm1',
    render: (template) =>
      template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => String(lookup(name) ?? '')),
    evaluate: (expression) => {
      const trimmed = expression.trim();
      if (variables.has(trimmed)) return variables.get(trimmed);
      try {
        return JSON.parse(trimmed);
      } catch {
        throw new Error(`test context cannot evaluate ${expression}`);
      }
    },
    isTruthy: (expression) => {
      const [name, op, literal] = expression.trim().split(/\s+/);
      const value = lookup(name ?? '');
      if (op === '>') return Number(value) > Number(literal);
      if (op === '==') return String(value) === JSON.parse(literal ?? 'null');
      return Boolean(value);
    },
    getVariable: (name) => variables.get(name),
    setVariable: (name, value) => void variables.set(name, value),
    send: (message) => void sent.push(message),
    emit: (name, data) => void events.push({ name, data }),
    transcript: () => options.transcript ?? [],
    http: options.http ?? (() => Promise.reject(new Error('no http in this test'))),
    deliver: options.deliver ?? (() => Promise.reject(new Error('no webhooks in this test'))),
    llm: options.llm ?? (() => Promise.reject(new Error('no llm in this test'))),
    nlu: options.nlu ?? (() => Promise.resolve({ predictions: [], entities: [] })),
    knowledge: options.knowledge ?? (() => Promise.reject(new Error('no knowledge in this test'))),
    store: options.store ?? (() => Promise.reject(new Error('no store in this test'))),
    agent: options.agent ?? (() => Promise.reject(new Error('no agents in this test'))),
  };
  return { context, variables, sent, events };
}
