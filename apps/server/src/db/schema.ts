import type {
  AgentApiKeyTable,
  AgentPromptTable,
  AgentPromptVersionTable,
  AgentRunTable,
  AgentTable,
  AgentToolTable,
  AgentVersionTable,
} from './tables/agent.table';
import type { AgentSettingsTable, AgentUsageDailyTable } from './tables/agent-admin.table';
import type { AttemptThrottleTable } from './tables/attempt-throttle.table';
import type { AuditEventTable } from './tables/audit.table';
import type { BotTable } from './tables/bot.table';
import type {
  AudienceTable,
  BroadcastRecipientTable,
  BroadcastSettingsTable,
  BroadcastTable,
  ContactTable,
  ContactVariableStaleTable,
  ContactVariableTable,
} from './tables/broadcast.table';
import type { CompanyTable } from './tables/company.table';
import type {
  BotVersionTable,
  ConversationEventLogTable,
  ConversationEventTable,
  ConversationMessageTable,
  ConversationTable,
  ConversationVisitorTable,
  DeploymentTable,
  PendingConversationTable,
} from './tables/conversation.table';
import type { HelpdeskConnectionTable, HelpdeskTicketTable } from './tables/helpdesk.table';
import type {
  KnowledgeChunkTable,
  KnowledgeFilePieceTable,
  KnowledgeFileTable,
  KnowledgeRowTable,
  KnowledgeSourceTable,
} from './tables/knowledge.table';
import type { LlmUsageTable } from './tables/llm-usage.table';
import type { MailOutboxTable } from './tables/mail-outbox.table';
import type {
  MessengerConnectionTable,
  MessengerConversationTable,
  MessengerEventTable,
} from './tables/messenger.table';
import type { PasswordResetTokenTable } from './tables/password-reset-token.table';
import type { PendingSignUpTable } from './tables/pending-sign-up.table';
import type { RateLimitTable } from './tables/rate-limit.table';
import type { SectionTable } from './tables/section.table';
import type { SeedRunTable } from './tables/seed-run.table';
import type { ServerSecretTable } from './tables/server-secret.table';
import type { StoreConnectionTable } from './tables/store.table';
import type {
  SunshineConnectionTable,
  SunshineConversationTable,
  SunshineEventTable,
} from './tables/sunshine.table';
import type { TelemetryEventTable } from './tables/telemetry-event.table';
import type {
  BotPretranslationTable,
  BotTranslationTable,
  CompanyTranslationTable,
  TranslationCacheTable,
  TranslationUsageTable,
} from './tables/translation.table';
import type { UserTable } from './tables/user.table';
import type { UserInvitationTable } from './tables/user-invitation.table';
import type {
  WebhookDeliveryTable,
  WebhookInstanceTable,
  WebhookTemplateTable,
} from './tables/webhook.table';

/** Every table Kysely knows, by name. */
export interface DB {
  agents: AgentTable;
  agent_versions: AgentVersionTable;
  agent_tools: AgentToolTable;
  agent_api_keys: AgentApiKeyTable;
  agent_runs: AgentRunTable;
  agent_prompts: AgentPromptTable;
  agent_prompt_versions: AgentPromptVersionTable;
  agent_settings: AgentSettingsTable;
  agent_usage_daily: AgentUsageDailyTable;
  bots: BotTable;
  bot_versions: BotVersionTable;
  deployments: DeploymentTable;
  conversations: ConversationTable;
  conversation_messages: ConversationMessageTable;
  conversation_event_log: ConversationEventLogTable;
  conversation_events: ConversationEventTable;
  conversation_visitors: ConversationVisitorTable;
  pending_conversations: PendingConversationTable;
  contacts: ContactTable;
  contact_variables: ContactVariableTable;
  contact_variables_stale: ContactVariableStaleTable;
  audiences: AudienceTable;
  broadcast_settings: BroadcastSettingsTable;
  broadcasts: BroadcastTable;
  broadcast_recipients: BroadcastRecipientTable;
  companies: CompanyTable;
  users: UserTable;
  user_invitations: UserInvitationTable;
  audit_events: AuditEventTable;
  sections: SectionTable;
  password_reset_tokens: PasswordResetTokenTable;
  pending_sign_ups: PendingSignUpTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitTable;
  attempt_throttles: AttemptThrottleTable;
  seed_runs: SeedRunTable;
  server_secrets: ServerSecretTable;
  telemetry_events: TelemetryEventTable;
  knowledge_sources: KnowledgeSourceTable;
  knowledge_files: KnowledgeFileTable;
  llm_usage: LlmUsageTable;
  knowledge_file_pieces: KnowledgeFilePieceTable;
  knowledge_rows: KnowledgeRowTable;
  knowledge_chunks: KnowledgeChunkTable;
  company_translation: CompanyTranslationTable;
  store_connections: StoreConnectionTable;
  bot_translations: BotTranslationTable;
  bot_pretranslations: BotPretranslationTable;
  translation_cache: TranslationCacheTable;
  translation_usage: TranslationUsageTable;
  webhook_templates: WebhookTemplateTable;
  webhook_instances: WebhookInstanceTable;
  webhook_deliveries: WebhookDeliveryTable;
  sunshine_connections: SunshineConnectionTable;
  sunshine_events: SunshineEventTable;
  sunshine_conversations: SunshineConversationTable;
  messenger_connections: MessengerConnectionTable;
  messenger_events: MessengerEventTable;
  messenger_conversations: MessengerConversationTable;
  helpdesk_connections: HelpdeskConnectionTable;
  helpdesk_tickets: HelpdeskTicketTable;
}
