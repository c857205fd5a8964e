import { describe, expect, it } from 'vitest';
import { extractEntities } from './entities';
import { memoryModelStore, type NluModelState } from './model-store';
import { modelKey, NluEngine } from './nlu';
import { type NluIntent, NluModelTooLargeError, trainModel } from './train';

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
    // The port changed from get/put to one ask: the store now trains too (off the turn, on a server).
    const trained: string[] = [];
    const store = memoryModelStore({
      train: (language, trainable, limits) => {
        trained.push(modelKey(language, trainable));
        return trainModel(language, trainable, limits);
      },
    });
    await new NluEngine(store).predict('en', intents, 'hello');
    expect(trained).toEqual([modelKey('en', intents)]);
    // Another engine (another process) reuses the stored model.
    const reused = await new NluEngine(store).predict('en', intents, 'hi there');
    expect(reused.predictions[0]?.intent).toBe('greeting');
    expect(trained).toHaveLength(1);
  });

  it('answers with the bot’s previous model while its new one trains, and says so', async () => {
    const ready = new Map<string, string>();
    const asked: string[] = [];
    // A store whose training finishes when the test says so.
    const store = {
      model: async ({ key }: { key: string }): Promise<NluModelState> => {
        asked.push(key);
        const model = ready.get(key);
        return model ? { status: 'ready', model } : { status: 'training' };
      },
    };
    const nlu = new NluEngine(store);
    const before = intents.slice(0, 2);
    ready.set(`bot-1:${modelKey('en', before)}`, await trainModel('en', before));
    expect((await nlu.predict('en', before, 'refund please', 'bot-1')).model).toBeUndefined();

    const during = await nlu.predict('en', intents, 'good morning', 'bot-1');
    expect(during.model).toEqual({ status: 'training', previous: true });
    expect(during.predictions[0]?.intent).not.toBe('greeting');
    expect((await nlu.predict('en', intents, 'where is my order', 'bot-1')).predictions[0]?.intent).toBe(
      'track_order',
    );
    // Another bot has no previous model: nothing answers until its own is ready.
    expect(await nlu.predict('en', intents, 'good morning', 'bot-2')).toEqual({
      predictions: [],
      entities: [],
      model: { status: 'training', previous: false },
    });

    ready.set(`bot-1:${modelKey('en', intents)}`, await trainModel('en', intents));
    const after = await nlu.predict('en', intents, 'good morning', 'bot-1');
    expect(after.model).toBeUndefined();
    expect(after.predictions[0]?.intent).toBe('greeting');
    // Once loaded, the model answers without asking the store again.
    const asks = asked.length;
    await nlu.predict('en', intents, 'hey', 'bot-1');
    expect(asked).toHaveLength(asks);
  });

  it('refuses to train intents over the limits, naming the limit', async () => {
    const limits = { maxUtterances: 10, maxUtteranceLength: 100 };
    await expect(trainModel('en', intents, limits)).rejects.toThrow(
      new NluModelTooLargeError('The intents have 13 utterances in all; the limit is 10 utterances per bot'),
    );
    const nlu = new NluEngine(memoryModelStore({ limits }));
    expect(await nlu.predict('en', intents, 'hello', 'bot-1')).toEqual({
      predictions: [],
      entities: [],
      model: {
        status: 'refused',
        reason: 'The intents have 13 utterances in all; the limit is 10 utterances per bot',
        previous: false,
      },
    });
    const long: NluIntent[] = [{ name: 'long', utterances: ['x'.repeat(101)] }];
    await expect(trainModel('en', long, limits)).rejects.toThrow(
      'An utterance of the intent “long” has 101 characters; the limit is 100 characters per utterance',
    );
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
