import { describe, expect, it } from 'vitest';
import { defaultLiteHours, type LiteAnswersInput, liteAnswersSchema } from './lite-answers';
import { liteMailsOf } from './lite-mail';
import { buildLiteFlow } from './lite-template';

const flowOf = (overrides: Partial<LiteAnswersInput> = {}) =>
  buildLiteFlow(
    liteAnswersSchema.parse({
      businessName: 'Casa Lola',
      website: '',
      purpose: 'leads',
      tone: 'friendly',
      language: 'en',
      greeting: '',
      hours: defaultLiteHours(),
      faqs: [],
      contact: { email: 'hola@casalola.example', phone: '', handoff: 'email' },
      ...overrides,
    }),
  );

const visitor = { name: 'Ana', email: 'ana@example.com', phone: null, message: 'Do you cater weddings?' };

describe('the mail a lite bot sends', () => {
  it('mails a lead to the address the form gave, with the details the visitor left', () => {
    expect(liteMailsOf(flowOf(), ['lead-phone', 'lead-thanks', 'menu'], visitor)).toEqual([
      {
        to: 'hola@casalola.example',
        kind: 'lead',
        subject: 'New lead from your Casa Lola assistant',
        intro: 'A customer left their details with your assistant:',
        details: [
          { label: 'Name', value: 'Ana' },
          { label: 'Email', value: 'ana@example.com' },
        ],
      },
    ]);
  });

  it('mails an appointment request and a request for a person, in the bot’s language', () => {
    const [appointment] = liteMailsOf(flowOf({ purpose: 'appointments', language: 'es' }), ['lead-thanks'], {
      ...visitor,
      preferred_time: 'martes 10:00',
    });
    expect(appointment).toMatchObject({
      kind: 'appointment',
      subject: 'Nueva petición de cita de tu asistente de Casa Lola',
    });
    expect(appointment?.details.at(-1)).toEqual({ label: 'Hora preferida', value: 'martes 10:00' });
    const [handoff] = liteMailsOf(flowOf({ purpose: 'support' }), ['person-thanks'], visitor);
    expect(handoff).toMatchObject({ kind: 'handoff', to: 'hola@casalola.example' });
    expect(handoff?.details.at(-1)).toEqual({ label: 'Message', value: 'Do you cater weddings?' });
  });

  it('mails nothing when handoffs go to the inbox, for other modules, or for a canvas bot', () => {
    const inbox = flowOf({ contact: { email: 'hola@casalola.example', phone: '', handoff: 'inbox' } });
    expect(liteMailsOf(inbox, ['lead-thanks'], visitor)).toEqual([]);
    expect(liteMailsOf(flowOf(), ['lead-name', 'menu'], visitor)).toEqual([]);
    expect(liteMailsOf({ ...flowOf(), variables: [] }, ['lead-thanks'], visitor)).toEqual([]);
  });
});
