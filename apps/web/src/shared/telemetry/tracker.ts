import type { CurrentUser, FrontendConfig } from '@parley/contracts';

/** What the app reports: named events and page views (spec §7). */
export interface Tracker {
  readonly enabled: boolean;
  track(eventName: string, properties?: Record<string, unknown>): void;
  trackPageView(properties?: { name?: string; uri?: string; properties?: Record<string, unknown> }): void;
  /** Attaches the signed-in user and company to everything reported from now on (null: signed out). */
  identify(user: CurrentUser | null): void;
}

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** Telemetry is off on localhost and on bare IP addresses (spec §7): development and tests. */
export function isTelemetryHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (ipv4.test(host) || host.includes(':') || host.startsWith('[')) return false;
  return host.length > 0;
}

export const noopTracker: Tracker = {
  enabled: false,
  track() {},
  trackPageView() {},
  identify() {},
};

/** The SDK's sender, whose settings hold the retry codes. */
const CHANNEL_PLUGIN = 'AppInsightsChannelPlugin';
/** The SDK's settings sync, which by default fetches feature flags from the vendor's CDN. */
const CONFIG_SYNC_PLUGIN = 'AppInsightsCfgSyncPlugin';
/** `FeatureOptInMode.disable` of the SDK. */
const FEATURE_DISABLED = 2;

/** Spec §9's telemetry constants, as Application Insights settings. */
export const telemetrySettings = {
  maxBatchInterval: 15_000,
  maxBatchSizeInBytes: 102_400,
  eventsLimitInMem: 10_000,
  sessionRenewalMs: 30 * 60_000,
  sessionExpirationMs: 24 * 3_600_000,
  samplingPercentage: 100,
  maxAjaxCallsPerView: 500,
  retryCodes: [401, 403, 408, 429, 500, 502, 503, 504],
  // The SDK's own defaults already match the rest of spec §9: the session-storage buffer holds
  // 2000 items, the user cookie lasts a year, retries back off from 10 s to 3600 s, and names,
  // strings, URLs and messages are cut at 150, 1024, 2048 and 32768 characters.
} as const;

function userProperties(user: CurrentUser): Record<string, string> {
  return {
    role: user.role,
    permissions: user.permissions.join(','),
    status: user.status,
    user_type: user.user_type,
    company_id: user.company.id,
    company_name: user.company.name,
    company_type: user.company.company_type,
  };
}

/**
 * The SDK's settings: everything goes to our own collector and nowhere else (spec §7). Left to its
 * defaults the SDK also fetches its settings from js.monitor.azure.com (failing offline, refused by
 * our CSP) and reports its own delivery counts; both are off.
 */
export function appInsightsConfig(config: FrontendConfig, origin: string) {
  const { retryCodes, ...settings } = telemetrySettings;
  return {
    instrumentationKey: config.telemetry.instrumentationKey,
    endpointUrl: new URL(config.telemetry.endpointPath, origin).toString(),
    ...settings,
    extensionConfig: {
      [CHANNEL_PLUGIN]: { retryCodes: [...retryCodes] },
      [CONFIG_SYNC_PLUGIN]: { cfgUrl: '', blkCdnCfg: true },
    },
    featureOptIn: { SdkStats: { mode: FEATURE_DISABLED } },
    disableFetchTracking: false,
    enableAutoRouteTracking: false,
    disableInstrumentationKeyValidation: true,
  };
}

/**
 * The Application Insights web SDK pointed at our own collector. It is loaded only where telemetry
 * is on; calls made while it loads are kept and replayed.
 */
export function createTracker(config: FrontendConfig, location: Location = window.location): Tracker {
  if (!isTelemetryHost(location.hostname)) return noopTracker;

  let properties: Record<string, string> = {};
  const pending: ((sdk: import('@microsoft/applicationinsights-web').ApplicationInsights) => void)[] = [];
  let sdk: import('@microsoft/applicationinsights-web').ApplicationInsights | undefined;
  const run = (call: (loaded: NonNullable<typeof sdk>) => void) => (sdk ? call(sdk) : pending.push(call));

  void import('@microsoft/applicationinsights-web').then(({ ApplicationInsights }) => {
    const instance = new ApplicationInsights({ config: appInsightsConfig(config, location.origin) });
    instance.loadAppInsights();
    // Role, permissions, status and user type go with every item as user and company properties.
    instance.addTelemetryInitializer((item) => {
      item.data = { ...item.data, ...properties };
    });
    sdk = instance;
    for (const call of pending.splice(0)) call(instance);
  });

  return {
    enabled: true,
    track: (eventName, eventProperties) =>
      run((loaded) => loaded.trackEvent({ name: eventName }, eventProperties)),
    trackPageView: (pageView) => run((loaded) => loaded.trackPageView(pageView)),
    identify: (user) =>
      run((loaded) => {
        if (user) {
          properties = userProperties(user);
          loaded.setAuthenticatedUserContext(user.id, user.company.id, true);
        } else {
          properties = {};
          loaded.clearAuthenticatedUserContext();
        }
      }),
  };
}
