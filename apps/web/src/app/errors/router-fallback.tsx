import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * The last resort, when the app's own frame failed (spec §8): plain markup, no theme or
 * translations, since those may be what failed.
 */
export function RouterFallback() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', padding: '48px 24px', maxWidth: 640, margin: '0 auto' }}
    >
      <h1 style={{ fontSize: 24 }}>Unexpected Application Error</h1>
      <p style={{ color: '#b91c1c', background: '#fef2f2', padding: 12, borderRadius: 8 }}>{detail}</p>
      <p>
        <a href="/v2">Back to Parley</a>
      </p>
    </main>
  );
}
