import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';
import { ISO_DATE_TIME_RULE, parseIsoDateTime } from '../../shared/iso-date-time';

/**
 * An ISO 8601 date-time with a zone (a date alone, or a local time, would be ambiguous). A missing
 * value is left to IsDefined, so that it is reported once, as missing.
 */
export const IsIsoDateTime = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isIsoDateTime',
      validator: {
        validate: (value) => value === undefined || parseIsoDateTime(value) !== undefined,
        defaultMessage: buildMessage((each) => `${each}$property must be ${ISO_DATE_TIME_RULE}`, options),
      },
    },
    options,
  );
