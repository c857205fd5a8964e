/** What the builder (in the browser) uses of the engine: no NLU, no runtime. */
export { SYSTEM_VARIABLES } from './system-variables';
export { templateAnalyzer } from './validate';
