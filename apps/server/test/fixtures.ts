import { randomBytes } from 'node:crypto';
import type {
  Audience,
  AudienceCondition,
  AuthRecord,
  BotDetail,
  ChatMessage,
  Deployment,
  RegisterRequest,
  SendMessageRequest,
  StartConversationResponse,
  UserRole,
} from '@parley/contracts';
import { FlowFixture } from '@parley/flow/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../src/features/auth/passwords';
import type { OutgoingMail } from '../src/features/mail/mail-outbox.repository';
import { rollUpReports } from '../src/features/reports/reports.service';
import { permissionsFor } from '../src/features/users/permissions';
import { insertUser } from '../src/features/users/users.repository';
import { eventually, type TestApp } from './test-app';

export const strongPassword = 'correct horse battery';

export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  return {
    email: `user-${randomBytes(4).toString('hex')}@example.com`,
    password: strongPassword,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company_name: 'Analytical Engines',
    ...overrides,
  };
}

/** The newest mail delivered to `email` that `matches`, once a job has delivered it. */
export async function mailDeliveredTo(
  t: TestApp,
  email: string,
  matches: (mail: OutgoingMail) => boolean = () => true,
): Promise<OutgoingMail> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = t.mails.findLast((item) => item.to === email && matches(item));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no such mail delivered to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The token of the newest sign-up link mailed to `email` (the mail is written by a job). */
export async function signUpTokenMailedTo(t: TestApp, email: string): Promise<string> {
  const mail = await mailDeliveredTo(t, email, (item) => item.text.includes('/v2/register/confirm?token='));
  const token = /\/v2\/register\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-up link in the mail to ${email}`);
  return token;
}

/**
 * Signs up a new company owner as a person does (the form, then the mailed link) and returns the
 * sign-up and its auth record.
 */
export async function registerOwner(
  t: TestApp,
  overrides: Partial<RegisterRequest> = {},
): Promise<{ registration: RegisterRequest; auth: AuthRecord }> {
  const registration = newRegistration(overrides);
  const response = await t.request({ method: 'POST', url: '/api/auth/register', payload: registration });
  if (response.statusCode !== 202)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const token = await signUpTokenMailedTo(t, registration.email);
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/auth/register/confirm',
    payload: { token },
  });
  if (confirmed.statusCode !== 201)
    throw new Error(`sign-up confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { registration, auth: confirmed.json<AuthRecord>() };
}

/**
 * Another person of the same company (an agent unless said otherwise), signed in through the real
 * login. Added straight to the database, quicker than an invitation (team.api.test.ts tests those).
 */
export async function teammate(
  t: TestApp,
  companyOf: { companyId: string },
  person: { email: string; first_name: string; last_name: string; role?: UserRole },
): Promise<Record<string, string>> {
  await insertUser(t.database.db, {
    email: person.email,
    password_hash: await hashPassword(strongPassword),
    first_name: person.first_name,
    last_name: person.last_name,
    role: person.role ?? 'agent',
    permissions: JSON.stringify(permissionsFor(person.role ?? 'agent')),
    company_id: companyOf.companyId,
    totp_secret: null,
  });
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: strongPassword },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return authHeader(response.json<AuthRecord>().token);
}

export function authHeader(token: string, scheme: 'JWT' | 'Bearer' = 'JWT') {
  return { authorization: `${scheme} ${token}` };
}

/** The claims inside a session token, as the server reads them. */
export function claimsOf(token: string) {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return {
    userId: payload.sub as string,
    companyId: payload.cid as string,
    scope: payload.scp as 'full' | 'qr-setup',
    sessionVersion: payload.ver as number,
  };
}

/** A new bot of the company, as created: its starter flow, in English, not published. */
export async function createdBot(
  t: TestApp,
  headers: Record<string, string>,
  name = 'Shop',
): Promise<BotDetail> {
  const response = await t.request({
    method: 'POST',
    url: '/api/bots',
    headers,
    payload: { name, language: 'en' },
  });
  if (response.statusCode !== 201)
    throw new Error(`bot creation failed: ${response.statusCode} ${response.body}`);
  return response.json<BotDetail>();
}

/**
 * A bot whose flow is a fixture over its starter flow (or `makeFlow(the starter flow)`), deployed: to web chat (published first), or to
 * its test deployment (the draft). Answers the bot and the deployment's key and id.
 */
export async function deployedBot(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  makeFlow: FlowFixture | ((starter: BotDetail['flow']) => unknown),
  channel: 'webchat' | 'test' = 'webchat',
): Promise<{ bot: BotDetail; key: string; deploymentId: string }> {
  const bot = await createdBot(t, headers, name);
  const flow = makeFlow instanceof FlowFixture ? makeFlow.onto(bot.flow) : makeFlow(bot.flow);
  await t.request({ method: 'PUT', url: `/api/bots/${bot.id}/flow`, headers, payload: { flow } });
  if (channel === 'test') {
    const test = await t.request({ method: 'GET', url: `/api/bots/${bot.id}/test-deployment`, headers });
    const { key, id } = test.json<Deployment>();
    return { bot, key, deploymentId: id };
  }
  await t.request({ method: 'POST', url: `/api/bots/${bot.id}/publish`, headers });
  const deployment = await t.request({
    method: 'POST',
    url: `/api/bots/${bot.id}/deployments`,
    headers,
    payload: { channel: 'webchat' },
  });
  const { key, id } = deployment.json<Deployment>();
  return { bot, key, deploymentId: id };
}

/** A saved audience: the contacts that match all of `conditions` (none: everyone). */
export async function savedAudience(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  conditions: AudienceCondition[],
): Promise<Audience> {
  const response = await t.request({
    method: 'POST',
    url: '/api/audiences',
    headers,
    payload: { name, filter: { conditions } },
  });
  if (response.statusCode !== 201)
    throw new Error(`saving the audience failed: ${response.statusCode} ${response.body}`);
  return response.json<Audience>();
}

/** What a conversation stored, in order: who said it and the text. */
export function storedMessages(t: TestApp, conversationId: string) {
  return t.database.db
    .selectFrom('conversation_messages')
    .select(['role', 'text'])
    .where('conversation_id', '=', conversationId)
    .orderBy('seq')
    .execute();
}

/** A visitor starts a conversation on a deployment. */
export async function startChat(t: TestApp, deploymentKey: string): Promise<StartConversationResponse> {
  const response = await t.request({
    method: 'POST',
    url: '/api/chat/conversations',
    payload: { deploymentKey },
  });
  return response.json<StartConversationResponse>();
}

/** A server to send to: the test's app, or another server process on the same database. */
export type ServerUnderTest = Pick<TestApp, 'request'> | Pick<FastifyInstance, 'inject'>;

/**
 * The visitor of `chat` sends a message: text, or a payload as the widget sends it (a button's
 * postback, a `clientMessageId`). Answers the server's response as it came, refusals included.
 */
export function visitorSends(
  server: ServerUnderTest,
  chat: Pick<StartConversationResponse, 'conversationId' | 'token'>,
  message: string | SendMessageRequest,
  options: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  const request = {
    method: 'POST' as const,
    url: `/api/chat/conversations/${chat.conversationId}/messages`,
    headers: authHeader(chat.token, 'Bearer'),
    payload: typeof message === 'string' ? { text: message } : message,
    ...options,
  };
  return 'request' in server ? server.request(request) : server.inject(request);
}

/** The visitor of `chat` sends a message and it is taken (200): answers the turn's messages. */
export async function visitorSays(
  server: ServerUnderTest,
  chat: Pick<StartConversationResponse, 'conversationId' | 'token'>,
  message: string | SendMessageRequest,
): Promise<ChatMessage[]> {
  const response = await visitorSends(server, chat, message);
  if (response.statusCode !== 200)
    throw new Error(`the visitor's message was refused: ${response.statusCode} ${response.body}`);
  return response.json<{ messages: ChatMessage[] }>().messages;
}

/**
 * Rolls the reports up until they hold everything written so far. A rollup job of the server's
 * that holds the lock makes a run skip, and a run only reaches the oldest transaction still open
 * anywhere on the server: on PostgreSQL that may be another test file's, running beside this one.
 * Run again until the rollups are past a transaction id taken after the test's last write.
 */
export async function rollUpNow(t: TestApp): Promise<void> {
  const { db } = t.database;
  const taken = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(db);
  const written = taken.rows[0]?.xid ?? '0';
  await eventually(async () => {
    if (!(await rollUpReports(db)).every((run) => run.ran)) return undefined;
    const state = await sql<{ behind: boolean | null }>`
      select bool_or(next_xid <= ${written}::xid8) as behind from report_rollup_state`.execute(db);
    return state.rows[0]?.behind ? undefined : true;
  });
}
