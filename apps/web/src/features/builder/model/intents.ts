import type { Flow, FlowModule, Intent } from '@parley/flow';

/**
 * Edits of the bot's intents as pure functions over the flow (applied through the store, each one
 * undo step). Routers and intent triggers refer to intents by name, so a rename carries them along.
 */

/** A bot has at most this many intents, an intent this many phrases, a phrase this many characters. */
export const MAX_INTENTS = 500;
export const MAX_PHRASES = 1000;
export const MAX_PHRASE_LENGTH = 500;

/** Where an intent is listened for: intent routers (module ids) and global connections (ids). */
export interface IntentUses {
  routers: string[];
  globals: string[];
}

const routesIntent = (module: FlowModule, name: string) =>
  module.type === 'intent_router' && module.content.intents.includes(name);

export function intentUses(flow: Flow, name: string): IntentUses {
  return {
    routers: flow.modules.filter((module) => routesIntent(module, name)).map((module) => module.id),
    globals: flow.globalConnections
      .filter((global) => global.trigger.type === 'intent' && global.trigger.intent === name)
      .map((global) => global.id),
  };
}

const hasIntent = (flow: Flow, name: string) => flow.intents.some((intent) => intent.name === name);

/** A new intent without phrases, last in the list (nothing happens if the name is taken). */
export function addIntent(flow: Flow, name: string): Flow {
  if (hasIntent(flow, name) || flow.intents.length >= MAX_INTENTS) return flow;
  return { ...flow, intents: [...flow.intents, { name, utterances: [] }] };
}

const samePhrase = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Phrases trimmed, emptied ones and repeats (ignoring case) left out, in their order. */
export function cleanPhrases(phrases: string[]): string[] {
  const kept: string[] = [];
  for (const phrase of phrases) {
    const trimmed = phrase.trim().slice(0, MAX_PHRASE_LENGTH);
    if (trimmed && !kept.some((other) => samePhrase(other, trimmed))) kept.push(trimmed);
  }
  return kept.slice(0, MAX_PHRASES);
}

/** Replaces an intent's training phrases. */
export function setIntentPhrases(flow: Flow, name: string, phrases: string[]): Flow {
  const utterances = cleanPhrases(phrases);
  const current = flow.intents.find((intent) => intent.name === name);
  if (
    !current ||
    (current.utterances.length === utterances.length &&
      current.utterances.every((phrase, index) => phrase === utterances[index]))
  )
    return flow;
  return {
    ...flow,
    intents: flow.intents.map((intent) => (intent.name === name ? { ...intent, utterances } : intent)),
  };
}

/**
 * Renames an intent; the routers that route it (their output and its connection) and the global
 * connections that listen for it follow. Nothing happens if `to` is taken.
 */
export function renameIntent(flow: Flow, from: string, to: string): Flow {
  if (from === to || !hasIntent(flow, from) || hasIntent(flow, to)) return flow;
  const port = `intent:${from}`;
  return {
    ...flow,
    intents: flow.intents.map((intent) => (intent.name === from ? { ...intent, name: to } : intent)),
    modules: flow.modules.map((module) =>
      module.type === 'intent_router' && module.content.intents.includes(from)
        ? {
            ...module,
            content: {
              ...module.content,
              intents: module.content.intents.map((name) => (name === from ? to : name)),
            },
            connections: module.connections.map((connection) =>
              connection.port === port ? { ...connection, port: `intent:${to}` } : connection,
            ),
          }
        : module,
    ),
    globalConnections: flow.globalConnections.map((global) =>
      global.trigger.type === 'intent' && global.trigger.intent === from
        ? { ...global, trigger: { ...global.trigger, intent: to } }
        : global,
    ),
  };
}

/**
 * Removes an intent. Routers stop routing it (their output for it and its connection go); global
 * connections listening for it stay, and the validator asks for another trigger.
 */
export function removeIntent(flow: Flow, name: string): Flow {
  if (!hasIntent(flow, name)) return flow;
  const port = `intent:${name}`;
  return {
    ...flow,
    intents: flow.intents.filter((intent) => intent.name !== name),
    modules: flow.modules.map((module) =>
      module.type === 'intent_router' && module.content.intents.includes(name)
        ? {
            ...module,
            content: { ...module.content, intents: module.content.intents.filter((other) => other !== name) },
            connections: module.connections.filter((connection) => connection.port !== port),
          }
        : module,
    ),
  };
}

/** Why intents from a file cannot join the bot's: too many of them, or of one's phrases. */
export class IntentLimitError extends Error {
  override name = 'IntentLimitError';
  constructor(
    readonly code: 'tooManyIntents' | 'tooManyPhrases',
    readonly params: { intent?: string; limit: number },
  ) {
    super(
      code === 'tooManyIntents'
        ? `A bot has at most ${params.limit} intents`
        : `The intent “${params.intent}” would have more than ${params.limit} phrases`,
    );
  }
}

/**
 * Adds imported intents to the bot's: new names become intents, phrases join those of the intent
 * of the same name (a phrase it already has is not added twice). Throws IntentLimitError, leaving
 * the flow as it was, when the result would be over the limits.
 */
export function mergeIntents(flow: Flow, imported: Intent[]): { flow: Flow; created: number; added: number } {
  const intents = flow.intents.map((intent) => ({ ...intent }));
  let created = 0;
  let added = 0;
  for (const incoming of imported) {
    let intent = intents.find((candidate) => candidate.name === incoming.name);
    if (!intent) {
      if (intents.length >= MAX_INTENTS) throw new IntentLimitError('tooManyIntents', { limit: MAX_INTENTS });
      intent = { name: incoming.name, utterances: [] };
      intents.push(intent);
      created++;
    }
    const before = intent.utterances.length;
    const merged = [...intent.utterances];
    for (const phrase of incoming.utterances)
      if (!merged.some((other) => samePhrase(other, phrase))) merged.push(phrase.trim());
    if (merged.length > MAX_PHRASES)
      throw new IntentLimitError('tooManyPhrases', { intent: intent.name, limit: MAX_PHRASES });
    intent.utterances = merged;
    added += merged.length - before;
  }
  if (created === 0 && added === 0) return { flow, created, added };
  // Intents the file did not touch stay the same objects.
  const changed = new Map(intents.map((intent) => [intent.name, intent]));
  return {
    flow: {
      ...flow,
      intents: [
        ...flow.intents.map((intent) =>
          changed.get(intent.name)?.utterances.length === intent.utterances.length
            ? intent
            : (changed.get(intent.name) as Intent),
        ),
        ...intents.slice(flow.intents.length),
      ],
    },
    created,
    added,
  };
}
