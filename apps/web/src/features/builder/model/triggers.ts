import type { Trigger } from '@parley/flow';

/** A trigger in a few words, for lists and the canvas: `“help”, “agent”`, `/^refund/i`, … */
export function triggerSummary(trigger: Trigger): string {
  switch (trigger.type) {
    case 'keyword':
      return `${trigger.keywords.map((keyword) => `“${keyword}”`).join(', ')}${trigger.match === 'contains' ? ' …' : ''}`;
    case 'regex':
      return `/${trigger.pattern}/${trigger.flags}`;
    case 'intent':
      return `#${trigger.intent}`;
    case 'postback':
      return `⤷ ${trigger.payload}`;
  }
}
