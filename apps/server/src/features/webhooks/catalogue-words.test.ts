import { describe, expect, it } from 'vitest';
import { builtInTemplates } from './catalogue';
import { catalogueWords, definitionIn } from './catalogue-words';

describe('the webhook catalogue’s words', () => {
  for (const [language, words] of Object.entries(catalogueWords)) {
    it(`has every built-in template in ${language}: name, summary, description and every field`, () => {
      for (const { slug, definition } of builtInTemplates) {
        const entry = words[slug];
        expect(entry, `${slug} in ${language}`).toBeDefined();
        expect(entry?.summary, `${slug}'s summary in ${language}`).not.toBe(definition.summary);
        expect(entry?.description, `${slug}'s description in ${language}`).not.toBe(definition.description);
        expect(Object.keys(entry?.fields ?? {}).sort(), `${slug}'s fields in ${language}`).toEqual(
          definition.fields.map((field) => field.key).sort(),
        );
        for (const field of definition.fields) {
          const translated = entry?.fields[field.key];
          // A help that is empty in English stays empty; any other says something in the language.
          expect(translated?.help === '', `${slug}.${field.key}'s help in ${language}`).toBe(
            field.help === '',
          );
          expect(translated?.label, `${slug}.${field.key}'s label in ${language}`).toBeTruthy();
        }
      }
      // No words for a template the catalogue does not ship.
      expect(Object.keys(words).sort()).toEqual(builtInTemplates.map((template) => template.slug).sort());
    });
  }

  it('translates what a person reads and keeps the request as it is', () => {
    const slack = builtInTemplates.find((template) => template.slug === 'slack-incoming-webhook');
    if (!slack) throw new Error('no Slack template');
    const spanish = definitionIn(slack.slug, slack.definition, 'es-ES');
    expect(spanish.summary).toBe('Publica un mensaje en un canal de Slack mediante un webhook entrante');
    expect(spanish.fields.map((field) => field.label)).toEqual(['URL del webhook', 'Mensaje']);
    expect(spanish.fields.map((field) => field.secret)).toEqual([true, false]);
    expect(spanish.request).toEqual(slack.definition.request);
    expect(definitionIn(slack.slug, slack.definition, 'en')).toBe(slack.definition);
    expect(definitionIn(null, slack.definition, 'es')).toBe(slack.definition);
  });
});
