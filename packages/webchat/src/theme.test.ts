import { defaultWebchatStrings, webchatStyleSchema } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { mergeShown } from './app/use-conversation';
import { pickStrings, readableOn, themeVariables } from './theme';

describe('the widget theme', () => {
  it('puts readable text on the brand color', () => {
    expect(readableOn('#4f46e5')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#0f172a');
  });

  it('turns the style into custom properties, dark surfaces for the dark theme', () => {
    const light = themeVariables(webchatStyleSchema.parse({ primaryColor: '#112233', bubbleShape: 'pill' }));
    expect(light).toContain('--pc-primary:#112233');
    expect(light).toContain('--pc-radius:22px');
    expect(themeVariables(webchatStyleSchema.parse({ theme: 'dark' }))).toContain('--pc-bg:#111827');
  });

  it('speaks the visitor’s language when the style has it, else the bot’s', () => {
    const style = webchatStyleSchema.parse({});
    expect(pickStrings(style, 'en', 'es-MX')).toEqual(defaultWebchatStrings.es);
    expect(pickStrings(style, 'es', 'de-DE')).toEqual(defaultWebchatStrings.es);
    expect(pickStrings(style, 'fr', 'de')).toEqual(defaultWebchatStrings.en);
  });
});

describe('merging messages', () => {
  const message = (seq: number, text = `m${seq}`) => ({
    seq,
    role: 'bot' as const,
    message: { type: 'text' as const, text },
    created_at: '2026-11-21T00:00:00Z',
  });

  it('keeps each stored message once, in order, with unsent ones last', () => {
    const pending = { ...message(-1, 'typed'), role: 'user' as const, delivery: 'pending' as const };
    const merged = mergeShown([message(1), message(3), pending], [message(2), message(3), message(4)]);
    expect(merged.map((shown) => shown.seq)).toEqual([1, 2, 3, 4, -1]);
  });
});
