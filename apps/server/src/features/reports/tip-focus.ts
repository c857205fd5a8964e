/** A bot's share of the report's figures, and whether its flow marks any module as a goal. */
export interface BotFigures {
  botId: string;
  conversations: number;
  goalConversations: number;
  fallbacks: number;
  sessions: number;
  openedSessions: number;
  hasGoalModule: boolean;
}

/** The bot each tip is best acted on in (null: no bot fits, and that tip cannot come up). */
export interface TipFocus {
  /** Whether any of the bots has a goal module (tips ask to mark goals only when none has). */
  hasGoalModules: boolean;
  unrecognized: string | null;
  greeting: string | null;
  goalSetup: string | null;
  funnel: string | null;
}

function most(bots: BotFigures[], figure: (bot: BotFigures) => number): string | null {
  let best: BotFigures | undefined;
  for (const bot of bots) if (!best || figure(bot) > figure(best)) best = bot;
  return best?.botId ?? null;
}

/**
 * Where the tips of a report over several bots lead: the bot that falls back most, the one whose
 * sessions leave the chat closed most, the busiest one without goals, the one missing its goals
 * most. Over one bot, that bot for all of them.
 */
export function tipFocus(bots: BotFigures[]): TipFocus {
  // Goals matter in the bots that had conversations: a goal in a bot nobody talked to reaches none.
  const talked = bots.filter((bot) => bot.conversations > 0);
  const withGoals = talked.filter((bot) => bot.hasGoalModule);
  return {
    hasGoalModules: withGoals.length > 0,
    unrecognized: most(bots, (bot) => bot.fallbacks),
    greeting: most(bots, (bot) => bot.sessions - bot.openedSessions),
    goalSetup: most(
      talked.filter((bot) => !bot.hasGoalModule),
      (bot) => bot.conversations,
    ),
    funnel: most(withGoals, (bot) => bot.conversations - bot.goalConversations),
  };
}
