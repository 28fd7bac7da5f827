import { notify } from './notify';

// Failures the server gives no words for are only logged, with this text.
export const GENERIC_ERROR = 'Sorry! Something Went Wrong....Try Again Later';

/** Every message of a failed call's `{errors: [...]}` answer (a CSV import may have several bad lines). */
export function serverErrors(error: unknown): string[] {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string' && e.trim() !== '') : [];
}

export const firstServerError = (error: unknown): string | undefined => serverErrors(error)[0];

/** Toasts the server's first error message for a failed call, or `fallback` when it sent none. */
export function notifyServerError(error: unknown, fallback: string): void {
  notify.error(firstServerError(error) ?? fallback);
}
