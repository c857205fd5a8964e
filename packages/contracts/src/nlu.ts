import { z } from 'zod';

/** `POST /api/bots/{id}/nlu/predictions`: the builder's try-it box, on the draft's intents. */
export const predictIntentRequestSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'Type a message to try')
    .max(2000, 'Messages to try are at most 2000 characters'),
});
export type PredictIntentRequest = z.infer<typeof predictIntentRequestSchema>;

export const intentPredictionSchema = z.object({
  intent: z.string(),
  /** 0..1 */
  confidence: z.number().min(0).max(1),
});
export type IntentPrediction = z.infer<typeof intentPredictionSchema>;

/** The draft revision whose intents answered (or would have). */
const draftRevision = z.int32().min(0);

/**
 * What the model of the draft's intents predicts, best first (at most five), or why it cannot yet:
 * still training (ask again shortly), refused (over the limits, or training failed: `reason`), or
 * no intent of the draft has training phrases.
 */
export const predictIntentResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('ready'),
    predictions: z.array(intentPredictionSchema).max(5),
    draftRevision,
  }),
  z.object({ status: z.literal('training'), draftRevision }),
  z.object({ status: z.literal('refused'), reason: z.string(), draftRevision }),
  z.object({ status: z.literal('no-intents'), draftRevision }),
]);
export type PredictIntentResponse = z.infer<typeof predictIntentResponseSchema>;
