import type { Finding, FindingCode, Flow } from '@parley/flow';
import type { PatternRefusal } from '@parley/modules';
import type { TFunction } from 'i18next';
import type { ModuleWordsIn } from './module-words';

type T = TFunction<'builder'>;

/** What a finding's words need: the builder's and the modules' `t`, and the flow it is about. */
interface Context {
  t: T;
  words: ModuleWordsIn;
  flow: Flow;
  /** “Welcome”, or “module text-2” when it has no name. */
  module(id: string | undefined): string;
  /** “Opening hours”: a global connection by name (or id). */
  global(id: string | undefined): string;
  /** The module or global connection the finding is about. */
  where(finding: Finding): string;
}

const refusalText = (refusal: PatternRefusal | undefined, context: Context) =>
  refusal ? context.words.kit(`refusals.${refusal.code}`, refusal) : '';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A port of a module by id, named in the user's language (a button's or intent's by its own text). */
function portName(context: Context, moduleId: string | undefined, port: string): string {
  const module = context.flow.modules.find((candidate) => candidate.id === moduleId);
  return module
    ? (context.words.ports(module).find((candidate) => candidate.id === port)?.label ?? port)
    : port;
}

/**
 * Each finding code in the user's language; the validator's English `message` stays for the API.
 * Typed by code so a new one cannot be left out.
 */
const texts = {
  'missing-start': (f, c) => c.t('problems.finding.missingStart', { id: f.target }),
  'duplicate-id': (f, c) => c.t('problems.finding.duplicateId', { id: f.moduleId }),
  'connection-to-missing-module': (f, c) =>
    f.fallback
      ? c.t('problems.finding.fallbackToMissing', { id: f.target })
      : c.t('problems.finding.connectionToMissing', { module: c.module(f.moduleId), id: f.target }),
  'unknown-port': (f, c) =>
    c.t('problems.finding.unknownPort', { module: c.module(f.moduleId), port: f.port }),
  'duplicate-port-connection': (f, c) =>
    c.t('problems.finding.duplicatePort', {
      module: c.module(f.moduleId),
      port: portName(c, f.moduleId, f.port ?? ''),
    }),
  'global-to-missing-module': (f, c) =>
    c.t('problems.finding.globalToMissing', { global: c.global(f.connectionId) }),
  'invalid-regex': (f, c) =>
    f.moduleId
      ? c.t('problems.finding.invalidPattern', {
          module: c.module(f.moduleId),
          pattern: f.pattern,
          reason: refusalText(f.refusal, c),
        })
      : c.t('problems.finding.invalidGlobalPattern', {
          global: c.global(f.connectionId),
          reason: refusalText(f.refusal, c),
        }),
  'unknown-intent': (f, c) =>
    f.moduleId
      ? c.t('problems.finding.unknownIntent', { module: c.module(f.moduleId), intent: f.intent })
      : c.t('problems.finding.unknownGlobalIntent', { global: c.global(f.connectionId), intent: f.intent }),
  'no-intents': (f, c) =>
    c.t('problems.finding.noIntents', {
      module: c.module(f.moduleId),
      fallback: c.words.say('intent_router')('ports.fallback'),
    }),
  'intent-without-phrases': (f, c) =>
    f.moduleId
      ? c.t('problems.finding.intentWithoutPhrases', { module: c.module(f.moduleId), intent: f.intent })
      : c.t('problems.finding.globalIntentWithoutPhrases', {
          global: c.global(f.connectionId),
          intent: f.intent,
        }),
  'nlu-model-too-large': (f, c) =>
    f.nluLimit?.kind === 'utteranceLength'
      ? c.t('problems.finding.utteranceTooLong', { ...f.nluLimit })
      : c.t('problems.finding.tooManyUtterances', { ...f.nluLimit }),
  'unknown-tag': (f, c) => c.t('problems.finding.unknownTag', { module: c.module(f.moduleId) }),
  'template-error': (f, c) =>
    f.line
      ? c.t('problems.finding.templateErrorAtLine', { where: c.where(f), detail: f.detail, line: f.line })
      : c.t('problems.finding.templateError', { where: c.where(f), detail: f.detail }),
  'loop-without-input': (f, c) =>
    c.t('problems.finding.loop', { modules: (f.moduleIds ?? []).map((id) => c.module(id)).join(' → ') }),
  'dead-end': (f, c) =>
    c.t('problems.finding.deadEnd', {
      module: c.module(f.moduleId),
      ports: (f.ports ?? []).map((port) => portName(c, f.moduleId, port)).join(', '),
    }),
  unreachable: (f, c) => c.t('problems.finding.unreachable', { module: c.module(f.moduleId) }),
  'undeclared-variable': (f, c) =>
    c.t('problems.finding.undeclaredVariable', { where: c.where(f), variable: f.variable }),
  // The suggestion is Jinja: a value, so the translation's own {{ }} do not read it.
  'nullable-printed': (f, c) =>
    c.t('problems.finding.nullablePrinted', {
      where: c.where(f),
      variable: f.variable,
      suggestion: `{{ ${f.variable} | default('…', true) }}`,
    }),
} satisfies Record<FindingCode, (finding: Finding, context: Context) => string>;

/** Says the validator's findings on `flow` in the language of `t` and `words`. */
export function findingTextIn(t: T, words: ModuleWordsIn, flow: Flow): (finding: Finding) => string {
  const quoted = (text: string) => t('problems.quoted', { text });
  const context: Context = {
    t,
    words,
    flow,
    module: (id) => {
      const module = flow.modules.find((candidate) => candidate.id === id);
      return module?.name ? quoted(module.name) : t('problems.moduleById', { id });
    },
    global: (id) => {
      const global = flow.globalConnections.find((candidate) => candidate.id === id);
      return quoted(global?.name || (id ?? ''));
    },
    where: (finding) =>
      finding.moduleId
        ? context.module(finding.moduleId)
        : t('problems.globalConnection', { global: context.global(finding.connectionId) }),
  };
  // "module text-2 cannot be reached" starts a sentence when the module has no name.
  return (finding) => upperFirst(texts[finding.code](finding, context));
}
