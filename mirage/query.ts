/**
 * A small parser and evaluator for the subset of the drive's v2 `q` grammar the app uses.
 *
 *   expr    := andExpr ('or' andExpr)*
 *   andExpr := unary ('and' unary)*          -- `and` binds tighter than `or`
 *   unary   := 'not' unary | '(' expr ')' | term
 *   term    := STRING 'in' ('parents' | 'owners')
 *            | 'trashed' ('=' | '!=') ('true' | 'false')
 *
 * Strings are single-quoted; inside them `\'` stands for `'` and `\\` for `\` (no other escape).
 * Keywords are lower case. `'me' in owners` matches a file the authenticated user owns; any other
 * value is compared with the owners' e-mail addresses.
 *
 * The client sends `trashed = false and ('<folderId>' in parents or not 'me' in owners)`.
 */

export type QueryNode =
  | { kind: 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'and'; left: QueryNode; right: QueryNode }
  | { kind: 'not'; operand: QueryNode }
  | { kind: 'in'; value: string; field: 'parents' | 'owners' }
  | { kind: 'compare'; field: 'trashed'; op: '=' | '!='; value: boolean };

/** The fields of a file a query can look at. */
export interface QueryableFile {
  parents: ReadonlyArray<{ id: string }>;
  owners: ReadonlyArray<{ emailAddress?: string; isAuthenticatedUser?: boolean }>;
  labels: { trashed: boolean };
}

/** A malformed query. `position` is the 0-based offset in the query where the problem was found. */
export class QuerySyntaxError extends Error {
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} at position ${position}`);
    this.name = 'QuerySyntaxError';
    this.position = position;
  }
}

type Token =
  | { type: 'string'; value: string; pos: number }
  | { type: 'word'; value: string; pos: number }
  | { type: 'op'; value: '=' | '!='; pos: number }
  | { type: 'lparen' | 'rparen'; pos: number }
  | { type: 'end'; pos: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(') {
      tokens.push({ type: 'lparen', pos: i });
      i += 1;
    } else if (ch === ')') {
      tokens.push({ type: 'rparen', pos: i });
      i += 1;
    } else if (ch === '=') {
      tokens.push({ type: 'op', value: '=', pos: i });
      i += 1;
    } else if (ch === '!' && input.charAt(i + 1) === '=') {
      tokens.push({ type: 'op', value: '!=', pos: i });
      i += 2;
    } else if (ch === "'") {
      const start = i;
      let value = '';
      i += 1;
      for (;;) {
        if (i >= input.length) throw new QuerySyntaxError('Unterminated string', start);
        const c = input.charAt(i);
        if (c === "'") {
          i += 1;
          break;
        }
        if (c === '\\') {
          const next = input.charAt(i + 1);
          if (next !== "'" && next !== '\\') {
            throw new QuerySyntaxError(`Invalid escape "\\${next}" in string`, i);
          }
          value += next;
          i += 2;
        } else {
          value += c;
          i += 1;
        }
      }
      tokens.push({ type: 'string', value, pos: start });
    } else if (/[A-Za-z_]/.test(ch)) {
      const start = i;
      while (i < input.length && /[A-Za-z0-9_]/.test(input.charAt(i))) i += 1;
      tokens.push({ type: 'word', value: input.slice(start, i), pos: start });
    } else {
      throw new QuerySyntaxError(`Unexpected character "${ch}"`, i);
    }
  }
  tokens.push({ type: 'end', pos: input.length });
  return tokens;
}

function describe(token: Token): string {
  switch (token.type) {
    case 'end':
      return 'end of query';
    case 'string':
      return 'a string';
    case 'word':
      return `"${token.value}"`;
    case 'op':
      return `"${token.value}"`;
    case 'lparen':
      return '"("';
    case 'rparen':
      return '")"';
  }
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    // The token list always ends with an 'end' token, and the parser never moves past it.
    return this.tokens[this.index] ?? { type: 'end', pos: 0 };
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private isWord(word: string): boolean {
    const token = this.peek();
    return token.type === 'word' && token.value === word;
  }

  parse(): QueryNode {
    const node = this.parseOr();
    const rest = this.peek();
    if (rest.type !== 'end') throw new QuerySyntaxError(`Unexpected ${describe(rest)}`, rest.pos);
    return node;
  }

  private parseOr(): QueryNode {
    let left = this.parseAnd();
    while (this.isWord('or')) {
      this.next();
      left = { kind: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): QueryNode {
    let left = this.parseUnary();
    while (this.isWord('and')) {
      this.next();
      left = { kind: 'and', left, right: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): QueryNode {
    const token = this.peek();
    if (token.type === 'word' && token.value === 'not') {
      this.next();
      return { kind: 'not', operand: this.parseUnary() };
    }
    if (token.type === 'lparen') {
      this.next();
      const inner = this.parseOr();
      const close = this.next();
      if (close.type !== 'rparen') throw new QuerySyntaxError(`Expected ")" but found ${describe(close)}`, close.pos);
      return inner;
    }
    return this.parseTerm();
  }

  private parseTerm(): QueryNode {
    const token = this.next();
    if (token.type === 'string') {
      const op = this.next();
      if (op.type !== 'word' || op.value !== 'in') {
        throw new QuerySyntaxError(`Expected "in" but found ${describe(op)}`, op.pos);
      }
      const field = this.next();
      if (field.type !== 'word' || (field.value !== 'parents' && field.value !== 'owners')) {
        throw new QuerySyntaxError(`Expected "parents" or "owners" but found ${describe(field)}`, field.pos);
      }
      return { kind: 'in', value: token.value, field: field.value };
    }
    if (token.type === 'word' && token.value === 'trashed') {
      const op = this.next();
      if (op.type !== 'op') throw new QuerySyntaxError(`Expected "=" or "!=" but found ${describe(op)}`, op.pos);
      const value = this.next();
      if (value.type !== 'word' || (value.value !== 'true' && value.value !== 'false')) {
        throw new QuerySyntaxError(`Expected true or false but found ${describe(value)}`, value.pos);
      }
      return { kind: 'compare', field: 'trashed', op: op.value, value: value.value === 'true' };
    }
    throw new QuerySyntaxError(`Expected a condition but found ${describe(token)}`, token.pos);
  }
}

/** Parses a query; throws `QuerySyntaxError` when it is malformed. */
export function parseQuery(q: string): QueryNode {
  return new Parser(tokenize(q)).parse();
}

export function evaluateQuery(node: QueryNode, file: QueryableFile): boolean {
  switch (node.kind) {
    case 'or':
      return evaluateQuery(node.left, file) || evaluateQuery(node.right, file);
    case 'and':
      return evaluateQuery(node.left, file) && evaluateQuery(node.right, file);
    case 'not':
      return !evaluateQuery(node.operand, file);
    case 'in':
      if (node.field === 'parents') return file.parents.some((p) => p.id === node.value);
      if (node.value === 'me') return file.owners.some((o) => o.isAuthenticatedUser === true);
      return file.owners.some((o) => o.emailAddress?.toLowerCase() === node.value.toLowerCase());
    case 'compare': {
      const equal = file.labels.trashed === node.value;
      return node.op === '=' ? equal : !equal;
    }
  }
}

/** Parses once, returns a predicate. Throws `QuerySyntaxError` when the query is malformed. */
export function compileQuery(q: string): (file: QueryableFile) => boolean {
  const node = parseQuery(q);
  return (file) => evaluateQuery(node, file);
}
