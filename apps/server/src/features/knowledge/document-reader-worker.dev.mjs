// The reading thread's entry when the server runs from its TypeScript sources (tests, `npm run
// dev`): tsx compiles document-reader-worker.ts as it loads. The built server runs
// dist/document-reader-worker.js instead.
import { register } from 'tsx/esm/api';

register();
const { default: readFile } = await import('./document-reader-worker.ts');
export default readFile;
