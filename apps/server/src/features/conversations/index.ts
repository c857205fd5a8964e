/** What other features may use of conversations (the rest is this feature's own). */
export { recentTemplateFailures } from './conversations.repository';
