/** A plain JSON object (not null, not an array): the shape every model, field group and answer is read from. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
