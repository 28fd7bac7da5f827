import { emailReservation } from './email-reservation';
import { given } from '../given-when-then.spec-helper';

const reserved = (userId: string) => ({ type: 'EmailReserved' as const, data: { userId } });
const released = (userId: string) => ({ type: 'EmailReleased' as const, data: { userId } });

describe('email reservation decider', () => {
  test('a free email is reserved; a held one is refused with EMAIL_EXISTS', () => {
    given(emailReservation, [])
      .when({ type: 'Reserve', userId: 'a' })
      .then([reserved('a')]);
    given(emailReservation, [reserved('a')])
      .when({ type: 'Reserve', userId: 'b' })
      .thenFails('EMAIL_EXISTS');
  });

  test('released by its holder (erasure), the email can be reserved again; a release by anyone else changes nothing', () => {
    given(emailReservation, [reserved('a')])
      .when({ type: 'Release', userId: 'a' })
      .then([released('a')]);
    given(emailReservation, [reserved('a')])
      .when({ type: 'Release', userId: 'b' })
      .then([]);
    given(emailReservation, [reserved('a'), released('a')])
      .when({ type: 'Reserve', userId: 'b' })
      .then([reserved('b')]);
  });

  test('a takeover wins only from the holder it names: two signups that both found the holder gone cannot both win', () => {
    given(emailReservation, [reserved('gone')])
      .when({ type: 'Reserve', userId: 'b', takeOverFrom: 'gone' })
      .then([reserved('b')]);
    given(emailReservation, [reserved('gone'), reserved('b')])
      .when({ type: 'Reserve', userId: 'c', takeOverFrom: 'gone' })
      .thenFails('EMAIL_EXISTS');
  });
});
