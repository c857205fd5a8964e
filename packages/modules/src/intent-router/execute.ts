import { EVENT } from '@parley/kit';
import type { ModuleRuntime } from '../kit/module-kit';
import type { IntentRouterContent } from './schema';

export const intentRouterRuntime: ModuleRuntime<IntentRouterContent> = {
  enter(content, context) {
    const prompt = content.prompt ? context.render(content.prompt).trim() : '';
    if (prompt) context.send({ type: 'text', text: prompt });
    return { kind: 'wait' };
  },
  async receive(content, input, context) {
    if (input.kind !== 'text') return { kind: 'nomatch' };
    const { predictions } = await context.nlu(input.text);
    const best = predictions.find((prediction) => content.intents.includes(prediction.intent));
    if (best && best.confidence >= content.threshold)
      return { kind: 'continue', port: `intent:${best.intent}` };
    if (best)
      context.emit(EVENT.LowConfidencePrediction, {
        intent: best.intent,
        confidence: best.confidence,
        text: input.text,
      });
    return { kind: 'continue', port: 'fallback' };
  },
};
