/**
 * The three values every backend call carries (spec §2): instance, compId and origCompId, read
 * from the page's own query string, each null when absent.
 *
 * How a null travels: as an empty parameter (`origCompId=`). The key is always present, so the
 * server can tell "sent, but empty" from a malformed call; an empty value means null.
 */
export interface QueryValues {
  instance: string | null;
  compId: string | null;
  origCompId: string | null;
}

export const QUERY_KEYS = ['instance', 'compId', 'origCompId'] as const;

export function readQueryValues(search: string): QueryValues {
  const params = new URLSearchParams(search);
  const value = (key: string): string | null => {
    const v = params.get(key);
    return v === null || v === '' ? null : v;
  };
  return { instance: value('instance'), compId: value('compId'), origCompId: value('origCompId') };
}

export function queryValuesToParams(values: QueryValues): Record<string, string> {
  return {
    instance: values.instance ?? '',
    compId: values.compId ?? '',
    origCompId: values.origCompId ?? '',
  };
}
