// The training thread's entry when the server runs from its TypeScript sources (tests, `npm run
// dev`): tsx compiles nlu-worker.ts as it loads. The built server runs dist/nlu-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./nlu-worker.ts');
