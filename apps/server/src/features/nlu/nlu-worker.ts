// The worker thread that trains intent models, so that training (seconds of CPU for a large bot)
// never holds up the server's event loop. One job at a time; see nlu-trainer.ts for the host.
import { parentPort } from 'node:worker_threads';
import { trainModel } from '@parley/engine/nlu-training';
import type { TrainReply, TrainRequest } from './nlu-trainer';

if (!parentPort) throw new Error('nlu-worker runs as a worker thread');
const port = parentPort;

port.on('message', async ({ language, intents, limits }: TrainRequest) => {
  let reply: TrainReply;
  try {
    reply = { model: await trainModel(language, intents, limits) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
