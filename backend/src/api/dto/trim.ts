import { Transform } from 'class-transformer';

/** Surrounding whitespace is never meaningful in names, titles or emails. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
