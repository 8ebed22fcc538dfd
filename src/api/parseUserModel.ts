/**
 * The pages' reading of a model from the server or the page: the contract's field-by-field read,
 * with each invalid field reported once in the console (its default is used instead).
 */
import { readUserModel, type UserModel } from '../contract/userModel';
import { isRecord } from '../contract/record';

const reported = new Set<string>();

/** Console report of invalid fields, each distinct one once per page. */
export function reportInvalidFields(source: string, raw: unknown, invalid: readonly (keyof UserModel)[]): void {
  const valueOf = (name: keyof UserModel) => JSON.stringify(isRecord(raw) ? raw[name] : undefined);
  const fresh = invalid.filter((name) => {
    const key = `${source}:${name}:${valueOf(name)}`;
    if (reported.has(key)) return false;
    reported.add(key);
    return true;
  });
  if (fresh.length === 0) return;
  const values = fresh.map((name) => `${name}=${valueOf(name)}`).join(', ');
  console.warn(`Drive File Widget: the saved settings from ${source} had invalid values (${values}); their defaults are used instead.`);
}

/** readUserModel, reporting invalid fields in the console. */
export function parseUserModel(raw: unknown, source = 'the server'): UserModel {
  const { model, invalid } = readUserModel(raw);
  if (invalid.length > 0) reportInvalidFields(source, raw, invalid);
  return model;
}
