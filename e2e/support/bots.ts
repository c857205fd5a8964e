import type { AuthRecord, BotDetail, Deployment } from '@parley/contracts';
import type { FlowFixture } from '@parley/flow/testing';
import { DEMO_PASSWORD } from './journeys';

export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface PublishedBot {
  token: string;
  bot: BotDetail;
  deployment: Deployment;
}

/** An API token of a demo user (signed in through the API). */
export async function demoToken(baseUrl: string, email = 'owner@demo.parley.dev'): Promise<string> {
  const { token } = await call<AuthRecord>(baseUrl, 'POST', '/api/auth/login', undefined, {
    email,
    password: DEMO_PASSWORD,
  });
  return token;
}

/** Signs in as a demo user, creates a bot of `flow` (over its starter), publishes it and deploys it to web chat. */
export async function publishWebchatBot(
  baseUrl: string,
  email: string,
  name: string,
  flow: FlowFixture,
): Promise<PublishedBot> {
  const token = await demoToken(baseUrl, email);
  const bot = await call<BotDetail>(baseUrl, 'POST', '/api/bots', token, { name, language: 'en' });
  await call(baseUrl, 'PUT', `/api/bots/${bot.id}/flow`, token, { flow: flow.onto(bot.flow) });
  await call(baseUrl, 'POST', `/api/bots/${bot.id}/publish`, token);
  const deployment = await call<Deployment>(baseUrl, 'POST', `/api/bots/${bot.id}/deployments`, token, {
    channel: 'webchat',
  });
  return { token, bot, deployment };
}
