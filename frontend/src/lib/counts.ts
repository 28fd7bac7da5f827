/**
 * "92k views", "1 like": the API's display strings (`likes`, `views`: the published figure plus the live
 * count, docs/design/catalogue.md) with their noun.
 */
export const countLabel = (display: string, noun: string): string => `${display} ${noun}${display === '1' ? '' : 's'}`;
