/** Jinja2's syntax tree, as far as Parley renders it. Every node knows its source line. */

export type Expr =
  | { t: 'const'; value: unknown; line: number }
  | { t: 'name'; name: string; line: number }
  | { t: 'list'; items: Expr[]; line: number }
  | { t: 'tuple'; items: Expr[]; line: number }
  | { t: 'dict'; pairs: [Expr, Expr][]; line: number }
  | { t: 'getattr'; node: Expr; attr: string; line: number }
  | { t: 'getitem'; node: Expr; key: Expr; line: number }
  | { t: 'slice'; start?: Expr; stop?: Expr; step?: Expr; line: number }
  | {
      t: 'call';
      node: Expr;
      args: Expr[];
      kwargs: [string, Expr][];
      dynArgs?: Expr;
      dynKwargs?: Expr;
      line: number;
    }
  | { t: 'filter'; node: Expr | null; name: string; args: Expr[]; kwargs: [string, Expr][]; line: number }
  | {
      t: 'test';
      node: Expr;
      name: string;
      args: Expr[];
      kwargs: [string, Expr][];
      negated: boolean;
      line: number;
    }
  | { t: 'unary'; op: 'not' | '-' | '+'; node: Expr; line: number }
  | {
      t: 'binary';
      op: '+' | '-' | '*' | '/' | '//' | '%' | '**' | 'and' | 'or';
      left: Expr;
      right: Expr;
      line: number;
    }
  | { t: 'concat'; items: Expr[]; line: number }
  | { t: 'compare'; first: Expr; ops: [CompareOp, Expr][]; line: number }
  | { t: 'cond'; test: Expr; whenTrue: Expr; whenFalse?: Expr; line: number };

export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'in' | 'notin';

/** An assignment target: a name, a tuple of targets, or `ns.attr` (set only). */
export type Target =
  | { t: 'name'; name: string; line: number }
  | { t: 'tuple'; items: Target[]; line: number }
  | { t: 'nsattr'; name: string; attr: string; line: number };

export interface MacroParam {
  name: string;
  default?: Expr;
}

export type Node =
  | { t: 'text'; value: string; line: number }
  | { t: 'print'; expr: Expr; line: number }
  | { t: 'if'; branches: [Expr, Node[]][]; otherwise?: Node[]; line: number }
  | {
      t: 'for';
      target: Target;
      iter: Expr;
      filter?: Expr;
      body: Node[];
      otherwise?: Node[];
      recursive: boolean;
      line: number;
    }
  | { t: 'set'; target: Target; value: Expr; line: number }
  | { t: 'setblock'; target: Target; body: Node[]; filters: Expr[]; line: number }
  | { t: 'macro'; name: string; params: MacroParam[]; body: Node[]; line: number }
  | { t: 'callblock'; call: Expr; params: MacroParam[]; body: Node[]; line: number }
  | { t: 'filterblock'; filters: Expr[]; body: Node[]; line: number }
  | { t: 'with'; assignments: [Target, Expr][]; body: Node[]; line: number }
  | { t: 'block'; name: string; body: Node[]; line: number }
  /** include, import, from, extends: templates from elsewhere, which Parley does not load. */
  | { t: 'load'; keyword: string; line: number };
