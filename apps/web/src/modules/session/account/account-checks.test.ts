import { describe, expect, it } from 'vitest';
import { emailLooksValid } from './account-form';
import { checkNewPassword } from './password-fields';

describe('account form checks', () => {
  it('asks for a long enough password typed the same twice', () => {
    expect(checkNewPassword('short', 'short')).toEqual({
      password: 'The password must be at least 12 characters.',
    });
    expect(checkNewPassword('a long passphrase', 'a long passphrasf')).toEqual({
      password_repeat: 'The two passwords differ.',
    });
    expect(checkNewPassword('a long passphrase', 'a long passphrase')).toEqual({});
  });

  it('knows an email address when it sees one', () => {
    expect(emailLooksValid(' nova@example.org ')).toBe(true);
    expect(emailLooksValid('nova@example')).toBe(false);
    expect(emailLooksValid('not an email')).toBe(false);
  });
});
