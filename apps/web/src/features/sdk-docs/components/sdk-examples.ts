/** The page's code samples; `ORIGIN` becomes this Parley server's address. */
export const sdkExamples = {
  install: `import { ParleyChat, ParleyChatError } from 'ORIGIN/sdk/parley-chat.js';`,
  start: `const chat = new ParleyChat({ baseUrl: 'ORIGIN', deploymentKey: 'YOUR_DEPLOYMENT_KEY' });

// Runs the bot's start; the answer holds its first messages.
const { conversationId, token, messages } = await chat.start({
  user: { id: 'customer-42', name: 'Ana' },   // optional: who is chatting
  context: { plan: 'pro' },                   // optional: variables the bot can use
});

// Keep the handle (e.g. in localStorage) to resume the conversation later.
const conversation = { conversationId, token };`,
  send: `// What the visitor typed
const replies = await chat.send(conversation, { text: 'Where is my order?' });

// A reply button was pressed: send its payload, with the label to show
await chat.send(conversation, { postback: button.payload, label: button.label });

// replies: the visitor's message and the bot's answers, each with its seq
for (const { role, message } of replies) render(role, message);`,
  subscribe: `// What comes later: delays, AI answers, human agents.
// The stream reconnects by itself and resumes after the last stored message it saw.
const subscription = chat.subscribe(conversation, {
  afterSeq: lastSeq,                                          // what you already have
  onMessage: (message) => render(message.role, message.message),
  onDraft: ({ text }) => showWriting(text),                   // optional: an AI answer being written
  onConnectionChange: (connected) => showReconnecting(!connected),   // optional
});

// When the chat closes
subscription.close();`,
  history: `// Every message so far, in order (by seq)
const messages = await chat.history(conversation);`,
  errors: `try {
  await chat.send(conversation, { text });
} catch (error) {
  if (error instanceof ParleyChatError) {
    // error.name: ValidationException, UnauthorizedException, NotFoundException, …
    // error.status: the HTTP status; error.message: what went wrong, for people
    console.warn(error.name, error.status, error.message);
  }
}`,
  messageTypes: `type BotMessage =
  | { type: 'text'; text: string }                                  // Markdown
  | { type: 'buttons'; text: string; buttons: MessageButton[] }
  | { type: 'card'; card: MessageCard }
  | { type: 'carousel'; cards: MessageCard[] };

interface ChatMessage {
  seq: number;                        // order within the conversation
  role: 'user' | 'bot' | 'agent';     // agent: a person from your team
  message: BotMessage;
  created_at: string;
}`,
} as const;
