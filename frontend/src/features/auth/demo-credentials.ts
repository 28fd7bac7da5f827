// The seeded demo account (backend seed) and a sample person for the signup form.
export const GUEST_CREDENTIALS = { email: 'guest@example.com', password: 'guestpass123' };

export const DUMMY_SIGNUP = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada.lovelace@example.com',
  password: 'adapass123',
};
