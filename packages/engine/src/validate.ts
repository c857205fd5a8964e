import {
  type Finding,
  type Flow,
  type TemplateAnalyzer,
  type ValidateOptions,
  validateFlow,
} from '@parley/flow';
import { TemplateError } from './templating';
import { freeVariables, readTemplate } from './templating/analysis';

/**
 * Reads templates for the flow validator: the names they read and those they print as they are,
 * or their syntax error.
 */
export const templateAnalyzer: TemplateAnalyzer = {
  template(source) {
    try {
      return readTemplate(source);
    } catch (error) {
      return error instanceof TemplateError
        ? { error: error.message, line: error.line }
        : { error: String(error) };
    }
  },
  expression(source) {
    try {
      return { names: freeVariables(`{{ ${source} }}`) };
    } catch (error) {
      // The expression is read inside `{{ … }}`: a parser stopping at that `}}` means it ended early.
      return error instanceof TemplateError
        ? { error: error.message.replace("unexpected '}}'", 'the expression ends too early') }
        : { error: String(error) };
    }
  },
};

/** The full validation the builder and publishing use: the graph, and every template and expression. */
export function validateFlowTemplates(flow: Flow, options: ValidateOptions = {}): Finding[] {
  return validateFlow(flow, templateAnalyzer, options);
}
