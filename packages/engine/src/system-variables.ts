/** The variables every template can read without declaring them (see templateVariables). */
export const SYSTEM_VARIABLES = [
  { name: 'parley.transcript', description: 'The conversation so far: role and utterance of each message' },
  { name: 'parley.chat_history', description: 'The conversation as chat messages (for LLM prompts)' },
  { name: 'parley.conversation_id', description: 'This conversation’s id' },
  { name: 'parley.conversation_number', description: 'How many times this visitor has started over' },
  { name: 'parley.bot_id', description: 'The bot’s id' },
  { name: 'parley.deployment_id', description: 'The deployment serving the conversation' },
  { name: 'parley.channel', description: 'The channel: webchat, test, …' },
  { name: 'parley.language', description: 'The bot’s language' },
  { name: 'sc', description: 'The messaging suite’s context, where the channel provides it' },
  { name: 'channels_base_url', description: 'The base address of Parley’s channels' },
] as const;
