import { ValidationError, ValidationPipe } from '@nestjs/common';
import { ValidationFailed } from './api-exception.filter';

function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) => text.replace(error.property, path));
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/** Unknown fields are dropped, never stored; every broken rule is listed in `errors`. */
export function apiValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => new ValidationFailed(messages(errors)),
  });
}
