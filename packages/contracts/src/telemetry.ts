import { z } from 'zod';

/**
 * One Application Insights envelope as the web SDK sends it (Breeze schema): the collector
 * validates each one and keeps page views, events, exceptions and the rest.
 */
export const telemetryEnvelopeSchema = z.object({
  name: z.string().min(1).max(1024),
  time: z.iso.datetime({ offset: true }),
  iKey: z.string().min(1).max(200),
  tags: z.record(z.string(), z.string().max(2048)).optional(),
  data: z.object({
    baseType: z.string().min(1).max(150),
    baseData: z.record(z.string(), z.unknown()),
  }),
});
export type TelemetryEnvelope = z.infer<typeof telemetryEnvelopeSchema>;

/** The collector's answer, in the shape the SDK reads (partial success answers 206 with errors). */
export const telemetryResponseSchema = z.object({
  itemsReceived: z.number().int(),
  itemsAccepted: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), statusCode: z.number().int(), message: z.string() })),
});
export type TelemetryResponse = z.infer<typeof telemetryResponseSchema>;
