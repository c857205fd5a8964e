/**
 * The one line Parley's workspaces stand in, bottom first. A workspace may import only workspaces
 * below it, so no two packages depend on each other, however indirectly. A new workspace gets its
 * place here (the layers test fails until it has one).
 *
 * - kit: what a bot says (message shapes) and why an outside call failed; shown everywhere.
 * - modules: one folder per module type (schema, run, check, panel).
 * - flow: the bot document, built of modules.
 * - contracts: the wire (API payloads and events), which carries flows and messages.
 * - engine: the pure runtime, which runs flows and reports traces in contract shapes.
 * - sdk, webchat: the public chat client and the widget built on it.
 * - server, web: the apps; nothing imports them.
 */
export const LAYERS = [
  '@parley/kit',
  '@parley/modules',
  '@parley/flow',
  '@parley/contracts',
  '@parley/engine',
  '@parley/sdk',
  '@parley/webchat',
  '@parley/server',
  '@parley/web',
] as const;

/** Folders whose files must not import each other in a circle (`src` of every workspace, at least). */
export const ACYCLIC_FOLDERS = ['packages', 'apps/server/src', 'apps/web/src'];
