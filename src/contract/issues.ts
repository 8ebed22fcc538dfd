/**
 * How a refused request is answered, by the server and the mock alike: `{error, message}`, where
 * `error` is a small code the client knows and `message` names the field and what is wrong.
 */
import type { BaseIssue } from 'valibot';

export interface ErrorBody {
  error: string;
  message: string;
}

/** A request that names no widget (no compId nor origCompId, spec §2). */
export const NO_WIDGET: ErrorBody = { error: 'missing_component', message: 'The request names no widget (compId or origCompId).' };

/** The codes of fields the client tells apart; any other bad field is `invalid_request`. */
const FIELD_CODES: Record<string, string> = {
  user: 'invalid_user',
  revision: 'invalid_revision',
  fileId: 'invalid_file_id',
};

function pathOf(issue: BaseIssue<unknown>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** The answer to input refused by a schema; `part` says where it was (querystring, body, params). */
export function describeIssues(issues: readonly BaseIssue<unknown>[], part: string): ErrorBody {
  const first = issues[0];
  const path = first ? pathOf(first) : '';
  const field = path.split('.')[0] ?? '';
  const error = first?.type === 'parse_json' ? 'malformed_json' : (FIELD_CODES[field] ?? 'invalid_request');
  const where = path ? `${part}/${path}` : part;
  const what = first?.received === 'undefined' ? 'is missing' : first?.message;
  const message = first ? `${where} ${what}` : `${part} is not valid`;
  return { error, message: message.endsWith('.') ? message : `${message}.` };
}
