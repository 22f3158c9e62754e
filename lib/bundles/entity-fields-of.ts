/**
 * The entity an action's input carries: the fields of its bundle schema's shape, in that order; the
 * rest of the input (agent key, expected version, loaded key) is left out.
 */
export function entityFieldsOf<T>(schema: { shape: Record<string, unknown> }, input: object): T {
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(schema.shape)) fields[name] = (input as Record<string, unknown>)[name];
  return fields as T;
}
