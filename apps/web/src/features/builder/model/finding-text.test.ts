import type { Finding, FindingCode, Flow } from '@parley/flow';
import { starterFlow, validateFlow } from '@parley/flow';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import builderEn from '../../../../public/locales/en/builder.json';
import modulesEn from '../../../../public/locales/en/modules.json';
import builderEs from '../../../../public/locales/es/builder.json';
import modulesEs from '../../../../public/locales/es/modules.json';
import { findingTextIn } from './finding-text';
import { moduleWordsIn } from './module-words';

async function speaking(lng: 'en' | 'es') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    // Nothing falls back: a key missing in the language shows as itself, and the test sees it.
    fallbackLng: false,
    ns: ['builder', 'modules'],
    resources: {
      en: { builder: builderEn, modules: modulesEn },
      es: { builder: builderEs, modules: modulesEs },
    },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return (flow: Flow) =>
    findingTextIn(i18n.getFixedT(lng, 'builder'), moduleWordsIn(i18n.getFixedT(lng, 'modules')), flow);
}

/** A bot with a named and an unnamed module and a global connection, for findings to be about. */
const flow: Flow = {
  ...starterFlow('es'),
  modules: [
    {
      id: 'ask',
      type: 'input',
      name: 'Pedir correo',
      position: { x: 0, y: 0 },
      tags: [],
      connections: [],
      isGoal: false,
      content: {
        prompt: '¿Tu correo?',
        variable: 'correo',
        validator: { type: 'email' },
        retryMessage: '',
        maxRetries: 2,
        skippable: false,
        skipWords: [],
      },
    },
    {
      id: 'text-2',
      type: 'text',
      name: '',
      position: { x: 0, y: 200 },
      tags: [],
      connections: [],
      isGoal: false,
      content: { text: 'Hola' },
    },
  ],
  startModuleId: 'ask',
  globalConnections: [
    {
      id: 'g1',
      name: 'Horario',
      trigger: { type: 'keyword', keywords: ['horario'], match: 'exact' },
      target: 'ask',
      actions: [],
      enabled: true,
      priority: 0,
    },
  ],
};

/** One finding of every code, as the validator would make it. */
const everyCode = {
  'missing-start': { target: 'gone' },
  'duplicate-id': { moduleId: 'ask' },
  'connection-to-missing-module': { moduleId: 'ask', target: 'gone' },
  'unknown-port': { moduleId: 'ask', port: 'nope' },
  'duplicate-port-connection': { moduleId: 'ask', port: 'invalid' },
  'global-to-missing-module': { connectionId: 'g1', target: 'gone' },
  'invalid-regex': { moduleId: 'ask', pattern: '(?=x)', refusal: { code: 'lookaround' } },
  'unknown-intent': { connectionId: 'g1', intent: 'refund' },
  'no-intents': { moduleId: 'ask' },
  'intent-without-phrases': { moduleId: 'ask', intent: 'refund' },
  'nlu-model-too-large': { nluLimit: { kind: 'utterances', total: 6000, limit: 5000 } },
  'unknown-tag': { moduleId: 'ask' },
  'template-error': { connectionId: 'g1', detail: 'Unexpected end of template', line: 2 },
  'loop-without-input': { moduleId: 'ask', moduleIds: ['ask', 'text-2'] },
  'dead-end': { moduleId: 'ask', ports: ['next', 'invalid'] },
  unreachable: { moduleId: 'text-2' },
  'undeclared-variable': { moduleId: 'text-2', variable: 'nombre' },
  'nullable-printed': { moduleId: 'ask', variable: 'nombre' },
} satisfies Record<FindingCode, Partial<Finding>>;

const findings = Object.entries(everyCode).map(
  ([code, about]): Finding => ({
    severity: 'warning',
    code: code as FindingCode,
    message: 'English',
    ...about,
  }),
);

describe("the builder's words for the validator's findings", () => {
  it.each(['en', 'es'] as const)('say every finding in %s, with no key left unsaid', async (lng) => {
    const text = (await speaking(lng))(flow);
    for (const finding of findings) {
      // The Jinja a finding suggests is the only {{ }} a reader may see.
      const said = text(finding).replace("{{ nombre | default('…', true) }}", 'SUGGESTION');
      expect(said, finding.code).not.toMatch(/problems\.|kit\.|\{\{|undefined/);
      expect(said, finding.code).not.toBe('English');
    }
  });

  it('name modules, outputs and global connections as a Spanish user reads them', async () => {
    const text = (await speaking('es'))(flow);
    const said = (code: FindingCode) => text(findings.find((finding) => finding.code === code) as Finding);
    expect(said('dead-end')).toBe(
      '«Pedir correo» no lleva a ningún sitio desde: Respondida, Sin respuesta válida',
    );
    expect(said('unreachable')).toBe('El módulo text-2 es inalcanzable: nada lleva a él');
    expect(said('unknown-intent')).toBe('«Horario» escucha la intención «refund», que el bot no define');
    expect(said('loop-without-input')).toBe(
      '«Pedir correo» → el módulo text-2 se repiten sin fin sin esperar al usuario',
    );
    expect(said('invalid-regex')).toMatch(
      /^«Pedir correo»: el patrón «\(\?=x\)» no se puede usar: las búsquedas/,
    );
    expect(said('template-error')).toBe('La conexión global «Horario»: Unexpected end of template (línea 2)');
  });

  it('say in English what the validator says, for the findings it makes', async () => {
    const text = (await speaking('en'))(flow);
    const findings = validateFlow(flow);
    expect(findings.length).toBeGreaterThan(0);
    // Sentences start with a capital, also those about an unnamed module.
    for (const finding of findings)
      expect(text(finding)).toBe(finding.message.charAt(0).toUpperCase() + finding.message.slice(1));
  });

  it('warn where a message prints a variable the flow can set to None, with the Jinja that helps', async () => {
    // A skippable question sets `correo` to None; the next message prints it as it is.
    const nullable: Flow = {
      ...flow,
      modules: flow.modules.map((module) =>
        module.type === 'input'
          ? { ...module, content: { ...module.content, skippable: true, skipWords: ['no'] } }
          : module.type === 'text'
            ? { ...module, name: 'Gracias', content: { text: 'Gracias, {{ correo }}' } }
            : module,
      ),
    };
    const finding: Finding = {
      severity: 'warning',
      code: 'nullable-printed',
      moduleId: 'text-2',
      variable: 'correo',
      message: 'English',
    };
    expect((await speaking('en'))(nullable)(finding)).toBe(
      "“Gracias” prints “correo”, which the flow can set to None (a webhook’s or agent’s answer, a skipped question, Set variable to none): visitors would then read “None”. Write {{ correo | default('…', true) }} instead",
    );
    expect((await speaking('es'))(nullable)(finding)).toBe(
      "«Gracias» muestra «correo», que el flujo puede dejar en None (la respuesta de un webhook o de un agente, una pregunta omitida, Asignar variable con none): los visitantes leerían entonces «None». Escribe {{ correo | default('…', true) }} en su lugar",
    );
  });
});
