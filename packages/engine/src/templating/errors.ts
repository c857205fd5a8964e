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
