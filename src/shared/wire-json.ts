/**
 * Bounds on the JSON a record may carry. A hostile or broken service can nest a field thousands of levels deep or
 * send a huge array; every recursive walk over such a value (zod, JSON.stringify, a canonical form) would overflow
 * the stack or stall, and make the whole page fail. This check walks with its own stack and stops at the bounds, so
 * it is safe on any value and runs before anything recursive sees the record.
 */

/** Deepest nesting kept in a field beyond the spec (the record itself is level 1, its fields level 2). */
export const MAX_FIELD_DEPTH = 32;
/** Most values (objects, arrays and scalars) kept in one such field. */
export const MAX_FIELD_NODES = 10_000;

/** Whether `value` is plain JSON within the bounds, and if not, why. */
export type JsonCheck = 'ok' | 'too-deep' | 'too-large' | 'not-json';

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Checks `value` without recursion: at most `maxDepth` levels (a scalar is 1) and `maxNodes` values. */
export function checkJson(value: unknown, maxDepth = MAX_FIELD_DEPTH, maxNodes = MAX_FIELD_NODES): JsonCheck {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (depth > maxDepth) return 'too-deep';
    if (++nodes > maxNodes) return 'too-large';
    if (isScalar(current)) continue;
    if (typeof current !== 'object') return 'not-json';
    const children = Array.isArray(current) ? current : Object.values(current as object);
    if (nodes + stack.length + children.length > maxNodes) return 'too-large';
    for (const child of children) stack.push([child, depth + 1]);
  }
  return 'ok';
}
