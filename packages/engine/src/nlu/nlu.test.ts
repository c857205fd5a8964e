import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities';
import { memoryModelStore, modelKey, NluEngine } from './nlu';

const intents = [
  {
    name: 'track_order',
    utterances: [
      'where is my order',
      'track my package',
      'has my parcel shipped',
      'order status',
      'when will my order arrive',
    ],
  },
  {
    name: 'refund',
    utterances: [
      'I want my money back',
      'refund please',
      'how do I get a refund',
      'return this item for a refund',
    ],
  },
  { name: 'greeting', utterances: ['hello', 'hi there', 'good morning', 'hey'] },
];

describe('NLU', () => {
  it('predicts intents with a confidence, best first', async () => {
    const nlu = new NluEngine(memoryModelStore());
    const { predictions } = await nlu.predict('en', intents, 'where is my package?');
    expect(predictions[0]?.intent).toBe('track_order');
    expect(predictions[0]?.confidence).toBeGreaterThan(0.5);
    const refund = await nlu.predict('en', intents, 'can I have a refund');
    expect(refund.predictions[0]?.intent).toBe('refund');
  });

  it('understands Spanish bots in Spanish', async () => {
    const nlu = new NluEngine(memoryModelStore());
    const spanish = [
      { name: 'saludo', utterances: ['hola', 'buenos días', 'buenas tardes'] },
      {
        name: 'pedido',
        utterances: ['dónde está mi pedido', 'quiero rastrear mi paquete', 'estado de mi pedido'],
      },
    ];
    expect((await nlu.predict('es', spanish, '¿dónde está mi paquete?')).predictions[0]?.intent).toBe(
      'pedido',
    );
  });

  it('trains once per set of intents and keeps the model in the store', async () => {
    const models = new Map<string, string>();
    const store = {
      get: async (key: string) => models.get(key),
      put: async (key: string, model: string) => void models.set(key, model),
    };
    await new NluEngine(store).predict('en', intents, 'hello');
    expect([...models.keys()]).toEqual([modelKey('en', intents)]);
    // Another engine (another process) reuses the stored model.
    const reused = await new NluEngine(store).predict('en', intents, 'hi there');
    expect(reused.predictions[0]?.intent).toBe('greeting');
    expect(models.size).toBe(1);
  });

  it('predicts nothing for a bot without intents', async () => {
    expect(await new NluEngine(memoryModelStore()).predict('en', [], 'hello')).toEqual({
      predictions: [],
      entities: [],
    });
  });

  it('finds emails, phones and numbers', () => {
    expect(
      extractEntities(
        'mail ada@example.com or call +1 (555) 123-4567, I want 3 boxes for 12.5 each at https://shop.example.com/x.',
      ),
    ).toEqual([
      { entity: 'email', text: 'ada@example.com', value: 'ada@example.com' },
      { entity: 'url', text: 'https://shop.example.com/x', value: 'https://shop.example.com/x' },
      { entity: 'phone', text: '+1 (555) 123-4567', value: '+15551234567' },
      { entity: 'number', text: '3', value: '3' },
      { entity: 'number', text: '12.5', value: '12.5' },
    ]);
  });
});
