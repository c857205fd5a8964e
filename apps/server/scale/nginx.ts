import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx (`apt-get install nginx-light`). */
export const NGINX_BINARY = '/usr/sbin/nginx';

export interface NginxOptions {
  /** Where nginx listens, e.g. `127.0.0.1:8080` or `8080`. */
  listen: string;
  /** The Parley processes behind it (`127.0.0.1:3001`, …). */
  upstreams: readonly string[];
  /** Seconds a process that failed is left out before nginx tries it again. */
  failTimeoutSeconds?: number;
}

/**
 * An nginx configuration that balances Parley the way production load balancers should: requests
 * spread over the processes; a connection refused (a process stopping or gone) is retried on the
 * next one; event streams pass unbuffered and stay open past the 25 s heartbeats; uploads up to
 * the dataset limit pass. `prefix` holds its temporary files and pid.
 */
export function nginxConfig(options: NginxOptions, prefix: string): string {
  const failTimeout = options.failTimeoutSeconds ?? 2;
  const servers = options.upstreams.map(
    (address) => `    server ${address} max_fails=1 fail_timeout=${failTimeout}s;`,
  );
  return `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr error;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream parley {
    least_conn;
${servers.join('\n')}
    keepalive 64;
  }
  server {
    listen ${options.listen};
    # CSV datasets are up to 10 MB.
    client_max_body_size 12m;
    location / {
      proxy_pass http://parley;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # A POST already sent is never replayed here (nginx knows it is not idempotent): clients
      # retry it with its client message id, which runs it once.
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries ${options.upstreams.length};
      proxy_connect_timeout 2s;
      # Event streams: heartbeats every 25 s keep them well inside this.
      proxy_read_timeout 120s;
      proxy_buffering off;
    }
  }
}
`;
}

export interface RunningNginx {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground with `nginxConfig(options)`; resolves once it accepts connections. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'parley-nginx-'));
  for (const dir of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(prefix, dir));
    // nginx's workers drop root for `nobody`, and write here.
    chmodSync(join(prefix, dir), 0o777);
  }
  chmodSync(prefix, 0o755);
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, nginxConfig(options, prefix));
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = Number(options.listen.split(':').at(-1));
  const host = options.listen.includes(':') ? options.listen.split(':')[0] : '127.0.0.1';
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${stderr}`);
    const up = await fetch(`http://${host}:${port}/`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (tries > 50) throw new Error(`nginx does not answer on ${options.listen}:\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
