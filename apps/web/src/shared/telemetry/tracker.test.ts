import type { FrontendConfig } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { appInsightsConfig, createTracker, isTelemetryHost, noopTracker, telemetrySettings } from './tracker';

const config: FrontendConfig = {
  statusPageUrl: 'https://status.test',
  supportUrl: 'https://support.test',
  agentsApiBaseUrl: '/agents-api',
  telemetry: { instrumentationKey: 'key', endpointPath: '/telemetry' },
  llm: { configured: false, defaultModel: 'gpt-4o-mini' },
  nlu: { maxUtterances: 5000, maxUtteranceLength: 200 },
  mail: { configured: true },
};

describe('telemetry', () => {
  it.each(['localhost', 'app.localhost', '127.0.0.1', '10.1.2.3', '[::1]', '::1'])('is off on %s', (host) => {
    expect(isTelemetryHost(host)).toBe(false);
    expect(createTracker(config, { hostname: host, origin: `http://${host}` } as Location)).toBe(noopTracker);
  });

  it('is on for real host names', () => {
    expect(isTelemetryHost('app.parley.dev')).toBe(true);
    expect(isTelemetryHost('parley.test')).toBe(true);
  });

  it('does nothing at all when off', () => {
    expect(() => {
      noopTracker.track('event', { a: 1 });
      noopTracker.trackPageView({ name: '/v2' });
      noopTracker.identify(null);
    }).not.toThrow();
    expect(noopTracker.enabled).toBe(false);
  });

  it('uses spec §9’s constants', () => {
    expect(telemetrySettings).toMatchObject({
      maxBatchInterval: 15_000,
      maxBatchSizeInBytes: 102_400,
      eventsLimitInMem: 10_000,
      sessionRenewalMs: 1_800_000,
      sessionExpirationMs: 86_400_000,
      samplingPercentage: 100,
      maxAjaxCallsPerView: 500,
      retryCodes: [401, 403, 408, 429, 500, 502, 503, 504],
    });
  });

  it('sends to our own collector and names no other host (spec §7)', () => {
    const settings = appInsightsConfig(config, 'https://app.parley.dev');
    expect(settings.endpointUrl).toBe('https://app.parley.dev/telemetry');
    // The SDK's default settings sync would fetch from js.monitor.azure.com.
    expect(settings.extensionConfig.AppInsightsCfgSyncPlugin).toEqual({ cfgUrl: '', blkCdnCfg: true });
    const addresses = JSON.stringify(settings).match(/https?:\/\/[^"]+/g);
    expect(addresses).toEqual(['https://app.parley.dev/telemetry']);
  });
});
