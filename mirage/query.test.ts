/**
 * @jest-environment node
 */
import { quoteQueryValue } from '../src/drive/query';
import { compileQuery, evaluateQuery, parseQuery, QuerySyntaxError, type QueryableFile } from './query';

const mine = (parent: string, trashed = false): QueryableFile => ({
  parents: [{ id: parent }],
  owners: [{ emailAddress: 'ada@example.com', isAuthenticatedUser: true }],
  labels: { trashed },
});
const theirs = (parents: string[], trashed = false): QueryableFile => ({
  parents: parents.map((id) => ({ id })),
  owners: [{ emailAddress: 'grace@example.org', isAuthenticatedUser: false }],
  labels: { trashed },
});

function syntaxError(q: string): QuerySyntaxError {
  try {
    parseQuery(q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(q)} to be rejected`);
}

describe('parseQuery', () => {
  it("parses the client's query with the grouping it writes", () => {
    expect(parseQuery("trashed = false and ('F1' in parents or not 'me' in owners)")).toEqual({
      kind: 'and',
      left: { kind: 'compare', field: 'trashed', op: '=', value: false },
      right: {
        kind: 'or',
        left: { kind: 'in', value: 'F1', field: 'parents' },
        right: { kind: 'not', operand: { kind: 'in', value: 'me', field: 'owners' } },
      },
    });
  });

  it('binds and tighter than or, on either side', () => {
    const a = { kind: 'in', value: 'a', field: 'parents' };
    const b = { kind: 'in', value: 'b', field: 'parents' };
    const c = { kind: 'in', value: 'c', field: 'parents' };
    expect(parseQuery("'a' in parents or 'b' in parents and 'c' in parents")).toEqual({
      kind: 'or',
      left: a,
      right: { kind: 'and', left: b, right: c },
    });
    expect(parseQuery("'a' in parents and 'b' in parents or 'c' in parents")).toEqual({
      kind: 'or',
      left: { kind: 'and', left: a, right: b },
      right: c,
    });
    expect(parseQuery("('a' in parents or 'b' in parents) and 'c' in parents")).toEqual({
      kind: 'and',
      left: { kind: 'or', left: a, right: b },
      right: c,
    });
  });

  it('applies not to the nearest condition only', () => {
    expect(parseQuery("not 'me' in owners and trashed = true")).toEqual({
      kind: 'and',
      left: { kind: 'not', operand: { kind: 'in', value: 'me', field: 'owners' } },
      right: { kind: 'compare', field: 'trashed', op: '=', value: true },
    });
    expect(parseQuery('not not trashed != false')).toEqual({
      kind: 'not',
      operand: { kind: 'not', operand: { kind: 'compare', field: 'trashed', op: '!=', value: false } },
    });
  });

  it("reads \\' and \\\\ escapes inside strings", () => {
    expect(parseQuery("'it\\'s' in parents")).toEqual({ kind: 'in', value: "it's", field: 'parents' });
    expect(parseQuery("'a\\\\b' in parents")).toEqual({ kind: 'in', value: 'a\\b', field: 'parents' });
    expect(parseQuery("'\\\\\\'' in parents")).toEqual({ kind: 'in', value: "\\'", field: 'parents' });
    expect(parseQuery("'' in parents")).toEqual({ kind: 'in', value: '', field: 'parents' });
  });

  it("round-trips any value quoted the client's way", () => {
    for (const value of ["O'Brien", 'back\\slash', "\\'", 'plain', 'trailing\\', 'Отчёт «x»']) {
      expect(parseQuery(`${quoteQueryValue(value)} in parents`)).toEqual({ kind: 'in', value, field: 'parents' });
    }
  });

  it('ignores extra whitespace', () => {
    expect(parseQuery("  trashed=false\tand(\n'x' in parents )")).toEqual(parseQuery("trashed = false and ('x' in parents)"));
  });

  it.each([
    ['', 0],
    ["'root' in parents and", 21],
    ["'root in parents", 0],
    ["'a\\n' in parents", 2],
    ["('root' in parents", 18],
    ["'root' in parents)", 17],
    ["'root' in children", 10],
    ["'root' parents", 7],
    ['trashed = maybe', 10],
    ['trashed false', 8],
    ["'a' in parents AND trashed = false", 15],
    ['"root" in parents', 0],
    ["'a' in parents 'b' in parents", 15],
    ['not', 3],
    ['()', 1],
  ])('rejects %j at position %d', (q, position) => {
    const error = syntaxError(q);
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect(error.position).toBe(position);
    expect(error.message).toMatch(/position \d+$/);
  });
});

describe('evaluateQuery', () => {
  const listing = compileQuery("trashed = false and ('F1' in parents or not 'me' in owners)");

  it('lists my files in the folder and files owned by others anywhere, never trashed ones', () => {
    expect(listing(mine('F1'))).toBe(true);
    expect(listing(mine('F2'))).toBe(false);
    expect(listing(mine('F1', true))).toBe(false);
    expect(listing(theirs([]))).toBe(true);
    expect(listing(theirs(['elsewhere']))).toBe(true);
    expect(listing(theirs(['F1'], true))).toBe(false);
  });

  it('gives a different answer with the other grouping (and binds tighter)', () => {
    const ungrouped = compileQuery("trashed = false and 'F1' in parents or not 'me' in owners");
    // A trashed file of someone else: excluded by the client's grouping, included when `or` is outermost.
    expect(listing(theirs([], true))).toBe(false);
    expect(ungrouped(theirs([], true))).toBe(true);
  });

  it('matches owners by e-mail, and compares trashed with != too', () => {
    expect(evaluateQuery(parseQuery("'GRACE@example.org' in owners"), theirs([]))).toBe(true);
    expect(evaluateQuery(parseQuery("'grace@example.org' in owners"), mine('F1'))).toBe(false);
    expect(evaluateQuery(parseQuery('trashed != true'), mine('F1'))).toBe(true);
    expect(evaluateQuery(parseQuery('trashed != false'), mine('F1'))).toBe(false);
  });

  it('looks at every parent of a file', () => {
    expect(compileQuery("'B' in parents")(theirs(['A', 'B']))).toBe(true);
    expect(compileQuery("'C' in parents")(theirs(['A', 'B']))).toBe(false);
  });
});
