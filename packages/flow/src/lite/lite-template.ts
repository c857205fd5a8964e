import { type Flow, type FlowModule, flowSchema } from '../schema';
import { type LiteAnswers, liteAnswersSchema, liteWeekdays } from './lite-answers';
import { liteWords } from './lite-words';

/** The template version new lite bots are built with; older versions stay so old bots still read. */
export const LITE_TEMPLATE_VERSION = 2;

/** The flow variable that keeps a lite bot's answers (so lite settings can show and edit them). */
export const LITE_PROFILE_VARIABLE = 'lite_profile';

type Button = { id: string; label: string; target: string };

const column = (x: number, y: number) => ({ x: x * 320, y: y * 180 });

function buttonsModule(
  id: string,
  name: string,
  text: string,
  buttons: Button[],
  position: { x: number; y: number },
): FlowModule {
  return {
    id,
    type: 'buttons',
    name,
    position,
    tags: [],
    isGoal: false,
    content: {
      text,
      buttons: buttons.map((button) => ({
        id: button.id,
        label: button.label,
        action: { type: 'goto' },
        setVariables: [],
      })),
    },
    connections: buttons.map((button) => ({
      id: `${id}-${button.id}`,
      port: `button:${button.id}`,
      target: button.target,
    })),
  };
}

function textModule(
  id: string,
  name: string,
  text: string,
  next: string,
  position: { x: number; y: number },
  isGoal = false,
): FlowModule {
  return {
    id,
    type: 'text',
    name,
    position,
    tags: [],
    isGoal,
    content: { text },
    connections: [{ id: `${id}-next`, port: 'next', target: next }],
  };
}

function inputModule(
  id: string,
  name: string,
  prompt: string,
  variable: string,
  validator: { type: 'text'; minLength: number } | { type: 'email' } | { type: 'phone' },
  next: string,
  position: { x: number; y: number },
  words: { retry: string; skip: string },
  skippable = false,
): FlowModule {
  return {
    id,
    type: 'input',
    name,
    position,
    tags: [],
    isGoal: false,
    content: {
      prompt,
      variable,
      validator,
      retryMessage: words.retry,
      maxRetries: 2,
      skippable,
      skipWords: [words.skip],
    },
    connections: [
      { id: `${id}-next`, port: 'next', target: next },
      { id: `${id}-invalid`, port: 'invalid', target: 'menu' },
    ],
  };
}

/** "Monday: 09:00–18:00" per day, in the bot's language. */
function hoursText(answers: LiteAnswers): string {
  const words = liteWords[answers.language];
  const lines = liteWeekdays.map((day) => {
    const hours = answers.hours[day];
    return `${words.days[day]}: ${hours.open ? `${hours.opens}–${hours.closes}` : words.closed}`;
  });
  return [words.hoursIntro, ...lines].join('\n');
}

/**
 * The lite template: a welcome with the paths the purpose calls for (questions and answers, leaving
 * details or booking, opening hours, a person), each returning to a menu. Version 1 answered a
 * visitor asking for a person, when handoffs go by email, with the address; version 2 takes their
 * name, email and message instead, which reach the business by mail (see lite-mail.ts).
 * Pure and deterministic: the same answers always give the same flow.
 */
function buildTemplate(answers: LiteAnswers, version: 1 | 2): Flow {
  const words = liteWords[answers.language];
  const { tone, businessName, contact } = answers;
  const capturesLeads = answers.purpose === 'leads' || answers.purpose === 'appointments';
  const menuButtons: Button[] = [
    ...(answers.faqs.length > 0 ? [{ id: 'faq', label: words.buttons.faq, target: 'faq-menu' }] : []),
    ...(capturesLeads
      ? [
          {
            id: 'lead',
            label: answers.purpose === 'appointments' ? words.buttons.appointment : words.buttons.lead,
            target: 'lead-name',
          },
        ]
      : []),
    { id: 'hours', label: words.buttons.hours, target: 'hours' },
    { id: 'person', label: words.buttons.person, target: 'person' },
  ];
  const greeting = answers.greeting || words.greeting[tone](businessName);
  const answersAreGoals = answers.purpose === 'questions' || answers.purpose === 'support';
  const modules: FlowModule[] = [
    buttonsModule('start', words.names.start, greeting, menuButtons, column(0, 0)),
    buttonsModule('menu', words.names.menu, words.menu[tone], menuButtons, column(0, 2)),
    textModule('fallback', words.names.fallback, words.fallback[tone], 'menu', column(0, 4)),
    textModule('hours', words.names.hours, hoursText(answers), 'menu', column(1, 0)),
  ];
  if (answers.faqs.length > 0) {
    modules.push(
      buttonsModule(
        'faq-menu',
        words.names.faqMenu,
        words.faqIntro,
        [
          ...answers.faqs.map((faq, index) => ({
            id: `q${index + 1}`,
            label: faq.question,
            target: `faq-${index + 1}`,
          })),
          { id: 'back', label: words.buttons.back, target: 'menu' },
        ],
        column(2, 0),
      ),
      ...answers.faqs.map((faq, index) =>
        textModule(`faq-${index + 1}`, faq.question, faq.answer, 'menu', column(3, index), answersAreGoals),
      ),
    );
  }
  if (capturesLeads) {
    const appointment = answers.purpose === 'appointments';
    const afterDetails = contact.handoff === 'inbox' ? 'lead-inbox' : 'menu';
    modules.push(
      inputModule(
        'lead-name',
        words.names.name,
        words.askName[tone],
        'name',
        { type: 'text', minLength: 1 },
        'lead-email',
        column(1, 2),
        words,
      ),
      inputModule(
        'lead-email',
        words.names.email,
        words.askEmail,
        'email',
        { type: 'email' },
        'lead-phone',
        column(2, 2),
        words,
      ),
      inputModule(
        'lead-phone',
        words.names.phone,
        words.askPhone,
        'phone',
        { type: 'phone' },
        appointment ? 'lead-when' : 'lead-thanks',
        column(3, 2),
        words,
        true,
      ),
      ...(appointment
        ? [
            inputModule(
              'lead-when',
              words.names.when,
              words.askWhen,
              'preferred_time',
              { type: 'text', minLength: 2 },
              'lead-thanks',
              column(4, 2),
              words,
            ),
          ]
        : []),
      textModule(
        'lead-thanks',
        words.names.thanks,
        appointment ? words.appointmentThanks[tone] : words.leadThanks[tone],
        afterDetails,
        column(5, 2),
        true,
      ),
    );
    if (contact.handoff === 'inbox') {
      modules.push({
        id: 'lead-inbox',
        type: 'handoff',
        name: words.names.lead,
        position: column(6, 2),
        tags: [],
        isGoal: false,
        content: {
          message: words.leadHandoff,
          reason: appointment ? words.appointmentReason : words.leadReason,
          priority: 'normal',
        },
        connections: [{ id: 'lead-inbox-resume', port: 'resume', target: 'menu' }],
      });
    }
  }
  const personByEmail = contact.handoff === 'email' && version >= 2;
  if (contact.handoff === 'inbox') {
    modules.push({
      id: 'person',
      type: 'handoff',
      name: words.names.person,
      position: column(1, 4),
      tags: [],
      isGoal: answers.purpose === 'support',
      content: {
        message: words.handoff[tone](businessName),
        reason: words.handoffReason,
        priority: 'normal',
      },
      connections: [{ id: 'person-resume', port: 'resume', target: 'menu' }],
    });
  } else if (!personByEmail) {
    modules.push(
      textModule(
        'person',
        words.names.person,
        words.byEmail(contact.email, contact.phone),
        'menu',
        column(1, 4),
        answers.purpose === 'support',
      ),
    );
  } else {
    modules.push(
      textModule(
        'person',
        words.names.person,
        words.personByEmail[tone](businessName),
        'person-name',
        column(1, 4),
      ),
      inputModule(
        'person-name',
        words.names.name,
        words.askName[tone],
        'name',
        { type: 'text', minLength: 1 },
        'person-email',
        column(2, 4),
        words,
      ),
      inputModule(
        'person-email',
        words.names.email,
        words.askEmail,
        'email',
        { type: 'email' },
        'person-message',
        column(3, 4),
        words,
      ),
      inputModule(
        'person-message',
        words.names.message,
        words.askMessage,
        'message',
        { type: 'text', minLength: 2 },
        'person-thanks',
        column(4, 4),
        words,
      ),
      textModule(
        'person-thanks',
        words.names.thanks,
        words.personThanks[tone],
        'menu',
        column(5, 4),
        answers.purpose === 'support',
      ),
    );
  }
  const variables = [
    {
      name: LITE_PROFILE_VARIABLE,
      default: { templateVersion: version, answers },
      description: 'The answers of the lite form this bot is built from (edited in lite settings)',
    },
    ...[
      ...(capturesLeads || personByEmail ? ['name', 'email'] : []),
      ...(capturesLeads ? ['phone'] : []),
      ...(answers.purpose === 'appointments' ? ['preferred_time'] : []),
      ...(personByEmail ? ['message'] : []),
    ].map((name) => ({ name, default: null, description: '' })),
  ];
  return flowSchema.parse({
    schemaVersion: 1,
    startModuleId: 'start',
    modules,
    globalConnections: [],
    tags: [],
    intents: [],
    variables,
    settings: {
      language: answers.language,
      fallbackMessage: words.fallback[tone],
      expiryMinutes: 30,
      fallbackModuleId: 'fallback',
    },
  });
}

/** Every lite template version ever shipped: a bot built with one is read and rebuilt with it. */
const liteTemplates: Record<number, (answers: LiteAnswers) => Flow> = {
  1: (answers) => buildTemplate(answers, 1),
  2: (answers) => buildTemplate(answers, 2),
};

/** Builds a lite bot's whole flow from the form's answers (with the newest template). */
export function buildLiteFlow(answers: LiteAnswers, version = LITE_TEMPLATE_VERSION): Flow {
  const build = liteTemplates[version];
  if (!build) throw new Error(`No lite template version ${version}`);
  return build(answers);
}

/** The answers a lite bot was built from, as its flow keeps them; undefined for any other flow. */
export function readLiteProfile(flow: Flow): { templateVersion: number; answers: LiteAnswers } | undefined {
  const stored = flow.variables.find((variable) => variable.name === LITE_PROFILE_VARIABLE)?.default;
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const version = stored.templateVersion;
  if (typeof version !== 'number' || !liteTemplates[version]) return undefined;
  const answers = liteAnswersSchema.safeParse(stored.answers);
  return answers.success ? { templateVersion: version, answers: answers.data } : undefined;
}

/** JSON with object keys sorted (stored documents come back with their keys in another order). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    typeof each === 'object' && each !== null && !Array.isArray(each)
      ? Object.fromEntries(Object.entries(each).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : each,
  );
}

/**
 * Whether a flow is one the lite settings can edit: exactly what its template builds from the
 * answers it keeps (positions aside, which only the canvas shows; and the generative settings,
 * which the knowledge tab edits beside the answers).
 */
export function isLiteShape(flow: Flow): boolean {
  const profile = readLiteProfile(flow);
  if (!profile) return false;
  const built = buildLiteFlow(profile.answers, profile.templateVersion);
  const unplaced = (each: Flow) => {
    const { generative: _generative, ...settings } = each.settings;
    return canonical({
      ...each,
      settings,
      modules: each.modules.map((module) => ({ ...module, position: { x: 0, y: 0 } })),
    });
  };
  return unplaced(built) === unplaced(flowSchema.parse(flow));
}
