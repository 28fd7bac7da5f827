import { signUpProfile } from './sign-up-profile';

describe('signUpProfile: the profile kept from the fields a template client sent', () => {
  test('firstName and lastName are kept as sent, trimmed', () => {
    expect(signUpProfile({ firstName: ' Ada ', lastName: ' Lovelace ' })).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  test('a name alone gives the first and last names the UI shows, and is kept', () => {
    expect(signUpProfile({ name: '  Grace  Brewster Hopper ' })).toEqual({
      name: 'Grace  Brewster Hopper',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(signUpProfile({ name: 'Cher' })).toEqual({ name: 'Cher', firstName: 'Cher', lastName: '' });
  });

  test('sent first or last names win over the ones a name would give', () => {
    expect(signUpProfile({ name: 'Grace Hopper', firstName: 'Amazing' })).toEqual({
      name: 'Grace Hopper',
      firstName: 'Amazing',
      lastName: '',
    });
    expect(signUpProfile({ name: 'Grace Hopper', lastName: 'H.' })).toEqual({ name: 'Grace Hopper', firstName: 'Grace', lastName: 'H.' });
  });

  test('a username stands in for a missing first name; nothing at all gives empty names', () => {
    expect(signUpProfile({ username: 'kay' })).toEqual({ username: 'kay', firstName: 'kay', lastName: '' });
    expect(signUpProfile({})).toEqual({ firstName: '', lastName: '' });
    expect(signUpProfile({ name: '   ', username: '' })).toEqual({ firstName: '', lastName: '' });
  });
});
