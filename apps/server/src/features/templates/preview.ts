import { renderTemplate, TemplateError } from '@parley/engine/templating';
import { AppError } from '../../errors';

/** Previews render with tighter limits than live conversations: a person is waiting on each keystroke. */
const previewLimits = { maxOutput: 200_000, maxSteps: 500_000 };

/**
 * Renders a template for a person trying it out (the editor's preview, the AI Manager's prompt
 * test), in the sandbox bots use; a broken one answers TemplateException with its line.
 */
export function renderPreview(template: string, variables: Record<string, unknown>, field?: string): string {
  try {
    return renderTemplate(template, variables, { limits: previewLimits });
  } catch (error) {
    if (error instanceof TemplateError) {
      throw new AppError('TemplateException', field ? `${field}: ${error.message}` : error.message, {
        line: error.line ?? null,
        ...(field ? { field } : {}),
      });
    }
    throw error;
  }
}
