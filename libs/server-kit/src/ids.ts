const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID in its canonical 8-4-4-4-12 hex form (any version, any case). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
