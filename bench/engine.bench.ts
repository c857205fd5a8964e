/**
 * Engine throughput: turns per second and p99 turn time, on one core, for
 * (a) a 20-module scripted flow with templates and buttons, (b) an NLU-routed flow with 50 intents,
 * plus the time to train the 50 × 20 NLU model. Prints JSON.
 */

import {
  type ConversationState,
  type EngineServices,
  memoryModelStore,
  NluEngine,
  newConversationState,
  runTurn,
  type TurnInput,
  trainModel,
} from '@parley/engine';
import { flowFixture } from '@parley/flow/testing';
import { gotoPayload } from '@parley/modules';
import { percentile } from './stats';

const services: EngineServices = {
  llm: { complete: async () => ({ text: '' }) },
  http: { request: async () => ({ status: 200, headers: {}, body: '{}', durationMs: 1 }) },
  webhooks: { deliver: () => Promise.reject(new Error('no webhooks in this bench')) },
  agents: { run: () => Promise.reject(new Error('no agents in this bench')) },
  knowledge: {
    answer: async () => ({ outcome: 'no-match', text: '', citations: [], sources: [], model: 'none' }),
  },
  store: { call: () => Promise.reject(new Error('no store in this bench')) },
  nlu: memoryModelStore(),
  clock: { now: () => 1_800_000_000_000 },
  ids: { next: () => 'id' },
  random: () => 0.5,
};
const meta = {
  botId: 'b',
  deploymentId: 'd',
  conversationId: 'c',
  companyId: 'co',
  pageDomain: 'shop.example.com',
  url: 'https://shop.example.com/',
};

/** 20 modules: a menu of buttons; each choice runs text, set variable, condition and card modules back to the menu. */
function scriptedFlow() {
  const flow = flowFixture().module(
    'menu',
    'buttons',
    {
      text: 'Hi {{ name | default("there") }}! You have {{ cart | length }} items. Pick one:',
      buttons: ['tea', 'coffee', 'cake', 'help'].map((id) => ({
        id,
        label: id,
        action: { type: 'goto' as const },
        setVariables: [{ variable: 'last_choice', value: `"${id}"` }],
      })),
    },
    Object.fromEntries(['tea', 'coffee', 'cake', 'help'].map((id) => [`button:${id}`, `${id}-0`])),
  );
  for (const id of ['tea', 'coffee', 'cake'])
    flow
      .module(
        `${id}-0`,
        'text',
        { text: `Great, **${id}**! {{ cart | join(", ") if cart else "Your cart is empty." }}` },
        { next: `${id}-1` },
      )
      .module(
        `${id}-1`,
        'set_variable',
        {
          assignments: [
            { variable: 'cart', value: `(cart or []) + ["${id}"]` },
            { variable: 'count', value: '(count or 0) + 1' },
          ],
        },
        { next: `${id}-2` },
      )
      .module(
        `${id}-2`,
        'condition',
        { branches: [{ id: 'many', expression: 'count > 5' }] },
        { 'branch:many': `${id}-3`, else: `${id}-4` },
      )
      .module(
        `${id}-3`,
        'set_variable',
        {
          assignments: [
            { variable: 'count', value: '0' },
            { variable: 'cart', value: '[]' },
          ],
        },
        { next: `${id}-4` },
      )
      .module(
        `${id}-4`,
        'text',
        {
          text: '{% for item in cart %}- {{ item | title }}\n{% endfor %}Total: {{ "%.2f" | format(cart | length * 3.5) }} — see https://shop.example.com/cart.',
        },
        { next: `${id}-5` },
      )
      .module(`${id}-5`, 'jump', {}, { next: 'menu' });
  return flow.module('help-0', 'text', { text: 'Ask for tea, coffee or cake.' }, { next: 'menu' }).build();
}

const vocabulary = [
  'order',
  'refund',
  'track',
  'cancel',
  'price',
  'shipping',
  'account',
  'password',
  'invoice',
  'support',
  'delivery',
  'return',
  'size',
  'color',
  'stock',
  'store',
  'hours',
  'gift',
  'card',
  'discount',
];
function intents() {
  return Array.from({ length: 50 }, (_, i) => ({
    name: `intent_${i}`,
    utterances: Array.from(
      { length: 20 },
      (_, j) =>
        `${vocabulary[i % 20]} ${vocabulary[(i + j) % 20]} question ${j % 5} about ${vocabulary[(i * 3 + j) % 20]} number ${i}`,
    ),
  }));
}

function nluFlow() {
  const all = intents();
  const flow = flowFixture()
    .module(
      'router',
      'intent_router',
      { intents: all.map((intent) => intent.name) },
      {
        ...Object.fromEntries(all.map((intent) => [`intent:${intent.name}`, 'answer'])),
        fallback: 'answer',
      },
    )
    .module('answer', 'text', { text: 'Let me help you with that.' }, { next: 'router' });
  for (const intent of all) flow.intent(intent.name, intent.utterances);
  return flow.build();
}

async function measure(
  name: string,
  turns: number,
  flow: ReturnType<typeof scriptedFlow>,
  inputFor: (index: number, state: ConversationState) => TurnInput,
  nlu: NluEngine,
) {
  let state = (await runTurn(flow, newConversationState(), { type: 'start' }, services, meta, nlu)).state;
  // Warm-up: let the JIT and caches settle.
  for (let index = 0; index < 500; index++)
    state = (await runTurn(flow, state, inputFor(index, state), services, meta, nlu)).state;
  const durations: number[] = [];
  const started = process.hrtime.bigint();
  for (let index = 0; index < turns; index++) {
    const before = process.hrtime.bigint();
    state = (await runTurn(flow, state, inputFor(index, state), services, meta, nlu)).state;
    durations.push(Number(process.hrtime.bigint() - before) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  durations.sort((a, b) => a - b);
  return {
    name,
    turns,
    turnsPerSecond: Math.round(turns / seconds),
    p50Ms: +percentile(durations, 50).toFixed(3),
    p99Ms: +percentile(durations, 99).toFixed(3),
  };
}

const scripted = scriptedFlow();
const choices = ['tea', 'coffee', 'cake', 'help'];
const scriptedResult = await measure(
  'scripted 20-module flow (templates, buttons)',
  20_000,
  scripted,
  (index) => ({ type: 'postback', payload: gotoPayload('menu', choices[index % 4] as string) }),
  new NluEngine(memoryModelStore()),
);

const trainingStarted = process.hrtime.bigint();
await trainModel('en', intents());
const trainingMs = Number(process.hrtime.bigint() - trainingStarted) / 1e6;

const questions = [
  'where is my order',
  'I want a refund for my order',
  'track shipping delivery',
  'what are the store hours',
  'discount on gift card',
  'change my password please',
];
const nluResult = await measure(
  'NLU-routed flow (50 intents)',
  5_000,
  nluFlow(),
  (index) => ({ type: 'text', text: questions[index % questions.length] as string }),
  new NluEngine(memoryModelStore()),
);

console.log(
  JSON.stringify(
    {
      node: process.version,
      results: [scriptedResult, nluResult],
      nluTraining50x20Ms: Math.round(trainingMs),
    },
    null,
    2,
  ),
);
