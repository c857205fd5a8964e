import type { CompareOp, Expr, MacroParam, Node, Target } from './ast';
import { TemplateError } from './errors';
import { type Token, tokenize } from './lexer';
import { toFloat } from './values';

/** Tags that close or continue a block, and the block that owns them. */
const endTags = new Set([
  'endif',
  'elif',
  'else',
  'endfor',
  'endset',
  'endmacro',
  'endcall',
  'endfilter',
  'endwith',
  'endblock',
]);
const MAX_NESTING = 100;

/** Parses a template into its syntax tree, reporting Jinja2's syntax errors with their line. */
export function parse(source: string): Node[] {
  return new Parser(tokenize(source)).parseTemplate();
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private get current(): Token {
    return this.tokens[this.pos] as Token;
  }
  private look(offset = 1): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)] as Token;
  }
  private next(): Token {
    const token = this.current;
    if (token.type !== 'eof') this.pos++;
    return token;
  }
  private fail(message: string, token = this.current): never {
    throw new TemplateError(message, token.line);
  }
  private isOp(value: string, token = this.current): boolean {
    return token.type === 'operator' && token.value === value;
  }
  private isName(value: string, token = this.current): boolean {
    return token.type === 'name' && token.value === value;
  }
  private skipOp(value: string): boolean {
    if (!this.isOp(value)) return false;
    this.next();
    return true;
  }
  private skipName(value: string): boolean {
    if (!this.isName(value)) return false;
    this.next();
    return true;
  }
  private expectOp(value: string): Token {
    if (!this.isOp(value)) this.fail(`expected token '${value}', got '${this.describe()}'`);
    return this.next();
  }
  private expectName(value?: string): Token {
    if (this.current.type !== 'name' || (value !== undefined && this.current.value !== value)) {
      this.fail(`expected ${value ? `'${value}'` : 'name'}, got '${this.describe()}'`);
    }
    return this.next();
  }
  private expectType(type: Token['type']): Token {
    if (this.current.type !== type) this.fail(`expected ${type.replace('_', ' ')}, got '${this.describe()}'`);
    return this.next();
  }
  private describe(token = this.current): string {
    return token.type === 'eof' ? 'end of template' : token.value || token.type;
  }
  private nest<T>(parse: () => T): T {
    if (++this.depth > MAX_NESTING) this.fail('the template is nested too deeply');
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  parseTemplate(): Node[] {
    const body = this.parseBody([]);
    if (this.current.type !== 'eof') this.fail(`Encountered unknown tag '${this.look().value}'.`);
    return body;
  }

  /** Nodes until one of `endTokens` opens a block tag (left unconsumed) or the template ends. */
  private parseBody(endTokens: string[]): Node[] {
    const nodes: Node[] = [];
    while (this.current.type !== 'eof') {
      const token = this.current;
      if (token.type === 'data') {
        nodes.push({ t: 'text', value: this.next().value, line: token.line });
      } else if (token.type === 'variable_begin') {
        this.next();
        const expr = this.parseTuple();
        this.expectType('variable_end');
        nodes.push({ t: 'print', expr, line: token.line });
      } else if (token.type === 'block_begin') {
        const tag = this.look();
        if (tag.type === 'name' && endTokens.includes(tag.value)) return nodes;
        if (tag.type === 'name' && endTags.has(tag.value)) {
          this.fail(
            endTokens.length
              ? `Encountered unknown tag '${tag.value}'. Jinja was looking for: ${endTokens.map((name) => `'${name}'`).join(', ')}.`
              : `Encountered unknown tag '${tag.value}'.`,
            tag,
          );
        }
        this.next();
        nodes.push(this.nest(() => this.parseStatement()));
      } else {
        this.fail(`unexpected '${this.describe()}'`);
      }
    }
    if (endTokens.length) {
      this.fail(
        `Unexpected end of template. Jinja was looking for: ${endTokens.map((name) => `'${name}'`).join(', ')}.`,
      );
    }
    return nodes;
  }

  private endBlock(): void {
    this.expectType('block_end');
  }

  /** Consumes `{% name %}` where name is the closing tag already seen by parseBody. */
  private closeTag(name: string): void {
    this.expectType('block_begin');
    this.expectName(name);
  }

  private parseStatement(): Node {
    const token = this.expectType('name');
    const line = token.line;
    switch (token.value) {
      case 'if':
        return this.parseIf(line);
      case 'for':
        return this.parseFor(line);
      case 'set':
        return this.parseSet(line);
      case 'macro':
        return this.parseMacro(line);
      case 'call':
        return this.parseCallBlock(line);
      case 'filter':
        return this.parseFilterBlock(line);
      case 'with':
        return this.parseWith(line);
      case 'block':
        return this.parseBlock(line);
      case 'include':
      case 'import':
      case 'from':
      case 'extends': {
        while (this.current.type !== 'block_end' && this.current.type !== 'eof') this.next();
        this.endBlock();
        return { t: 'load', keyword: token.value, line };
      }
      default:
        return this.fail(`Encountered unknown tag '${token.value}'.`, token);
    }
  }

  private parseIf(line: number): Node {
    const branches: [Expr, Node[]][] = [];
    let otherwise: Node[] | undefined;
    let test = this.parseTuple({ withCondexpr: false });
    this.endBlock();
    for (;;) {
      const body = this.parseBody(['elif', 'else', 'endif']);
      branches.push([test, body]);
      this.expectType('block_begin');
      const tag = this.expectType('name').value;
      if (tag === 'elif') {
        test = this.parseTuple({ withCondexpr: false });
        this.endBlock();
        continue;
      }
      if (tag === 'else') {
        this.endBlock();
        otherwise = this.parseBody(['endif']);
        this.closeTag('endif');
      }
      this.endBlock();
      return { t: 'if', branches, otherwise, line };
    }
  }

  private parseFor(line: number): Node {
    const target = this.parseAssignTarget({ extraEnd: ['in'] });
    this.expectName('in');
    const iter = this.parseTuple({ withCondexpr: false, extraEnd: ['recursive'] });
    const filter = this.skipName('if') ? this.parseExpression() : undefined;
    const recursive = this.skipName('recursive');
    this.endBlock();
    const body = this.parseBody(['endfor', 'else']);
    let otherwise: Node[] | undefined;
    this.expectType('block_begin');
    if (this.expectType('name').value === 'else') {
      this.endBlock();
      otherwise = this.parseBody(['endfor']);
      this.closeTag('endfor');
    }
    this.endBlock();
    return { t: 'for', target, iter, filter, body, otherwise, recursive, line };
  }

  private parseSet(line: number): Node {
    const target = this.parseAssignTarget({ withNamespace: true });
    if (this.skipOp('=')) {
      const value = this.parseTuple();
      this.endBlock();
      return { t: 'set', target, value, line };
    }
    const filters: Expr[] = [];
    while (this.isOp('|')) filters.push(this.parseFilter(null));
    this.endBlock();
    const body = this.parseBody(['endset']);
    this.closeTag('endset');
    this.endBlock();
    return { t: 'setblock', target, body, filters, line };
  }

  private parseParams(): MacroParam[] {
    const params: MacroParam[] = [];
    this.expectOp('(');
    while (!this.isOp(')')) {
      if (params.length) this.expectOp(',');
      if (this.isOp(')')) break;
      const name = this.expectType('name').value;
      params.push({ name, default: this.skipOp('=') ? this.parseExpression() : undefined });
    }
    this.expectOp(')');
    return params;
  }

  private parseMacro(line: number): Node {
    const name = this.expectType('name').value;
    const params = this.parseParams();
    this.endBlock();
    const body = this.parseBody(['endmacro']);
    this.closeTag('endmacro');
    this.endBlock();
    return { t: 'macro', name, params, body, line };
  }

  private parseCallBlock(line: number): Node {
    const params = this.isOp('(') ? this.parseParams() : [];
    const call = this.parseExpression();
    if (call.t !== 'call') this.fail('expected call');
    this.endBlock();
    const body = this.parseBody(['endcall']);
    this.closeTag('endcall');
    this.endBlock();
    return { t: 'callblock', call, params, body, line };
  }

  private parseFilterBlock(line: number): Node {
    const filters: Expr[] = [this.parseFilter(null, true)];
    while (this.isOp('|')) filters.push(this.parseFilter(null));
    this.endBlock();
    const body = this.parseBody(['endfilter']);
    this.closeTag('endfilter');
    this.endBlock();
    return { t: 'filterblock', filters, body, line };
  }

  private parseWith(line: number): Node {
    const assignments: [Target, Expr][] = [];
    while (this.current.type !== 'block_end') {
      if (assignments.length) this.expectOp(',');
      const target = this.parseAssignTarget();
      this.expectOp('=');
      assignments.push([target, this.parseExpression()]);
    }
    this.endBlock();
    const body = this.parseBody(['endwith']);
    this.closeTag('endwith');
    this.endBlock();
    return { t: 'with', assignments, body, line };
  }

  private parseBlock(line: number): Node {
    const name = this.expectType('name').value;
    this.skipName('scoped');
    this.skipName('required');
    this.endBlock();
    const body = this.parseBody(['endblock']);
    this.closeTag('endblock');
    if (this.current.type === 'name') {
      const closing = this.next();
      if (closing.value !== name) this.fail(`'${name}' block ended with '${closing.value}'`, closing);
    }
    this.endBlock();
    return { t: 'block', name, body, line };
  }

  private parseAssignTarget(options: { withNamespace?: boolean; extraEnd?: string[] } = {}): Target {
    const line = this.current.line;
    if (options.withNamespace && this.current.type === 'name' && this.isOp('.', this.look())) {
      const name = this.next().value;
      this.next();
      return { t: 'nsattr', name, attr: this.expectType('name').value, line };
    }
    const first = this.parseSimpleTarget();
    if (!this.isOp(',')) return first;
    const items = [first];
    while (this.skipOp(',')) {
      if (this.isTargetEnd(options.extraEnd)) break;
      items.push(this.parseSimpleTarget());
    }
    return { t: 'tuple', items, line };
  }

  private parseSimpleTarget(): Target {
    const token = this.current;
    if (token.type === 'name' && !['true', 'false', 'none', 'True', 'False', 'None'].includes(token.value)) {
      this.next();
      return { t: 'name', name: token.value, line: token.line };
    }
    if (this.skipOp('(')) {
      const inner = this.parseAssignTarget();
      this.expectOp(')');
      return inner;
    }
    return this.fail(`can't assign to '${this.describe()}'`);
  }

  private isTargetEnd(extraEnd: string[] = []): boolean {
    const token = this.current;
    return (
      token.type === 'block_end' ||
      token.type === 'variable_end' ||
      this.isOp(')') ||
      this.isOp('=') ||
      (token.type === 'name' && extraEnd.includes(token.value))
    );
  }

  // ── expressions ──────────────────────────────────────────────

  private parseTuple(
    options: { withCondexpr?: boolean; extraEnd?: string[]; explicitParens?: boolean } = {},
  ): Expr {
    const line = this.current.line;
    const parseOne = () => (options.withCondexpr === false ? this.parseOr() : this.parseExpression());
    const items: Expr[] = [];
    let isTuple = false;
    for (;;) {
      if (items.length) this.expectOp(',');
      if (this.isTupleEnd(options.extraEnd)) break;
      items.push(parseOne());
      if (this.isOp(',')) isTuple = true;
      else break;
    }
    if (!isTuple) {
      if (items.length) return items[0] as Expr;
      if (!options.explicitParens) this.fail(`Expected an expression, got '${this.describe()}'`);
    }
    return { t: 'tuple', items, line };
  }

  private isTupleEnd(extraEnd: string[] = []): boolean {
    const token = this.current;
    return (
      token.type === 'variable_end' ||
      token.type === 'block_end' ||
      token.type === 'eof' ||
      this.isOp(')') ||
      (token.type === 'name' && extraEnd.includes(token.value))
    );
  }

  parseExpression(): Expr {
    return this.nest(() => {
      let expr = this.parseOr();
      while (this.isName('if')) {
        const line = this.next().line;
        const test = this.parseOr();
        const otherwise = this.skipName('else') ? this.parseExpression() : undefined;
        expr = { t: 'cond', test, whenTrue: expr, whenFalse: otherwise, line };
      }
      return expr;
    });
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      const line = this.next().line;
      left = { t: 'binary', op: 'or', left, right: this.parseAnd(), line };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseNot();
    while (this.isName('and')) {
      const line = this.next().line;
      left = { t: 'binary', op: 'and', left, right: this.parseNot(), line };
    }
    return left;
  }

  private parseNot(): Expr {
    if (this.isName('not')) {
      const line = this.next().line;
      return { t: 'unary', op: 'not', node: this.nest(() => this.parseNot()), line };
    }
    return this.parseCompare();
  }

  private parseCompare(): Expr {
    const line = this.current.line;
    const first = this.parseMath1();
    const ops: [CompareOp, Expr][] = [];
    for (;;) {
      const token = this.current;
      if (token.type === 'operator' && ['==', '!=', '<', '>', '<=', '>='].includes(token.value)) {
        this.next();
        ops.push([token.value as CompareOp, this.parseMath1()]);
      } else if (this.skipName('in')) {
        ops.push(['in', this.parseMath1()]);
      } else if (this.isName('not') && this.isName('in', this.look())) {
        this.next();
        this.next();
        ops.push(['notin', this.parseMath1()]);
      } else {
        break;
      }
    }
    return ops.length ? { t: 'compare', first, ops, line } : first;
  }

  private parseMath1(): Expr {
    let left = this.parseConcat();
    while (this.isOp('+') || this.isOp('-')) {
      const token = this.next();
      left = { t: 'binary', op: token.value as '+' | '-', left, right: this.parseConcat(), line: token.line };
    }
    return left;
  }

  private parseConcat(): Expr {
    const line = this.current.line;
    const items = [this.parseMath2()];
    while (this.skipOp('~')) items.push(this.parseMath2());
    return items.length === 1 ? (items[0] as Expr) : { t: 'concat', items, line };
  }

  private parseMath2(): Expr {
    let left = this.parsePow();
    while (this.isOp('*') || this.isOp('/') || this.isOp('//') || this.isOp('%')) {
      const token = this.next();
      left = {
        t: 'binary',
        op: token.value as '*' | '/' | '//' | '%',
        left,
        right: this.parsePow(),
        line: token.line,
      };
    }
    return left;
  }

  private parsePow(): Expr {
    let left = this.parseUnary();
    while (this.isOp('**')) {
      const token = this.next();
      left = { t: 'binary', op: '**', left, right: this.parseUnary(), line: token.line };
    }
    return left;
  }

  private parseUnary(withFilter = true): Expr {
    const token = this.current;
    let node: Expr;
    if (this.isOp('-') || this.isOp('+')) {
      this.next();
      node = {
        t: 'unary',
        op: token.value as '-' | '+',
        node: this.nest(() => this.parseUnary(false)),
        line: token.line,
      };
    } else {
      node = this.parsePostfix(this.parsePrimary());
    }
    return withFilter ? this.parseFilterExpr(node) : node;
  }

  private parsePrimary(): Expr {
    const token = this.current;
    const line = token.line;
    if (token.type === 'name') {
      this.next();
      if (token.value === 'true' || token.value === 'True') return { t: 'const', value: true, line };
      if (token.value === 'false' || token.value === 'False') return { t: 'const', value: false, line };
      if (token.value === 'none' || token.value === 'None') return { t: 'const', value: null, line };
      return { t: 'name', name: token.value, line };
    }
    if (token.type === 'string') {
      let value = this.next().value;
      while (this.current.type === 'string') value += this.next().value;
      return { t: 'const', value, line };
    }
    if (token.type === 'integer') {
      this.next();
      const text = token.value.toLowerCase();
      const value = text.startsWith('0b')
        ? Number.parseInt(text.slice(2), 2)
        : text.startsWith('0o')
          ? Number.parseInt(text.slice(2), 8)
          : text.startsWith('0x')
            ? Number.parseInt(text.slice(2), 16)
            : Number(text);
      return { t: 'const', value, line };
    }
    if (token.type === 'float') {
      this.next();
      return { t: 'const', value: toFloat(Number(token.value)), line };
    }
    if (this.skipOp('(')) {
      const expr = this.nest(() => this.parseTuple({ explicitParens: true }));
      this.expectOp(')');
      return expr;
    }
    if (this.skipOp('[')) {
      const items: Expr[] = [];
      while (!this.isOp(']')) {
        if (items.length) this.expectOp(',');
        if (this.isOp(']')) break;
        items.push(this.nest(() => this.parseExpression()));
      }
      this.expectOp(']');
      return { t: 'list', items, line };
    }
    if (this.skipOp('{')) {
      const pairs: [Expr, Expr][] = [];
      while (!this.isOp('}')) {
        if (pairs.length) this.expectOp(',');
        if (this.isOp('}')) break;
        const key = this.nest(() => this.parseExpression());
        this.expectOp(':');
        pairs.push([key, this.nest(() => this.parseExpression())]);
      }
      this.expectOp('}');
      return { t: 'dict', pairs, line };
    }
    return this.fail(`unexpected '${this.describe()}'`);
  }

  private parsePostfix(start: Expr): Expr {
    let node = start;
    for (;;) {
      if (this.isOp('.') || this.isOp('[')) node = this.parseSubscript(node);
      else if (this.isOp('(')) node = this.parseCall(node);
      else return node;
    }
  }

  private parseFilterExpr(start: Expr): Expr {
    let node = start;
    for (;;) {
      if (this.isOp('|')) node = this.parseFilter(node);
      else if (this.isName('is')) node = this.parseTest(node);
      else if (this.isOp('(')) node = this.parseCall(node);
      else return node;
    }
  }

  private parseSubscript(node: Expr): Expr {
    const token = this.next();
    if (token.value === '.') {
      const attr = this.next();
      if (attr.type === 'name') return { t: 'getattr', node, attr: attr.value, line: token.line };
      if (attr.type === 'integer')
        return {
          t: 'getitem',
          node,
          key: { t: 'const', value: Number(attr.value), line: attr.line },
          line: token.line,
        };
      return this.fail('expected name or number', attr);
    }
    const keys: Expr[] = [];
    while (!this.isOp(']')) {
      if (keys.length) this.expectOp(',');
      if (this.isOp(']')) break;
      keys.push(this.parseSubscribed());
    }
    this.expectOp(']');
    const key: Expr = keys.length === 1 ? (keys[0] as Expr) : { t: 'tuple', items: keys, line: token.line };
    return { t: 'getitem', node, key, line: token.line };
  }

  private parseSubscribed(): Expr {
    const line = this.current.line;
    const parts: (Expr | undefined)[] = [];
    if (this.isOp(':')) {
      this.next();
      parts.push(undefined);
    } else {
      const expr = this.parseExpression();
      if (!this.isOp(':')) return expr;
      this.next();
      parts.push(expr);
    }
    parts.push(this.isOp(':') || this.isOp(']') || this.isOp(',') ? undefined : this.parseExpression());
    if (this.skipOp(':')) parts.push(this.isOp(']') || this.isOp(',') ? undefined : this.parseExpression());
    return { t: 'slice', start: parts[0], stop: parts[1], step: parts[2], line };
  }

  private parseCallArgs(): { args: Expr[]; kwargs: [string, Expr][]; dynArgs?: Expr; dynKwargs?: Expr } {
    this.expectOp('(');
    const args: Expr[] = [];
    const kwargs: [string, Expr][] = [];
    let dynArgs: Expr | undefined;
    let dynKwargs: Expr | undefined;
    let first = true;
    while (!this.isOp(')')) {
      if (!first) {
        this.expectOp(',');
        if (this.isOp(')')) break;
      }
      first = false;
      if (this.skipOp('*')) {
        dynArgs = this.parseExpression();
      } else if (this.skipOp('**')) {
        dynKwargs = this.parseExpression();
      } else if (this.current.type === 'name' && this.isOp('=', this.look())) {
        const key = this.next().value;
        this.next();
        kwargs.push([key, this.parseExpression()]);
      } else {
        if (kwargs.length || dynArgs || dynKwargs) this.fail('invalid syntax for function call expression');
        args.push(this.parseExpression());
      }
    }
    this.expectOp(')');
    return { args, kwargs, dynArgs, dynKwargs };
  }

  private parseCall(node: Expr): Expr {
    const line = this.current.line;
    return { t: 'call', node, ...this.parseCallArgs(), line };
  }

  private parseDottedName(): string {
    let name = this.expectType('name').value;
    while (this.isOp('.')) {
      this.next();
      name += `.${this.expectType('name').value}`;
    }
    return name;
  }

  private parseFilter(node: Expr | null, startInline = false): Expr {
    const line = this.current.line;
    if (!startInline) this.expectOp('|');
    const name = this.parseDottedName();
    const call = this.isOp('(') ? this.parseCallArgs() : { args: [], kwargs: [] };
    return { t: 'filter', node, name, args: call.args, kwargs: call.kwargs, line };
  }

  private parseTest(node: Expr): Expr {
    const line = this.next().line;
    const negated = this.skipName('not');
    const name = this.parseDottedName();
    let args: Expr[] = [];
    let kwargs: [string, Expr][] = [];
    const token = this.current;
    if (this.isOp('(')) {
      ({ args, kwargs } = this.parseCallArgs());
    } else if (
      (['name', 'string', 'integer', 'float'].includes(token.type) || this.isOp('[') || this.isOp('{')) &&
      !['else', 'or', 'and'].includes(token.value)
    ) {
      if (this.isName('is')) this.fail('You cannot chain multiple tests with is');
      args = [this.parsePostfix(this.parsePrimary())];
    }
    return { t: 'test', node, name, args, kwargs, negated, line };
  }
}
