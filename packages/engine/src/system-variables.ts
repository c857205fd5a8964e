/** The variables every template can read without declaring them (see templateVariables). */
export const SYSTEM_VARIABLES = [
  'parley.transcript',
  'parley.chat_history',
  'parley.conversation_id',
  'parley.conversation_number',
  'parley.bot_id',
  'parley.deployment_id',
  'parley.channel',
  'parley.language',
  'sc',
  'channels_base_url',
] as const;
