import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as telemetry from './0002-telemetry';
import * as bots from './0003-bots';
import * as conversations from './0004-conversations';
import * as webchatStyle from './0005-webchat-style';
import * as leanTurnWrites from './0006-lean-turn-writes';
import * as inbox from './0007-inbox';
import * as draftRevisions from './0008-draft-revisions';
import * as reports from './0009-reports';
import * as inboxWordSearch from './0010-inbox-word-search';
import * as reportsAtScale from './0011-reports-at-scale';
import * as pendingTurns from './0012-pending-turns';
import * as signInHardening from './0013-sign-in-hardening';
import * as industries from './0014-industries';
import * as pathSteps from './0015-path-steps';
import * as translation from './0016-translation';
import * as webhookMarketplace from './0017-webhook-marketplace';
import * as knowledge from './0018-knowledge';
import * as clientMessageIds from './0019-client-message-ids';
import * as conversationLanguages from './0020-conversation-languages';
import * as webhookDeliveries from './0021-webhook-deliveries';
import * as serverSecrets from './0022-server-secrets';
import * as llmUsage from './0023-llm-usage';
import * as teams from './0024-teams';
import * as auditLog from './0025-audit-log';
import * as knowledgeDocuments from './0026-knowledge-documents';
import * as agents from './0027-agents';
import * as sunshine from './0028-sunshine';
import * as botTranslations from './0029-bot-translations';
import * as webhookHealthIndex from './0030-webhook-health-index';
import * as personLanguage from './0031-person-language';
import * as sunshineOffersAndPruning from './0032-sunshine-offers-and-pruning';
import * as messenger from './0033-messenger';
import * as storeConnections from './0034-store-connections';
import * as broadcasts from './0035-broadcasts';
import * as knowledgeEmbeddings from './0037-knowledge-embeddings';
import * as agentPrompts from './0038-agent-prompts';
import * as agentsAdmin from './0039-agents-admin';
import * as helpdesk from './0041-helpdesk';
import * as broadcastTracking from './0042-broadcast-tracking';
import * as botPretranslations from './0043-bot-pretranslations';
import * as memberBotAccess from './0044-member-bot-access';
import * as contactFacts from './0046-contact-facts';
import * as messengerBroadcasts from './0047-messenger-broadcasts';
import * as knowledgeFileIndexes from './0048-knowledge-file-indexes';
import * as pendingConversations from './0049-pending-conversations';
import * as auditKindIndex from './0050-audit-kind-index';
import * as contactVariables from './0051-contact-variables';
import * as messengerThreadControl from './0053-messenger-thread-control';
import * as sunshineEventOrder from './0054-sunshine-event-order';

/**
 * Every migration, in order. Named `NNNN-what`: the number fixes the order, the name says why.
 * Listed here (not read from disk) so the bundled server carries them.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-telemetry': telemetry,
  '0003-bots': bots,
  '0004-conversations': conversations,
  '0005-webchat-style': webchatStyle,
  '0006-lean-turn-writes': leanTurnWrites,
  '0007-inbox': inbox,
  '0008-draft-revisions': draftRevisions,
  '0009-reports': reports,
  '0010-inbox-word-search': inboxWordSearch,
  '0011-reports-at-scale': reportsAtScale,
  '0012-pending-turns': pendingTurns,
  '0013-sign-in-hardening': signInHardening,
  '0014-industries': industries,
  '0015-path-steps': pathSteps,
  '0016-translation': translation,
  '0017-webhook-marketplace': webhookMarketplace,
  '0018-knowledge': knowledge,
  '0019-client-message-ids': clientMessageIds,
  '0020-conversation-languages': conversationLanguages,
  '0021-webhook-deliveries': webhookDeliveries,
  '0022-server-secrets': serverSecrets,
  '0023-llm-usage': llmUsage,
  '0024-teams': teams,
  '0025-audit-log': auditLog,
  '0026-knowledge-documents': knowledgeDocuments,
  '0027-agents': agents,
  '0028-sunshine': sunshine,
  '0029-bot-translations': botTranslations,
  '0030-webhook-health-index': webhookHealthIndex,
  '0031-person-language': personLanguage,
  '0032-sunshine-offers-and-pruning': sunshineOffersAndPruning,
  '0033-messenger': messenger,
  '0034-store-connections': storeConnections,
  '0035-broadcasts': broadcasts,
  '0037-knowledge-embeddings': knowledgeEmbeddings,
  '0038-agent-prompts': agentPrompts,
  '0039-agents-admin': agentsAdmin,
  '0041-helpdesk': helpdesk,
  '0042-broadcast-tracking': broadcastTracking,
  '0043-bot-pretranslations': botPretranslations,
  '0044-member-bot-access': memberBotAccess,
  '0046-contact-facts': contactFacts,
  '0047-messenger-broadcasts': messengerBroadcasts,
  '0048-knowledge-file-indexes': knowledgeFileIndexes,
  '0049-pending-conversations': pendingConversations,
  '0050-audit-kind-index': auditKindIndex,
  '0051-contact-variables': contactVariables,
  '0053-messenger-thread-control': messengerThreadControl,
  '0054-sunshine-event-order': sunshineEventOrder,
};
