import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailed } from './validation-failed';
import { ERRORS } from './error-catalogue';
import { TimeSlices } from '../shared/time-slices';

/**
 * Rules that say what a value is: when one of them is broken, the others (length, format…) are
 * broken only as a consequence, so naming them too would blame rules the client did not break.
 */
const TYPE_RULES = ['isDefined', 'isString', 'isInt', 'isNumber', 'isBoolean', 'isArray', 'isObject', 'isEnum', 'isIn'];
const EMPTINESS_RULES = ['isNotEmpty', 'arrayNotEmpty'];

/** The one rule to name for a field: a type rule, else emptiness, else the first one broken. */
function firstBrokenRule(constraints: Record<string, string>): string | undefined {
  const names = Object.keys(constraints);
  const pick = names.find((n) => TYPE_RULES.includes(n)) ?? names.find((n) => EMPTINESS_RULES.includes(n)) ?? names[0];
  return pick === undefined ? undefined : constraints[pick];
}

/** One message per field: the rule it broke, named by its path (`video._id`). */
export function validationMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = firstBrokenRule(error.constraints ?? {});
    return [...(own === undefined ? [] : [own.replace(error.property, path)]), ...validationMessages(error.children ?? [], path)];
  });
}

// In `u` mode a valid surrogate pair is one code point, so only lone surrogates match.
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) => !LONE_SURROGATE.test(text);
/** Real bodies are 3 levels deep; deeper ones would only feed recursive library code. */
const MAX_BODY_DEPTH = 32;

/** A value met while inspecting a body: its path is made from the chain of keys only when a problem names it. */
interface Visit {
  readonly value: unknown;
  readonly key: string;
  readonly parent: Visit | undefined;
  readonly depth: number;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at; at = at.parent) if (at.key) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * What is wrong with a parsed request value before any rule looks at it, or undefined:
 * nesting deeper than MAX_BODY_DEPTH (Nest's own recursive walks would overflow the stack), or
 * a string or key that is not well-formed UTF-16 — a lone surrogate such as "\uD800", which
 * JSON may carry as an escape, and on which some validators (isEmail's encodeURI) throw.
 * Iterative, so that the check itself cannot exhaust the stack; in slices of a few milliseconds, so that a
 * large body (an import of 10 000 videos) does not hold other requests while it is walked.
 */
async function inspectInput(value: unknown, root: string): Promise<string | undefined> {
  const stack: Visit[] = [{ value, key: root, parent: undefined, depth: 0 }];
  const slices = new TimeSlices();
  for (let visited = 0; stack.length > 0; visited++) {
    if (visited % 256 === 255) await slices.pass();
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!wellFormed(current)) return `${pathOf(visit).slice(0, 100) || 'body'} must be well-formed Unicode text`;
    } else if (typeof current === 'object' && current !== null) {
      if (visit.depth >= MAX_BODY_DEPTH) return ERRORS.BODY_TOO_DEEP.message;
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (!wellFormed(key)) return `${pathOf(visit).slice(0, 100) || 'body'} must not have keys that are not well-formed Unicode text`;
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit, depth: visit.depth + 1 });
      }
    }
  }
  return undefined;
}

class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A custom parameter (`@CurrentUser()`) is the app's own value, not the client's: nothing to inspect,
    // and ValidationPipe leaves it as it is.
    if (metadata.type === 'custom') return value;
    const problem = await inspectInput(value, metadata.type === 'body' ? '' : (metadata.data ?? metadata.type));
    if (problem !== undefined) throw new ValidationFailed([problem]);
    return super.transform(value, metadata);
  }
}

/** Unknown fields are dropped, never stored; every field that broke a rule is named once in `errors`. */
export function apiValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => new ValidationFailed(validationMessages(errors)),
  });
}
