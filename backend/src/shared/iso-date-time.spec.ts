import { parseInstant, parseIsoDateTime } from './iso-date-time';

describe('parseIsoDateTime', () => {
  test.each([
    ['2026-11-20T10:00:00.000Z', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00Z', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20T11:00:00+01:00', '2026-11-20T10:00:00.000Z'],
    ['2026-11-20T10:00:00.1234567Z', '2026-11-20T10:00:00.123Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('%s is the instant %s', (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  test.each([
    '2026-11-20',
    '2026-11-20T10:00:00',
    '2026-11-20 10:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-11-20T25:00:00Z',
    'yesterday',
    '1795168800000',
    '',
    `2026-11-20T10:00:00.${'1'.repeat(40)}Z`,
  ])('%s is refused', (text) => {
    expect(parseIsoDateTime(text)).toBeUndefined();
  });

  test('non-strings are refused', () => {
    expect(parseIsoDateTime(1795168800000)).toBeUndefined();
    expect(parseIsoDateTime(undefined)).toBeUndefined();
  });
});

describe('parseInstant with dates alone allowed (?before=)', () => {
  test.each([
    ['2026-11-20', '2026-11-20T00:00:00.000Z'],
    ['2026-11-20T10:00:00+0100', '2026-11-20T09:00:00.000Z'],
  ])('%s is the instant %s', (text, iso) => {
    expect(parseInstant(text, { dateAlone: true })?.toISOString()).toBe(iso);
  });

  test.each(['2026-02-30', '2026-13-01', '2026-11-20T10:00:00', '20261120', '2026-11-20 '])('%s is refused', (text) => {
    expect(parseInstant(text, { dateAlone: true })).toBeUndefined();
  });
});
