/** Comparing models, and re-applying the owner's change on top of a newer one (the revision rule's other half). */
import { USER_MODEL_FIELDS, type UserModel } from './userModel';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Two models hold the same values (field order does not matter). */
export function sameModel(a: UserModel, b: UserModel): boolean {
  return USER_MODEL_FIELDS.every((name) => same(a[name], b[name]));
}

/**
 * The owner's change re-applied on top of a newer model: every field the owner changed from
 * `base` takes the owner's value; every other field takes `theirs`.
 */
export function rebaseModel(base: UserModel, mine: UserModel, theirs: UserModel): UserModel {
  const result = { ...theirs } as Record<keyof UserModel, unknown>;
  for (const name of USER_MODEL_FIELDS) {
    if (!same(mine[name], base[name])) result[name] = mine[name];
  }
  return result as unknown as UserModel;
}
