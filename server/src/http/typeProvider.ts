/**
 * Route schemas in valibot, the language of the contract (src/contract): a Fastify type provider
 * and the two compilers behind it.
 * - Validation: `safeParse`; its output, transforms applied, replaces the request part (`request.query`,
 *   `request.body`, …), so a handler gets `{revision: 3}` where the form said "3". A refusal is a
 *   `SchemaError` that the errors plugin answers with 400 `{error, message}`, naming the field.
 * - Serialization: the answer is parsed by its schema (unknown keys are dropped, a wrong shape fails
 *   as a server fault), then `JSON.stringify`. One schema language end to end: a conversion to JSON
 *   Schema for fast-json-stringify could not carry the contract's `check`s and transforms, and
 *   fast-json-stringify coerces a wrong value instead of refusing it. The answers are small (a page
 *   of 50 files at most), so the parse costs little.
 */
import type { FastifyPluginAsync, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import * as v from 'valibot';

export type Schema = v.GenericSchema;

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? v.InferInput<this['schema']> : unknown;
}

/** A route plugin whose routes are typed by their valibot schemas. */
export type RoutesPlugin<Options extends object = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, ValibotTypeProvider>;

/** Input a route's schema refused; `part` is where it was: querystring, body, params or headers. */
export class SchemaError extends Error {
  readonly statusCode = 400;

  constructor(
    readonly issues: readonly v.BaseIssue<unknown>[],
    readonly part: string,
  ) {
    super(`The request's ${part} does not match its schema.`);
    this.name = 'SchemaError';
  }
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema' && '~run' in value;
}

function requireSchema(schema: unknown, where: string): Schema {
  if (!isSchema(schema)) throw new Error(`${where}: a route schema must be a valibot schema.`);
  return schema;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  const checked = requireSchema(schema, `${method} ${url} ${httpPart ?? ''}`);
  const part = httpPart ?? 'request';
  return (data: unknown) => {
    const result = v.safeParse(checked, data);
    return result.success ? { value: result.output } : { error: new SchemaError(result.issues, part) };
  };
};

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  const checked = requireSchema(schema, `${method} ${url} ${httpStatus ?? ''} answer`);
  return (data: unknown) => {
    const result = v.safeParse(checked, data);
    if (result.success) return JSON.stringify(result.output);
    // The path and the rule only: the refused value may be anything (never put it in a log line).
    const issue = result.issues[0];
    throw new Error(`The ${httpStatus ?? ''} answer of ${method} ${url} does not match its schema at ${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  };
};
