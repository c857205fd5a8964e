/** A template that cannot be parsed or rendered; `line` is 1-based when known. */
export class TemplateError extends Error {
  override name = 'TemplateError';
  constructor(
    message: string,
    public line?: number,
  ) {
    super(message);
  }
}

/** Raised when a template touches something undefined in a way Jinja2 refuses. */
export class UndefinedError extends TemplateError {
  override name = 'UndefinedError';
}

/** A hostile or runaway template: too much output, work, recursion or range. */
export class SandboxError extends TemplateError {
  override name = 'SandboxError';
}

/** Which of a render's (or a turn's) allowances a template used up. */
export type BudgetLimit = 'output' | 'characters' | 'steps' | 'time';

/**
 * A template stopped because it used up its budget: a string or list too big to build (`output`),
 * too much text built or read in all (`characters`), too many steps, or too much time. One render
 * has its own budget and a turn shares one across all its renders, so no template, however
 * written, can hold the server for long or exhaust its memory.
 */
export class TemplateBudgetExceeded extends SandboxError {
  override name = 'TemplateBudgetExceeded';
  constructor(
    readonly limit: BudgetLimit,
    message: string,
    line?: number,
  ) {
    super(`Template budget exceeded: ${message}`, line);
  }
}
