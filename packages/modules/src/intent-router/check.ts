import type { CheckContext, ModuleFinding } from '../kit/module-kit';

/**
 * An intent router needs intents to route, each one the bot defines and has phrases for: else
 * every message (or that intent's branch) is never taken.
 */
export function checkIntentRouter(
  // The content's intents only: the schema uses this check, so the check does not import it.
  content: { intents: string[] },
  { label, intents, untrainedIntents }: CheckContext,
): ModuleFinding[] {
  const findings: ModuleFinding[] = [];
  if (content.intents.length === 0)
    findings.push({
      severity: 'warning',
      code: 'no-intents',
      message: `${label} routes no intent yet: every message takes “Not understood”`,
    });
  for (const intent of content.intents) {
    if (!intents.has(intent))
      findings.push({
        severity: 'error',
        code: 'unknown-intent',
        intent,
        message: `${label} routes the intent “${intent}”, which the bot does not define`,
      });
    else if (untrainedIntents.has(intent))
      findings.push({
        severity: 'warning',
        code: 'intent-without-phrases',
        intent,
        message: `${label} routes the intent “${intent}”, which has no training phrases: it is never predicted`,
      });
  }
  return findings;
}
