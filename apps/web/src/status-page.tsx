import { type Health, healthSchema } from '@parley/contracts';
import { useEffect, useState } from 'react';

type HealthState = { kind: 'loading' } | { kind: 'ready'; health: Health } | { kind: 'unreachable' };

/** The server's own status page until the app shell lands: is Parley up, and where is the API. */
export function StatusPage() {
  const [state, setState] = useState<HealthState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/health', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then((response) => response.json())
      .then((body) => {
        const parsed = healthSchema.safeParse(body);
        setState(parsed.success ? { kind: 'ready', health: parsed.data } : { kind: 'unreachable' });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'unreachable' });
      });
    return () => controller.abort();
  }, []);

  return (
    <main className="page">
      <section className="card" aria-labelledby="title">
        <img className="logo" src="/favicon.svg" alt="" width={48} height={48} />
        <h1 id="title">Parley</h1>
        <p className="lead">Build, run and measure chatbots.</p>
        <HealthLine state={state} />
        <a className="button" href="/api/docs">
          Open the API reference
        </a>
      </section>
    </main>
  );
}

function HealthLine({ state }: { state: HealthState }) {
  if (state.kind === 'loading') return <p className="status">Checking the server…</p>;
  if (state.kind === 'unreachable') {
    return (
      <p className="status status-bad" role="status">
        The server cannot be reached.
      </p>
    );
  }
  const { health } = state;
  return (
    <p className={`status ${health.status === 'ok' ? 'status-ok' : 'status-bad'}`} role="status">
      {health.status === 'ok' ? 'All systems running' : 'Some systems are degraded'} · database{' '}
      {health.database.engine}, {health.migrations.applied} migrations applied
    </p>
  );
}
