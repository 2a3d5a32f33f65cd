/**
 * What a callable's input must look like before its Yup schema sees it. Yup casts ("4.5" becomes
 * 4.5, "false" becomes false) and runs transforms that assume the right type (`trim` on an object
 * throws), which suits a form but not a wire: a hostile client's wrong types must be refused, not
 * coerced. So the input is first checked against the schema's own description: exactly the fields
 * it names, each of the JSON type it declares, no prototype keys anywhere.
 */
import type { AnyObjectSchema, SchemaDescription } from 'yup';

/** Keys that would reach an object's prototype if anything ever merged the input. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deeper than any input of the product; a deeper one is an attempt to exhaust the stack. */
const MAX_DEPTH = 8;

interface Description {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  fields?: Record<string, Description>;
  innerType?: Description | Description[];
}

const descriptions = new WeakMap<AnyObjectSchema, Description>();

function describe(schema: AnyObjectSchema): Description {
  let description = descriptions.get(schema);
  if (!description) {
    description = schema.describe() as SchemaDescription as Description;
    descriptions.set(schema, description);
  }
  return description;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Why the value does not fit the description, or null when it does. */
function mismatch(description: Description, value: unknown, path: string, depth: number): string | null {
  const name = path || 'The request';
  if (depth > MAX_DEPTH) return `${name} is nested too deeply`;
  if (value === undefined) return null;
  if (value === null) return description.nullable ? null : `${name} must not be empty`;
  switch (description.type) {
    case 'string':
      return typeof value === 'string' ? null : `${name} must be text`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${name} must be a number`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} must be true or false`;
    case 'mixed':
      // A choice from a list: the schema's own message says which choices; here only its kind.
      return typeof value === 'object' ? `${name} must be a single value` : null;
    case 'array': {
      if (!Array.isArray(value)) return `${name} must be a list`;
      const inner = description.innerType as Description | undefined;
      if (!inner) return null;
      for (const [index, item] of value.entries()) {
        const problem = mismatch(inner, item, `${path}[${index}]`, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    case 'tuple': {
      const inner = description.innerType as Description[];
      if (!Array.isArray(value) || value.length !== inner.length)
        return `${name} must be a list of ${inner.length} values`;
      for (const [index, item] of value.entries()) {
        const problem = mismatch(inner[index]!, item, `${path}[${index}]`, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    case 'object': {
      if (!isPlainObject(value)) return `${name} must be an object`;
      const fields = description.fields ?? {};
      for (const key of Object.keys(value)) {
        if (PROTOTYPE_KEYS.has(key)) return `Field name not allowed: ${key}`;
        if (!Object.hasOwn(fields, key)) return `Unknown field: ${path ? `${path}.` : ''}${key}`;
        const problem = mismatch(fields[key]!, value[key], path ? `${path}.${key}` : key, depth + 1);
        if (problem) return problem;
      }
      return null;
    }
    default:
      return `${name} has a type this request does not take`;
  }
}

/** The reason the input cannot be taken as it is, or null. A missing input counts as `{}`. */
export function inputMismatch(schema: AnyObjectSchema, data: unknown): string | null {
  const value = data ?? {};
  if (!isPlainObject(value)) return 'The request must be an object';
  return mismatch(describe(schema), value, '', 0);
}
