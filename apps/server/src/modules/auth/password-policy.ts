import { PASSWORD_MIN_LENGTH } from '@marquee/shared';
import { badRequest } from '../../lib/errors';
import { isClientHashed, passwordCredential } from '../../lib/passwords';

/** The most common passwords of public breach corpora (top of the SecLists 10k list), refused at sign-up. */
const COMMON =
  `123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle
jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese
amanda summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix
mobilemail mom monitor monitoring montana moon moscow password1 password123 passw0rd p@ssw0rd welcome welcome1 admin
admin123 administrator qwerty123 qwerty1 1q2w3e4r 1q2w3e4r5t abcd1234 abcdefgh 12341234 11223344 00000000 88888888
99999999 87654321 iloveyou1 princess1 football1 baseball1 sunshine1 letmein1 changeme default secret secret123 test1234
testtest trustno11 whatever starwars1 dragon123 master123 superman1 qwertyui asdfghjk zxcvbnm1 asdf1234 q1w2e3r4 marquee
marquee123 onlyfans fansly creator123 12qwaszx 1qazxsw2 zaq12wsx qazwsxedc 123abc123 a1b2c3d4 google`
    .split(/\s+/)
    .filter(Boolean);

const COMMON_CREDENTIALS = new Set(COMMON.map((p) => passwordCredential(p)));

/**
 * Refuses short and common passwords. A client-hashed password (spec §5) cannot
 * be measured, but it can still be compared with the common list.
 */
export function assertPasswordAllowed(password: string) {
  if (!isClientHashed(password) && password.length < PASSWORD_MIN_LENGTH) {
    throw badRequest(`password must be at least ${PASSWORD_MIN_LENGTH} characters`, 'WEAK_PASSWORD', [
      { field: 'body.password', message: `must be at least ${PASSWORD_MIN_LENGTH} characters` },
    ]);
  }
  if (COMMON_CREDENTIALS.has(passwordCredential(password))) {
    throw badRequest('This password is too common. Please choose a less guessable one.', 'WEAK_PASSWORD', [
      { field: 'body.password', message: 'is too common' },
    ]);
  }
}
