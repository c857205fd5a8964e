import type { ModuleType, moduleDefinitions } from '@parley/modules';
import type { z } from 'zod';
import {
  type Connection,
  type Flow,
  flowSchema,
  type flowSettingsSchema,
  type flowVariableSchema,
  type globalConnectionSchema,
  type intentSchema,
  type tagSchema,
} from '../schema';
import { starterFlow } from '../starter';

/** A module type's content as a fixture writes it: the fields its schema fills in may be left out. */
export type ContentOf<T extends ModuleType> = z.input<(typeof moduleDefinitions)[T]['content']>;

/**
 * Where a module's output ports lead: `{ next: 'menu', 'button:tea': 'count' }` (connection ids
 * made from the module id and port), or connections spelled out when a test names their ids.
 */
export type Wiring = Record<string, string> | Connection[];

/** The module fields besides its content and connections. */
export interface ModuleExtras {
  name?: string;
  position?: { x: number; y: number };
  tags?: string[];
  isGoal?: boolean;
  goalValue?: number;
}

/** One module as `flowOf` takes it: `[id, type, content, wiring?, extras?]`, typed by its type. */
export type ModuleSpec = {
  [T in ModuleType]: [id: string, type: T, content: ContentOf<T>, wiring?: Wiring, extras?: ModuleExtras];
}[ModuleType];

type GlobalConnectionInput = z.input<typeof globalConnectionSchema>;

function connectionsOf(moduleId: string, wiring: Wiring): Connection[] {
  if (Array.isArray(wiring)) return wiring;
  return Object.entries(wiring).map(([port, target]) => ({
    // Ids allow letters, digits, _ and - only: `button:tea` becomes `start-button_tea`.
    id: `${moduleId}-${port}`.replace(/[^\w-]/g, '_'),
    port,
    target,
  }));
}

/**
 * A bot flow for tests, benches, journeys and the demo, written as it reads and typed by each
 * module type's content schema:
 *
 * ```ts
 * flowFixture()
 *   .module('start', 'input', { prompt: 'Your name?', variable: 'name', validator: { type: 'text' } }, { next: 'hello' })
 *   .module('hello', 'text', { text: 'Hi {{ name }}' })
 *   .build();
 * ```
 *
 * The flow starts at the first module unless `startAt` says otherwise. `build()` answers a whole
 * document; `onto(starter)` puts the fixture over a bot's starter flow (its settings kept), as
 * tests that save a new bot's flow do. Both parse the result, so a fixture the schema refuses
 * fails where it is written.
 */
export class FlowFixture {
  /** Modules, or where the starter flow's welcome module goes (with its wiring). */
  private readonly modules: ({ module: unknown } | { starterWelcome: Wiring })[] = [];
  private readonly globals: GlobalConnectionInput[] = [];
  private readonly tagList: z.input<typeof tagSchema>[] = [];
  private readonly intentList: z.input<typeof intentSchema>[] = [];
  private readonly variableList: z.input<typeof flowVariableSchema>[] = [];
  private settingsPatch: Partial<z.input<typeof flowSettingsSchema>> = {};
  private startId: string | undefined;

  /** Adds a module of `type` with its `content`, its ports wired to other modules. */
  module<T extends ModuleType>(
    id: string,
    type: T,
    content: ContentOf<T>,
    wiring: Wiring = {},
    extras: ModuleExtras = {},
  ): this {
    this.modules.push({ module: { id, type, content, connections: connectionsOf(id, wiring), ...extras } });
    return this;
  }

  /**
   * Keeps the starter flow's welcome module as a new bot has it (its text in the bot's language),
   * wired to other modules.
   */
  starterWelcome(wiring: Wiring = {}): this {
    this.modules.push({ starterWelcome: wiring });
    return this;
  }

  /** Adds modules written as `[id, type, content, wiring?, extras?]`. */
  modulesOf(specs: readonly ModuleSpec[]): this {
    for (const [id, type, content, wiring, extras] of specs)
      this.module(id, type, content as ContentOf<typeof type>, wiring, extras);
    return this;
  }

  /** The module the conversation starts at (else the first one added). */
  startAt(id: string): this {
    this.startId = id;
    return this;
  }

  /** A global connection: checked before the waiting module on every message. */
  global(connection: GlobalConnectionInput): this {
    this.globals.push(connection);
    return this;
  }

  tag(tag: z.input<typeof tagSchema>): this {
    this.tagList.push(tag);
    return this;
  }

  intent(name: string, utterances: string[]): this {
    this.intentList.push({ name, utterances });
    return this;
  }

  /** A declared conversation variable with its starting value. */
  variable(variable: z.input<typeof flowVariableSchema>): this {
    this.variableList.push(variable);
    return this;
  }

  settings(settings: Partial<z.input<typeof flowSettingsSchema>>): this {
    this.settingsPatch = { ...this.settingsPatch, ...settings };
    return this;
  }

  /** The fixture as a whole flow document. */
  build(): Flow {
    return this.onto({ ...starterFlow(), modules: [] });
  }

  /**
   * The fixture over `starter` (a new bot's flow): its modules and start replace the starter's;
   * tags, global connections, intents and variables replace the starter's when the fixture has
   * any; settings the fixture sets are changed, the rest kept.
   */
  readonly onto = (starter: Partial<Flow> | Record<string, unknown>): Flow => {
    const welcome = (starter.modules as { id: string }[] | undefined)?.[0] ?? starterFlow().modules[0];
    const modules = this.modules.map((entry) =>
      'module' in entry
        ? entry.module
        : { ...welcome, connections: connectionsOf(welcome?.id ?? 'start', entry.starterWelcome) },
    );
    const first = (modules[0] as { id: string } | undefined)?.id;
    const startModuleId = this.startId ?? first;
    if (!startModuleId) throw new Error('a flow fixture needs a module');
    const replaced = <T>(mine: T[], key: string) => (mine.length > 0 ? { [key]: mine } : {});
    return flowSchema.parse({
      ...starter,
      startModuleId,
      modules,
      ...replaced(this.tagList, 'tags'),
      ...replaced(this.globals, 'globalConnections'),
      ...replaced(this.intentList, 'intents'),
      ...replaced(this.variableList, 'variables'),
      settings: { ...(starter.settings as object | undefined), ...this.settingsPatch },
    });
  };
}

/** Starts a flow fixture: `flowFixture().module(…).module(…).build()`. */
export function flowFixture(): FlowFixture {
  return new FlowFixture();
}

/** A whole flow from module specs, the first one the start: `flowOf([['start', 'text', { text: 'Hi' }]])`. */
export function flowOf(specs: readonly ModuleSpec[]): Flow {
  return flowFixture().modulesOf(specs).build();
}
