import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { MailTransport } from './features/mail/mail.service';
import type { JobQueue } from './jobs/job-queue';

/** Config with the secrets resolved (see secrets.ts). */
export type ServerConfig = AppConfig & { jwtSecret: string };

/** What routes and jobs need from the running server; one per app, built by buildApp. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  jobs: JobQueue;
  mail: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
