/**
 * The bottom layer of Parley's shared packages: what a bot says (messages, buttons, cards) and why a
 * call to the outside world failed, and the events a conversation logs. Modules produce these, flows and contracts carry them, every
 * screen shows them; so they sit below all of those. `./links` and `./safe-url` are separate entry
 * points without zod, so the widget stays small.
 */
export * from './bot-message-kinds';
export * from './bot-messages';
export * from './call-failures';
export * from './conversation-events';
