import type { FlowModule } from '@parley/flow';
import {
  definitionOf,
  type ModuleType,
  type NewModuleSetup,
  type Port,
  type WordValues,
} from '@parley/modules';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { frontendConfigQuery } from '../../../shared/config/frontend-config';

/** A word by key (`ports.next`), its placeholders filled. */
export type SayWord = (key: string, values?: WordValues) => string;

/**
 * What the builder says about module types in the user's language: each type's words
 * (packages/modules/<type>/words.ts) translated from locales/<lng>/modules.json.
 */
export interface ModuleWordsIn {
  /** A type's words in this language, for its definition's `say`. */
  say(type: ModuleType): SayWord;
  /** The words all types share (modules.json `kit`): schema messages, pattern refusals. */
  kit: SayWord;
  /** The type's name ("Text", "Texto"). */
  typeName(type: ModuleType): string;
  /** The module's outputs, those its type names itself in this language. */
  ports(module: FlowModule): Port[];
  /** The module's content at a glance, as the canvas and the find panel show it. */
  summary(module: FlowModule): string[];
  /**
   * A new module of the type: its name and content, in this language (for addModule), with what
   * the installation sets up (its language model); useNewModule passes the configured one.
   */
  fresh(type: ModuleType, setup?: NewModuleSetup): { name: string; content: unknown };
}

/** The module words of one language, from the `modules` namespace's `t`. */
export function moduleWordsIn(t: TFunction<'modules'>): ModuleWordsIn {
  const says = new Map<ModuleType, SayWord>();
  const say = (type: ModuleType): SayWord => {
    let found = says.get(type);
    if (!found) {
      const { key } = definitionOf(type).words;
      found = (word, values) => t(`${key}.${word}`, values);
      says.set(type, found);
    }
    return found;
  };
  return {
    say,
    kit: (word, values) => t(`kit.${word}`, values),
    typeName: (type) => say(type)('type'),
    ports: (module) => definitionOf(module.type).ports(module.content, say(module.type)),
    summary: (module) => definitionOf(module.type).summary(module.content, say(module.type)),
    fresh: (type, setup) => ({
      name: say(type)('type'),
      content: definitionOf(type).create(say(type), setup),
    }),
  };
}

/**
 * How the builder makes a new module of a type: named in the user's language, set up as this
 * installation is (an LLM module names the server's configured model, not a fixed one).
 */
export function useNewModule(): (type: ModuleType) => { name: string; content: unknown } {
  const words = useModuleWords();
  const defaultModel = useQuery(frontendConfigQuery).data?.llm.defaultModel;
  return useCallback((type: ModuleType) => words.fresh(type, { defaultModel }), [words, defaultModel]);
}

/** The module words of the user's language; a new object when the language changes. */
export function useModuleWords(): ModuleWordsIn {
  const { t } = useTranslation('modules');
  return useMemo(() => moduleWordsIn(t), [t]);
}
