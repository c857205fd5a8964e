import type { Expr, Node, Target } from './ast';
import { compileTemplate } from './index';

const globalNames = new Set([
  'range',
  'dict',
  'namespace',
  'cycler',
  'joiner',
  'loop',
  'varargs',
  'kwargs',
  'caller',
]);

/**
 * The variables a template reads from outside itself (not set, looped over or passed in within
 * it): what the flow validator checks against the flow's variables. Syntax errors throw.
 */
export function freeVariables(source: string): string[] {
  const free = new Set<string>();
  const visitNodes = (nodes: Node[], bound: Set<string>) => {
    const local = new Set(bound);
    for (const node of nodes) visitNode(node, local);
  };
  const bindTarget = (target: Target, bound: Set<string>) => {
    if (target.t === 'name') bound.add(target.name);
    else if (target.t === 'tuple') for (const item of target.items) bindTarget(item, bound);
  };
  const visitExpr = (expr: Expr | undefined | null, bound: Set<string>) => {
    if (!expr) return;
    switch (expr.t) {
      case 'name':
        if (!bound.has(expr.name) && !globalNames.has(expr.name)) free.add(expr.name);
        return;
      case 'const':
        return;
      case 'list':
      case 'tuple':
      case 'concat':
        for (const item of expr.items) visitExpr(item, bound);
        return;
      case 'dict':
        for (const [key, value] of expr.pairs) {
          visitExpr(key, bound);
          visitExpr(value, bound);
        }
        return;
      case 'getattr':
        visitExpr(expr.node, bound);
        return;
      case 'getitem':
        visitExpr(expr.node, bound);
        visitExpr(expr.key, bound);
        return;
      case 'slice':
        visitExpr(expr.start, bound);
        visitExpr(expr.stop, bound);
        visitExpr(expr.step, bound);
        return;
      case 'call':
        visitExpr(expr.node, bound);
        for (const arg of expr.args) visitExpr(arg, bound);
        for (const [, value] of expr.kwargs) visitExpr(value, bound);
        visitExpr(expr.dynArgs, bound);
        visitExpr(expr.dynKwargs, bound);
        return;
      case 'filter':
      case 'test':
        visitExpr(expr.node, bound);
        for (const arg of expr.args) visitExpr(arg, bound);
        for (const [, value] of expr.kwargs) visitExpr(value, bound);
        return;
      case 'unary':
        visitExpr(expr.node, bound);
        return;
      case 'binary':
        visitExpr(expr.left, bound);
        visitExpr(expr.right, bound);
        return;
      case 'compare':
        visitExpr(expr.first, bound);
        for (const [, operand] of expr.ops) visitExpr(operand, bound);
        return;
      case 'cond':
        visitExpr(expr.test, bound);
        visitExpr(expr.whenTrue, bound);
        visitExpr(expr.whenFalse, bound);
        return;
    }
  };
  const visitNode = (node: Node, bound: Set<string>) => {
    switch (node.t) {
      case 'text':
      case 'load':
        return;
      case 'print':
        visitExpr(node.expr, bound);
        return;
      case 'if':
        for (const [test, body] of node.branches) {
          visitExpr(test, bound);
          visitNodes(body, bound);
        }
        if (node.otherwise) visitNodes(node.otherwise, bound);
        return;
      case 'for': {
        visitExpr(node.iter, bound);
        const inner = new Set(bound);
        bindTarget(node.target, inner);
        visitExpr(node.filter, inner);
        visitNodes(node.body, inner);
        if (node.otherwise) visitNodes(node.otherwise, bound);
        return;
      }
      case 'set':
        visitExpr(node.value, bound);
        bindTarget(node.target, bound);
        return;
      case 'setblock':
        visitNodes(node.body, bound);
        bindTarget(node.target, bound);
        return;
      case 'macro': {
        bound.add(node.name);
        const inner = new Set(bound);
        for (const param of node.params) {
          visitExpr(param.default, bound);
          inner.add(param.name);
        }
        visitNodes(node.body, inner);
        return;
      }
      case 'callblock': {
        visitExpr(node.call, bound);
        const inner = new Set(bound);
        for (const param of node.params) inner.add(param.name);
        visitNodes(node.body, inner);
        return;
      }
      case 'filterblock':
        for (const filter of node.filters) visitExpr(filter, bound);
        visitNodes(node.body, bound);
        return;
      case 'with': {
        const inner = new Set(bound);
        for (const [target, value] of node.assignments) {
          visitExpr(value, bound);
          bindTarget(target, inner);
        }
        visitNodes(node.body, inner);
        return;
      }
      case 'block':
        visitNodes(node.body, bound);
        return;
    }
  };
  visitNodes(compileTemplate(source), new Set());
  return [...free];
}
