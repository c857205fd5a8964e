import { FLOW_SCHEMA_VERSION, type Flow } from './schema';

const welcome: Record<string, string> = {
  en: 'Hi! 👋 How can I help you today?',
  es: '¡Hola! 👋 ¿En qué puedo ayudarte hoy?',
  pt: 'Olá! 👋 Como posso ajudar hoje?',
  fr: 'Bonjour ! 👋 Comment puis-je vous aider ?',
};
const welcomeName: Record<string, string> = {
  en: 'Welcome',
  es: 'Bienvenida',
  pt: 'Boas-vindas',
  fr: 'Bienvenue',
};
const fallback: Record<string, string> = {
  en: "Sorry, I didn't get that. Could you say it another way?",
  es: 'Perdona, no lo he entendido. ¿Puedes decirlo de otra forma?',
  pt: 'Desculpe, não entendi. Pode dizer de outra forma?',
  fr: "Désolé, je n'ai pas compris. Pouvez-vous reformuler ?",
};

/** What a new bot starts with: a start module that welcomes the user, in the bot's language. */
export function starterFlow(language = 'en'): Flow {
  const base = language.split('-')[0] ?? 'en';
  return {
    schemaVersion: FLOW_SCHEMA_VERSION,
    startModuleId: 'start',
    modules: [
      {
        id: 'start',
        type: 'text',
        name: welcomeName[base] ?? (welcomeName.en as string),
        position: { x: 0, y: 0 },
        tags: [],
        connections: [],
        isGoal: false,
        content: { text: welcome[base] ?? (welcome.en as string) },
      },
    ],
    globalConnections: [],
    tags: [],
    intents: [],
    variables: [],
    settings: { language, fallbackMessage: fallback[base] ?? (fallback.en as string), expiryMinutes: 30 },
  };
}
