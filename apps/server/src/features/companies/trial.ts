import type { Queryable } from '../../db/database';
import { ForbiddenException } from '../../errors';
import { isUuid } from '../../ids';
import {
  findCompanyExpiration,
  findCompanyOfConversation,
  findCompanyOfDeploymentKey,
} from './companies.repository';

/**
 * What an ended trial stops: publishing, putting bots on websites, and its bots' chats with
 * visitors. Everything else (building, reading conversations and reports) goes on, so the company
 * can look around and upgrade.
 */
export function assertTrialActive(expiration: Date | null, now = Date.now()): void {
  if (expiration === null || expiration.getTime() > now) return;
  throw new ForbiddenException('Your trial has ended: publishing and web chat are paused until you upgrade', {
    reason: 'trial-ended',
    endedAt: expiration.toISOString(),
  });
}

/** What a visitor reads when the company's trial has ended (the company's details are not theirs). */
export const CHAT_PAUSED = 'This chat is not available right now';

/** How long a company's trial end is trusted before it is read again (an upgrade shows within it). */
const EXPIRATION_TTL_MS = 60_000;
/** Bounds each map: least recently used entries go first. */
const MAX_ENTRIES = 10_000;

class LruMap<V> {
  private readonly entries = new Map<string, V>();
  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/**
 * Answers, for the public chat API, whether a deployment's or conversation's company may chat.
 * Remembered in this process (which company owns a key or conversation never changes; a trial's
 * end is re-read each minute), so a visitor's message costs no extra database round trip.
 */
export class TrialGate {
  private readonly companyOfKey = new LruMap<string>();
  private readonly companyOfConversation = new LruMap<string>();
  private readonly expirations = new LruMap<{ expiration: Date | null; readAt: number }>();

  constructor(private readonly db: () => Queryable) {}

  /** Refuses to start a chat on the deployment of a company whose trial has ended. */
  async assertDeploymentMayChat(deploymentKey: string): Promise<void> {
    let companyId = this.companyOfKey.get(deploymentKey);
    if (!companyId) {
      companyId = await findCompanyOfDeploymentKey(this.db(), deploymentKey);
      if (!companyId) return; // Unknown keys are answered "not found" further on.
      this.companyOfKey.set(deploymentKey, companyId);
    }
    await this.assertCompanyMayChat(companyId);
  }

  /** A conversation just started on this key: its messages need not look its company up. */
  noteConversation(conversationId: string, deploymentKey: string): void {
    const companyId = this.companyOfKey.get(deploymentKey);
    if (companyId) this.companyOfConversation.set(conversationId, companyId);
  }

  /** Refuses a visitor's message in a conversation of a company whose trial has ended. */
  async assertConversationMayChat(conversationId: string): Promise<void> {
    if (!isUuid(conversationId)) return;
    let companyId = this.companyOfConversation.get(conversationId);
    if (!companyId) {
      companyId = await findCompanyOfConversation(this.db(), conversationId);
      if (!companyId) return;
      this.companyOfConversation.set(conversationId, companyId);
    }
    await this.assertCompanyMayChat(companyId);
  }

  private async assertCompanyMayChat(companyId: string): Promise<void> {
    const now = Date.now();
    let known = this.expirations.get(companyId);
    if (!known || now - known.readAt > EXPIRATION_TTL_MS) {
      known = { expiration: (await findCompanyExpiration(this.db(), companyId)) ?? null, readAt: now };
      this.expirations.set(companyId, known);
    }
    if (known.expiration !== null && known.expiration.getTime() <= now) {
      throw new ForbiddenException(CHAT_PAUSED, { reason: 'trial-ended' });
    }
  }
}
