import type { AppContext } from '../../context';
import { ConflictException, NotFoundException } from '../../errors';
import { isUuid } from '../../ids';
import { stripNul } from '../conversations/chat.service';
import type { TurnRow } from '../conversations/conversations.repository';
import { type TurnRequest, runConversationTurn as turn } from '../conversations/turn-runner';

const turnMessages = async (ctx: AppContext, conversationId: string, request: TurnRequest) =>
  (await turn(ctx, conversationId, request)).messages;

/** A person of the company's team, as the transcript names them, and the company they act for. */
export interface Agent {
  id: string;
  name: string;
  companyId: string;
  /** The language they write in (their profile's; null: the bot's). */
  language: string | null;
}

/** The conversation is the agent's company's (checked on the row the turn reads: no extra query). */
function assertAgentCompany(row: TurnRow, agent: Agent): void {
  if (row.company_id !== agent.companyId) throw new NotFoundException('Conversation not found');
}

/**
 * An agent takes control (the bot falls silent) or gives it back to the bot, which resumes where
 * the handoff says (spec §4, pass control). Refused on an ended conversation, or while another
 * agent has it.
 */
export function passControl(ctx: AppContext, conversationId: string, to: 'agent' | 'bot', agent: Agent) {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  return turnMessages(ctx, conversationId, {
    input: to === 'agent' ? { type: 'handoff', agent: agent.name } : { type: 'resume', agent: agent.name },
    incoming: null,
    agentId: to === 'agent' ? agent.id : null,
    fresh: true,
    admit: (row) => {
      assertAgentCompany(row, agent);
      if (row.status === 'ended') throw new ConflictException('This conversation has ended');
      if (to === 'agent' && row.agent_id === agent.id)
        throw new ConflictException('You already have this conversation');
      if (to === 'agent' && row.agent_id !== null) {
        throw new ConflictException('Another agent has this conversation', { agentId: row.agent_id });
      }
      if (to === 'bot' && row.status !== 'human') throw new ConflictException('The bot already has control');
    },
  });
}

/** An agent writes to the user; only the agent who has control may. */
export function sendAgentMessage(
  ctx: AppContext,
  conversationId: string,
  agent: Agent,
  text: string,
  clientMessageId?: string,
) {
  if (!isUuid(conversationId)) throw new NotFoundException('Conversation not found');
  const clean = stripNul(text);
  return turnMessages(ctx, conversationId, {
    input: { type: 'agent_message', text: clean, agent: agent.name },
    incoming: { role: 'agent', text: clean, ...(clientMessageId !== undefined ? { clientMessageId } : {}) },
    fresh: true,
    agentLanguage: agent.language,
    admit: (row) => {
      assertAgentCompany(row, agent);
      if (row.status !== 'human' || row.agent_id !== agent.id) {
        throw new ConflictException('Take over the conversation before replying');
      }
    },
  });
}
