import type { Flow } from '../schema';
import type { LiteLanguage } from './lite-answers';
import { readLiteProfile } from './lite-template';

/** What a lite bot mails its business: a lead, an appointment request, or a visitor asking for a person. */
export type LiteMailKind = 'lead' | 'appointment' | 'handoff';

/**
 * The modules whose reaching means the visitor's details are complete: the thanks after the lead
 * (or appointment) questions, and (template 2) after a visitor asking for a person left theirs.
 */
const mailingModules: Record<string, 'details' | 'handoff'> = {
  'lead-thanks': 'details',
  'person-thanks': 'handoff',
};

/** Whether a module a turn ran may make a lite bot send mail (a cheap look before reading the flow). */
export const mayMailLite = (moduleId: string): boolean => Object.hasOwn(mailingModules, moduleId);

export interface LiteMail {
  to: string;
  kind: LiteMailKind;
  subject: string;
  intro: string;
  /** The visitor's details, labelled in the bot's language; empty ones left out. */
  details: { label: string; value: string }[];
}

const mailWords: Record<
  LiteLanguage,
  {
    subject: Record<LiteMailKind, (business: string) => string>;
    intro: Record<LiteMailKind, string>;
    labels: Record<'name' | 'email' | 'phone' | 'preferred_time' | 'message', string>;
  }
> = {
  en: {
    subject: {
      lead: (business) => `New lead from your ${business} assistant`,
      appointment: (business) => `New appointment request from your ${business} assistant`,
      handoff: (business) => `A customer of ${business} asked for a person`,
    },
    intro: {
      lead: 'A customer left their details with your assistant:',
      appointment: 'A customer asked your assistant for an appointment:',
      handoff: 'A customer asked your assistant for a person and left this message:',
    },
    labels: {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      preferred_time: 'Preferred time',
      message: 'Message',
    },
  },
  es: {
    subject: {
      lead: (business) => `Nuevo contacto de tu asistente de ${business}`,
      appointment: (business) => `Nueva petición de cita de tu asistente de ${business}`,
      handoff: (business) => `Un cliente de ${business} pidió hablar con una persona`,
    },
    intro: {
      lead: 'Un cliente dejó sus datos a tu asistente:',
      appointment: 'Un cliente pidió una cita a tu asistente:',
      handoff: 'Un cliente pidió hablar con una persona y dejó este mensaje:',
    },
    labels: {
      name: 'Nombre',
      email: 'Correo',
      phone: 'Teléfono',
      preferred_time: 'Hora preferida',
      message: 'Mensaje',
    },
  },
};

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/**
 * The mails a lite bot sends for the modules a turn ran: when its form chose email for leads and
 * handoffs, reaching the end of the lead (or appointment) questions, or of a visitor's request for
 * a person, mails the business's address with the details the conversation holds. Pure: the
 * server queues the mail in the turn's own commit.
 */
export function liteMailsOf(
  flow: Flow,
  ranModuleIds: readonly string[],
  variables: Readonly<Record<string, unknown>>,
): LiteMail[] {
  const reached = ranModuleIds.filter(mayMailLite);
  if (reached.length === 0) return [];
  const profile = readLiteProfile(flow);
  if (profile?.answers.contact.handoff !== 'email') return [];
  const { answers } = profile;
  const words = mailWords[answers.language];
  return [...new Set(reached)].map((moduleId) => {
    const kind: LiteMailKind =
      mailingModules[moduleId] === 'handoff'
        ? 'handoff'
        : answers.purpose === 'appointments'
          ? 'appointment'
          : 'lead';
    const fields =
      kind === 'handoff'
        ? (['name', 'email', 'message'] as const)
        : kind === 'appointment'
          ? (['name', 'email', 'phone', 'preferred_time'] as const)
          : (['name', 'email', 'phone'] as const);
    return {
      to: answers.contact.email,
      kind,
      subject: words.subject[kind](answers.businessName),
      intro: words.intro[kind],
      details: fields
        .map((field) => ({ label: words.labels[field], value: textOf(variables[field]).trim() }))
        .filter((detail) => detail.value !== ''),
    };
  });
}
