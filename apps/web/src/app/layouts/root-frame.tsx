import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { getTracker } from '../../shared/telemetry/tracker-instance';

/** Wraps every screen: route changes are reported as page views (when telemetry is on). */
export function RootFrame() {
  const location = useLocation();
  useEffect(() => {
    getTracker().trackPageView({ name: location.pathname, uri: window.location.href });
  }, [location.pathname]);
  return <Outlet />;
}
