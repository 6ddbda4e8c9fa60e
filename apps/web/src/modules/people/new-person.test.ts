import { describe, expect, it } from 'vitest';
import { inviteProblems } from './new-person-page';

describe('inviting a new person', () => {
  const base = {
    first_name: 'Ada',
    last_name: 'Lovel',
    email: '',
    user_name: '',
    phone: '',
    national_ems_id: '',
  };
  it('needs an email address and a user name', () => {
    expect(inviteProblems(base)).toEqual({
      email: 'An invitation needs the email address.',
      user_name: 'An invitation needs a user name to sign in with.',
    });
    expect(inviteProblems({ ...base, email: 'ada@example.org', user_name: 'ada.l' })).toEqual({});
  });
});
