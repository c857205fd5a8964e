export * from './auth';
export * from './bot-messages';
export * from './errors';
export * from './frontend-config';
export * from './health';
export * from './profile';
export * from './telemetry';
export * from './users';
