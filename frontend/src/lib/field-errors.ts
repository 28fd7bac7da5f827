import { serverErrors } from './server-errors';

/** A form's messages, by field name ('' for the form as a whole). */
export type FieldErrors<Field extends string> = Partial<Record<Field | '', string>>;

/**
 * A 400's validator messages ("password must be longer than or equal to 8 characters") in plain
 * words beside their field ("Use at least 8 characters."). `labels` names the form's fields; a
 * message about another field goes to the form as a whole.
 */
export function plainFieldErrors<Field extends string>(error: unknown, labels: Record<Field, string>): FieldErrors<Field> {
  if ((error as { status?: unknown } | undefined)?.status !== 400) return {};
  const errors: FieldErrors<Field> = {};
  for (const message of serverErrors(error)) {
    const [first, ...rest] = message.split(' ');
    const field = (Object.keys(labels) as Field[]).find((name) => name === first);
    const key = field ?? '';
    errors[key] ??= plainWords(field ? rest.join(' ') : message, field ? labels[field] : 'value');
  }
  return errors;
}

function plainWords(rule: string, label: string): string {
  const min = /longer than or equal to (\d+)/.exec(rule);
  if (min) return `Use at least ${min[1]} characters.`;
  const max = /shorter than or equal to (\d+)/.exec(rule);
  if (max) return `Use at most ${max[1]} characters.`;
  if (/must be an email/.test(rule)) return 'Enter a valid email address, like name@example.com.';
  if (/should not be empty/.test(rule)) return `Enter your ${label.toLowerCase()}.`;
  const sentence = rule.trim();
  return sentence ? `${sentence[0].toUpperCase()}${sentence.slice(1)}${/[.!?]$/.test(sentence) ? '' : '.'}` : 'Check this field.';
}

/** The browser's own check of an email address, in plain words; undefined when it is fine. */
export function emailProblem(email: string): string | undefined {
  if (!email.trim()) return 'Enter your email address.';
  const input = document.createElement('input');
  input.type = 'email';
  input.value = email.trim();
  return input.checkValidity() ? undefined : 'Enter a valid email address, like name@example.com.';
}
