import { type BudgetLimit, TemplateBudgetExceeded } from './errors';

/** What renders may consume together: steps, characters built or read, and (with a clock) time. */
export interface BudgetOptions {
  maxSteps: number;
  /** Characters all the renders may build or read in all (outputs, intermediate strings, scans). */
  maxChars: number;
  /**
   * The host's clock (the engine imports none) and how long the renders may take in all. Only time
   * spent rendering counts: a turn that waits seconds on a webhook between two renders loses none.
   */
  clock?: () => number;
  timeLimitMs?: number;
  /** Who the message names: one template, or every template of a turn. */
  owner?: string;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Work that renders may do. Every render has its own; a turn (or a preview) passes one as the
 * `parent` of all its renders, so a flow that renders many moderately big templates is bounded too.
 */
export class RenderBudget {
  private steps = 0;
  private chars = 0;
  private usedMs = 0;
  private openedAt: number | undefined;
  private open = 0;
  private entered = false;
  private readonly owner: string;

  constructor(
    private readonly options: BudgetOptions,
    private readonly parent?: RenderBudget,
  ) {
    this.owner = options.owner ?? 'the template';
  }

  private exceeded(limit: BudgetLimit, what: string, line?: number): never {
    throw new TemplateBudgetExceeded(limit, `${this.owner} ${what}`, line);
  }

  private checkClock(line?: number): void {
    const { clock, timeLimitMs } = this.options;
    if (!clock || timeLimitMs === undefined || this.openedAt === undefined) return;
    if (this.usedMs + clock() - this.openedAt > timeLimitMs)
      this.exceeded('time', `takes too long (over ${count(timeLimitMs)} ms)`, line);
  }

  /** A render starts: its time counts from now. Never throws: the render's first step does. */
  enter(): void {
    this.parent?.enter();
    if (this.open++ === 0) this.openedAt = this.options.clock?.();
    this.entered = true;
  }

  /** The render is over, finished or failed. */
  leave(): void {
    if (--this.open === 0 && this.openedAt !== undefined && this.options.clock) {
      this.usedMs += this.options.clock() - this.openedAt;
      this.openedAt = undefined;
    }
    this.parent?.leave();
  }

  /** One node or expression evaluated. */
  step(line?: number): void {
    if (++this.steps > this.options.maxSteps)
      this.exceeded('steps', `does too much work (over ${count(this.options.maxSteps)} steps)`, line);
    // A render after the budget ran out fails at once, whatever ran it out.
    if (this.entered) {
      this.entered = false;
      this.spend(0, line);
      this.checkClock(line);
    }
    // Reading a clock costs little, but not nothing: every 16th step is often enough.
    if ((this.steps & 15) === 0) this.checkClock(line);
    this.parent?.step(line);
  }

  /** `chars` characters (or items) built or read at once. */
  spend(chars: number, line?: number): void {
    this.chars += chars;
    if (this.chars > this.options.maxChars)
      this.exceeded(
        'characters',
        `builds or reads too much text (over ${count(this.options.maxChars)} characters)`,
        line,
      );
    // A big piece of work may take long by itself: look at the clock after it.
    if (chars >= 1024) this.checkClock(line);
    this.parent?.spend(chars, line);
  }
}

/** What the running render charges its work to (see `allow` and `spend`). */
export interface Meter {
  allow(size: number, line?: number): void;
  spend(chars: number, line?: number): void;
}

// Renders are synchronous, so the render running now is the only one that can charge work;
// helpers deep inside filters and value printing reach it here instead of through every signature.
let active: Meter | undefined;

/** Runs `render` with its work charged to `meter` (nested renders restore the outer one). */
export function metered<T>(meter: Meter, render: () => T): T {
  const outer = active;
  active = meter;
  try {
    return render();
  } finally {
    active = outer;
  }
}

/** Before building a string or list of `size` characters or items: refuses it if too big, and charges it. */
export function allow(size: number, line?: number): void {
  active?.allow(size, line);
}

/** Charges work proportional to `chars` (reading a long string, iterating a long list). */
export function spend(chars: number, line?: number): void {
  active?.spend(chars, line);
}

/** Before joining `parts` with `separator` (plus `extra` characters): refuses a result too big, and charges it. */
export function allowJoin(parts: readonly string[], separator: string, extra = 0): void {
  let total = extra + Math.max(0, parts.length - 1) * separator.length;
  for (const part of parts) total += part.length;
  allow(total);
}
