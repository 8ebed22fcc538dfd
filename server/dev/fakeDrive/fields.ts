/**
 * The provider's partial-response selector (`fields=`): `a,b(c,d(e)),f/g`. A selected name keeps
 * the whole value; parentheses (or a `/` path) select inside it; arrays are selected item by item.
 */
export type FieldSelection = Map<string, FieldSelection | true>;

export class FieldsSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FieldsSyntaxError';
  }
}

function merge(into: FieldSelection, name: string, value: FieldSelection | true): void {
  const existing = into.get(name);
  if (existing === true || value === true || existing === undefined) {
    into.set(name, existing === undefined ? value : true);
    return;
  }
  for (const [k, v] of value) merge(existing, k, v);
}

export function parseFields(text: string): FieldSelection {
  let i = 0;
  const source = text.replace(/\s+/g, '');

  function list(): FieldSelection {
    const selection: FieldSelection = new Map();
    for (;;) {
      const start = i;
      while (i < source.length && /[A-Za-z0-9_/*]/.test(source.charAt(i))) i += 1;
      const path = source.slice(start, i);
      if (path === '') throw new FieldsSyntaxError(`Expected a field name at ${start} in "${text}"`);
      let inner: FieldSelection | true = true;
      if (source.charAt(i) === '(') {
        i += 1;
        inner = list();
        if (source.charAt(i) !== ')') throw new FieldsSyntaxError(`Expected ")" at ${i} in "${text}"`);
        i += 1;
      }
      const names = path.split('/');
      let value: FieldSelection | true = inner;
      for (let n = names.length - 1; n >= 1; n -= 1) value = new Map([[names[n] ?? '', value]]);
      merge(selection, names[0] ?? '', value);
      if (source.charAt(i) !== ',') return selection;
      i += 1;
    }
  }

  const selection = list();
  if (i !== source.length) throw new FieldsSyntaxError(`Unexpected "${source.charAt(i)}" at ${i} in "${text}"`);
  return selection;
}

export function applyFields(value: unknown, selection: FieldSelection | true): unknown {
  if (selection === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => applyFields(item, selection));
  if (selection.has('*')) return value;
  const source = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const [name, inner] of selection) {
    if (Object.prototype.hasOwnProperty.call(source, name) && source[name] !== undefined) result[name] = applyFields(source[name], inner);
  }
  return result;
}
