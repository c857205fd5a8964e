import { DEFAULT_GENERATIVE_SETTINGS } from '@parley/modules';
import { describe, expect, it } from 'vitest';
import { validateFlow } from '../validator';
import {
  defaultLiteHours,
  type LiteAnswersInput,
  liteAnswersSchema,
  litePurposeSchema,
} from './lite-answers';
import { buildLiteFlow, isLiteShape, readLiteProfile } from './lite-template';

const answers = (overrides: Partial<LiteAnswersInput> = {}) =>
  liteAnswersSchema.parse({
    businessName: 'Casa Lola',
    website: 'https://casalola.example',
    purpose: 'questions',
    tone: 'friendly',
    language: 'en',
    greeting: '',
    hours: defaultLiteHours(),
    faqs: [
      { question: 'Do you deliver?', answer: 'Yes, within 5 km of the shop.' },
      { question: 'Do you have vegan dishes?', answer: 'Half of our menu is vegan.' },
    ],
    contact: { email: 'hola@casalola.example', phone: '+34 600 123 456', handoff: 'inbox' },
    ...overrides,
  });

describe('the lite template', () => {
  const cases = litePurposeSchema.options.flatMap((purpose) =>
    (['inbox', 'email'] as const).flatMap((handoff) =>
      (['en', 'es'] as const).flatMap((language) =>
        (['friendly', 'professional'] as const).map((tone) => ({ purpose, handoff, language, tone })),
      ),
    ),
  );

  it.each(cases)(
    'builds a valid bot for $purpose, $handoff, $language, $tone',
    ({ purpose, handoff, language, tone }) => {
      const flow = buildLiteFlow(
        answers({ purpose, language, tone, contact: { email: 'a@b.example', phone: '', handoff } }),
      );
      expect(validateFlow(flow)).toEqual([]);
      expect(isLiteShape(flow)).toBe(true);
    },
  );

  it('is deterministic and keeps the answers it was built from', () => {
    const given = answers({ purpose: 'appointments' });
    expect(buildLiteFlow(given)).toEqual(buildLiteFlow(given));
    expect(readLiteProfile(buildLiteFlow(given))).toEqual({ templateVersion: 2, answers: given });
  });

  it('offers the paths the purpose calls for', () => {
    const labels = (input: Partial<LiteAnswersInput>) => {
      const start = buildLiteFlow(answers(input)).modules.find((module) => module.id === 'start');
      return start?.type === 'buttons' ? start.content.buttons.map((button) => button.label) : [];
    };
    expect(labels({ purpose: 'questions' })).toEqual(['Ask a question', 'Opening hours', 'Talk to a person']);
    expect(labels({ purpose: 'appointments', faqs: [] })).toEqual([
      'Book an appointment',
      'Opening hours',
      'Talk to a person',
    ]);
    expect(labels({ purpose: 'leads', language: 'es', faqs: [] })).toEqual([
      'Dejar mis datos',
      'Horario',
      'Hablar con una persona',
    ]);
  });

  it('writes the opening hours out day by day, and uses the greeting typed in', () => {
    const flow = buildLiteFlow(answers({ greeting: 'Welcome to Lola!' }));
    const text = (id: string) => {
      const found = flow.modules.find((module) => module.id === id);
      return found?.type === 'text' || found?.type === 'buttons' ? found.content.text : undefined;
    };
    expect(text('start')).toBe('Welcome to Lola!');
    expect(text('hours')).toContain('Monday: 09:00–18:00');
    expect(text('hours')).toContain('Sunday: closed');
  });

  it('still builds and reads bots made with template 1, whose email handoff only gave the address', () => {
    const given = answers({ contact: { email: 'a@b.example', phone: '', handoff: 'email' } });
    const old = buildLiteFlow(given, 1);
    expect(readLiteProfile(old)).toEqual({ templateVersion: 1, answers: given });
    expect(isLiteShape(old)).toBe(true);
    expect(old.modules.find((module) => module.id === 'person')?.connections[0]?.target).toBe('menu');
    const current = buildLiteFlow(given);
    expect(current.modules.find((module) => module.id === 'person')?.connections[0]?.target).toBe(
      'person-name',
    );
    expect(current.variables.map((variable) => variable.name)).toEqual([
      'lite_profile',
      'name',
      'email',
      'message',
    ]);
  });

  it('tells a flow changed outside the lite settings apart', () => {
    const flow = buildLiteFlow(answers());
    const moved = {
      ...flow,
      modules: flow.modules.map((module) => ({ ...module, position: { x: 9, y: 9 } })),
    };
    expect(isLiteShape(moved)).toBe(true);
    // As a database gives it back: the same document with its keys in another order.
    const reordered = JSON.parse(
      JSON.stringify(flow, (_key, value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).reverse())
          : value,
      ),
    );
    expect(isLiteShape(reordered)).toBe(true);
    const edited = {
      ...flow,
      modules: flow.modules.map((module) =>
        module.type === 'text' ? { ...module, content: { text: 'Something else' } } : module,
      ),
    };
    expect(isLiteShape(edited)).toBe(false);
    expect(isLiteShape({ ...flow, variables: [] })).toBe(false);
    // Generative answers (a catalogue from the form, the knowledge tab) sit beside the answers.
    const answering = {
      ...flow,
      settings: { ...flow.settings, generative: { ...DEFAULT_GENERATIVE_SETTINGS, enabled: true } },
    };
    expect(isLiteShape(answering)).toBe(true);
    expect(isLiteShape({ ...answering, settings: { ...answering.settings, expiryMinutes: 5 } })).toBe(false);
  });
});

describe('the lite answers', () => {
  it.each([
    ['contact.email', { contact: { email: 'not-an-email', phone: '', handoff: 'inbox' } }],
    ['contact.phone', { contact: { email: 'a@b.example', phone: '+34 600 123 456 789', handoff: 'inbox' } }],
    ['contact.phone', { contact: { email: 'a@b.example', phone: 'call me', handoff: 'inbox' } }],
    ['website', { website: 'casalola' }],
    ['businessName', { businessName: '' }],
    ['businessName', { businessName: 'Lola {{ 7*7 }}' }],
    ['faqs', { faqs: [] }],
    [
      'hours.mon.closes',
      { hours: { ...defaultLiteHours(), mon: { open: true, opens: '18:00', closes: '09:00' } } },
    ],
  ] as const)('refuses a bad %s', (path, overrides) => {
    const result = liteAnswersSchema.safeParse({ ...answers(), ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([path]);
  });

  it('takes a phone of 12 digits and no website', () => {
    expect(
      liteAnswersSchema.safeParse({
        ...answers(),
        website: '',
        contact: { email: 'a@b.example', phone: '+34 600 123 456', handoff: 'email' },
      }).success,
    ).toBe(true);
  });
});
