import {
  RenderBudget,
  renderTemplate,
  TemplateBudgetExceeded,
  TemplateError,
} from '@parley/engine/templating';
import { AppError } from '../../errors';

/** Previews render with tighter limits than live conversations: a person is waiting on each keystroke. */
const previewLimits = { maxOutput: 200_000, maxSteps: 500_000, maxChars: 5_000_000 };
/** Time a preview may render for, on the server's clock. */
export const PREVIEW_TIME_LIMIT_MS = 250;

/**
 * Renders a template for a person trying it out (the editor's preview, the AI Manager's prompt
 * test), in the sandbox bots use; a broken one answers TemplateException with its line and the
 * error's name (TemplateBudgetExceeded for one that asks for too much).
 */
export function renderPreview(template: string, variables: Record<string, unknown>, field?: string): string {
  const budget = new RenderBudget({
    ...previewLimits,
    clock: () => performance.now(),
    timeLimitMs: PREVIEW_TIME_LIMIT_MS,
    owner: 'the template',
  });
  try {
    return renderTemplate(template, variables, { limits: previewLimits, budget });
  } catch (error) {
    if (error instanceof TemplateError) {
      throw new AppError('TemplateException', field ? `${field}: ${error.message}` : error.message, {
        line: error.line ?? null,
        error: error.name,
        ...(error instanceof TemplateBudgetExceeded ? { limit: error.limit } : {}),
        ...(field ? { field } : {}),
      });
    }
    throw error;
  }
}
