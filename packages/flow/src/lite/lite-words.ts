import type { LiteLanguage, LiteTone } from './lite-answers';

type Days = Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', string>;

/** Every text a lite template writes, per language; `tone` picks between two ways of saying it. */
interface LiteWords {
  greeting: Record<LiteTone, (business: string) => string>;
  menu: Record<LiteTone, string>;
  buttons: { faq: string; lead: string; appointment: string; hours: string; person: string; back: string };
  faqIntro: string;
  hoursIntro: string;
  closed: string;
  days: Days;
  askName: Record<LiteTone, string>;
  askEmail: string;
  askPhone: string;
  askWhen: string;
  retry: string;
  skip: string;
  leadThanks: Record<LiteTone, string>;
  appointmentThanks: Record<LiteTone, string>;
  leadHandoff: string;
  leadReason: string;
  appointmentReason: string;
  handoff: Record<LiteTone, (business: string) => string>;
  handoffReason: string;
  byEmail: (email: string, phone: string) => string;
  /** Template 2, email handoff: a visitor asking for a person leaves details the business gets by mail. */
  personByEmail: Record<LiteTone, (business: string) => string>;
  askMessage: string;
  personThanks: Record<LiteTone, string>;
  fallback: Record<LiteTone, string>;
  names: Record<
    | 'start'
    | 'menu'
    | 'faqMenu'
    | 'hours'
    | 'name'
    | 'email'
    | 'phone'
    | 'when'
    | 'thanks'
    | 'lead'
    | 'person'
    | 'message'
    | 'fallback',
    string
  >;
}

export const liteWords: Record<LiteLanguage, LiteWords> = {
  en: {
    greeting: {
      friendly: (business) => `Hi! 👋 Welcome to ${business}. How can I help you today?`,
      professional: (business) => `Welcome to ${business}. How may I help you?`,
    },
    menu: {
      friendly: 'Anything else I can help you with?',
      professional: 'Is there anything else I can help you with?',
    },
    buttons: {
      faq: 'Ask a question',
      lead: 'Leave my details',
      appointment: 'Book an appointment',
      hours: 'Opening hours',
      person: 'Talk to a person',
      back: 'Back to the menu',
    },
    faqIntro: 'Here is what people often ask us:',
    hoursIntro: 'Our opening hours:',
    closed: 'closed',
    days: {
      mon: 'Monday',
      tue: 'Tuesday',
      wed: 'Wednesday',
      thu: 'Thursday',
      fri: 'Friday',
      sat: 'Saturday',
      sun: 'Sunday',
    },
    askName: { friendly: 'Great! What is your name?', professional: 'Certainly. May I have your name?' },
    askEmail: 'What email address can we reach you at?',
    askPhone: 'And a phone number? (write "skip" to leave it out)',
    askWhen: 'Which day and time would suit you best?',
    retry: 'That does not look right; could you write it again?',
    skip: 'skip',
    leadThanks: {
      friendly: 'Thanks, {{ name }}! We will get back to you at {{ email }} very soon.',
      professional: 'Thank you, {{ name }}. We will contact you at {{ email }} shortly.',
    },
    appointmentThanks: {
      friendly:
        'Thanks, {{ name }}! We have your request for {{ preferred_time }} and will confirm it at {{ email }}.',
      professional:
        'Thank you, {{ name }}. We have noted your request for {{ preferred_time }} and will confirm it at {{ email }}.',
    },
    leadHandoff: 'I have passed your details on to the team.',
    leadReason: 'New lead: {{ name }} ({{ email }})',
    appointmentReason: 'Appointment request: {{ name }}, {{ preferred_time }} ({{ email }})',
    handoff: {
      friendly: (business) => `Sure! Someone from ${business} will join this chat in a moment.`,
      professional: (business) => `Of course. A member of the ${business} team will be with you shortly.`,
    },
    handoffReason: 'The visitor asked for a person',
    byEmail: (email, phone) =>
      `You can write to us at ${email}${phone ? ` or call us on ${phone}` : ''}; we answer as soon as we can.`,
    personByEmail: {
      friendly: (business) => `Sure! Leave your details and someone from ${business} will write back to you.`,
      professional: (business) =>
        `Of course. Leave your details and a member of the ${business} team will write back to you.`,
    },
    askMessage: 'What would you like to ask us?',
    personThanks: {
      friendly: 'Thanks, {{ name }}! We have your message and will answer at {{ email }} very soon.',
      professional: 'Thank you, {{ name }}. We have your message and will answer at {{ email }} shortly.',
    },
    fallback: {
      friendly: "Sorry, I didn't get that. Here is what I can help with:",
      professional: 'I am sorry, I did not understand. Here is what I can help you with:',
    },
    names: {
      start: 'Welcome',
      menu: 'Menu',
      faqMenu: 'Questions',
      hours: 'Opening hours',
      name: 'Ask for the name',
      email: 'Ask for the email',
      phone: 'Ask for the phone',
      when: 'Ask for a time',
      thanks: 'Thanks',
      lead: 'Pass the details on',
      person: 'Talk to a person',
      message: 'Ask for the message',
      fallback: 'Not understood',
    },
  },
  es: {
    greeting: {
      friendly: (business) => `¡Hola! 👋 Bienvenido a ${business}. ¿En qué puedo ayudarte?`,
      professional: (business) => `Bienvenido a ${business}. ¿En qué podemos ayudarle?`,
    },
    menu: { friendly: '¿Te puedo ayudar con algo más?', professional: '¿Podemos ayudarle con algo más?' },
    buttons: {
      faq: 'Hacer una pregunta',
      lead: 'Dejar mis datos',
      appointment: 'Pedir una cita',
      hours: 'Horario',
      person: 'Hablar con una persona',
      back: 'Volver al menú',
    },
    faqIntro: 'Esto es lo que más nos preguntan:',
    hoursIntro: 'Nuestro horario:',
    closed: 'cerrado',
    days: {
      mon: 'Lunes',
      tue: 'Martes',
      wed: 'Miércoles',
      thu: 'Jueves',
      fri: 'Viernes',
      sat: 'Sábado',
      sun: 'Domingo',
    },
    askName: { friendly: '¡Genial! ¿Cómo te llamas?', professional: 'Por supuesto. ¿Me indica su nombre?' },
    askEmail: '¿En qué correo electrónico podemos contactarte?',
    askPhone: '¿Y un teléfono? (escribe "omitir" para dejarlo en blanco)',
    askWhen: '¿Qué día y hora te vendría mejor?',
    retry: 'Parece que no es correcto; ¿puedes escribirlo de nuevo?',
    skip: 'omitir',
    leadThanks: {
      friendly: '¡Gracias, {{ name }}! Te escribiremos muy pronto a {{ email }}.',
      professional: 'Gracias, {{ name }}. Le contactaremos en breve en {{ email }}.',
    },
    appointmentThanks: {
      friendly:
        '¡Gracias, {{ name }}! Tenemos tu petición para {{ preferred_time }} y te la confirmaremos en {{ email }}.',
      professional:
        'Gracias, {{ name }}. Hemos anotado su petición para {{ preferred_time }} y se la confirmaremos en {{ email }}.',
    },
    leadHandoff: 'He pasado tus datos al equipo.',
    leadReason: 'Nuevo contacto: {{ name }} ({{ email }})',
    appointmentReason: 'Petición de cita: {{ name }}, {{ preferred_time }} ({{ email }})',
    handoff: {
      friendly: (business) => `¡Claro! Alguien de ${business} se unirá a este chat en un momento.`,
      professional: (business) => `Por supuesto. Una persona del equipo de ${business} le atenderá en breve.`,
    },
    handoffReason: 'La persona pidió hablar con alguien',
    byEmail: (email, phone) =>
      `Puedes escribirnos a ${email}${phone ? ` o llamarnos al ${phone}` : ''}; respondemos lo antes posible.`,
    personByEmail: {
      friendly: (business) => `¡Claro! Déjanos tus datos y alguien de ${business} te escribirá.`,
      professional: (business) =>
        `Por supuesto. Déjenos sus datos y una persona del equipo de ${business} le escribirá.`,
    },
    askMessage: '¿Qué nos quieres preguntar?',
    personThanks: {
      friendly: '¡Gracias, {{ name }}! Tenemos tu mensaje y te responderemos muy pronto en {{ email }}.',
      professional: 'Gracias, {{ name }}. Tenemos su mensaje y le responderemos en breve en {{ email }}.',
    },
    fallback: {
      friendly: 'Perdona, no lo he entendido. Esto es en lo que puedo ayudarte:',
      professional: 'Disculpe, no lo he entendido. Esto es en lo que podemos ayudarle:',
    },
    names: {
      start: 'Bienvenida',
      menu: 'Menú',
      faqMenu: 'Preguntas',
      hours: 'Horario',
      name: 'Pedir el nombre',
      email: 'Pedir el correo',
      phone: 'Pedir el teléfono',
      when: 'Pedir una hora',
      thanks: 'Gracias',
      lead: 'Pasar los datos',
      person: 'Hablar con una persona',
      message: 'Pedir el mensaje',
      fallback: 'No entendido',
    },
  },
};
