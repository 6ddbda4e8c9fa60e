// Contracts of account recovery and self-registration: the state of a person's sign-in, staff actions
// on it (unlock, reset link, portal invitation) and the portal's registration with a verified email.
import { z } from 'zod';
import { timestamp } from './paging';
import { type passwordRequirements, userFields, userNamePattern, userNameRule } from './users';

export type PasswordRequirements = z.infer<typeof passwordRequirements>;

const email = z.email({ message: 'email must be a valid email address' }).max(254);
const token = z.string().min(1, 'token is required').max(200);

/** Whether a person can sign in now, as staff see it on the person's page. */
export const accountStatus = z.object({
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  email: z.string().nullable(),
  has_password: z.boolean(),
  /** Locked by a user status that "locks the account" (set by staff). */
  locked: z.boolean(),
  /** The message that status shows at sign-in. */
  lock_message: z.string().nullable(),
  /** Sign-in waits after failed attempts on the user name (docs/security.md). */
  throttled: z.boolean(),
  throttled_until: timestamp.nullable(),
  /** Failed attempts on the user name in the last day, from anywhere. */
  recent_failures: z.number().int(),
  last_login_at: timestamp.nullable(),
});
export type AccountStatus = z.infer<typeof accountStatus>;

/** The answer of a staff action that mails the person. */
export const accountMailResult = z.object({ message: z.string(), sent_to: z.string() });
export type AccountMailResult = z.infer<typeof accountMailResult>;

/** A visitor asks for a link to register: it is mailed to the address, which proves they hold it. */
export const registrationStartInput = z.object({ email });
export type RegistrationStartInput = z.infer<typeof registrationStartInput>;

export const registrationTokenQuery = z.object({ token });

/** Whether a registration link is still good, and the address it verified. */
export const registrationTokenStatus = z.object({
  valid: z.boolean(),
  email: z.string().nullable(),
  expires_at: timestamp.nullable(),
});
export type RegistrationTokenStatus = z.infer<typeof registrationTokenStatus>;

/** The account a visitor creates with a registration link; the email is the one the link verified. */
export const registrationCompleteInput = z.object({
  token,
  user_name: z.string().trim().regex(userNamePattern, userNameRule),
  password: z.string().min(1, 'password is required').max(1000),
  first_name: userFields.shape.first_name,
  last_name: userFields.shape.last_name,
  middle_name: userFields.shape.middle_name,
  birth_date: userFields.shape.birth_date,
});
export type RegistrationCompleteInput = z.infer<typeof registrationCompleteInput>;

export const registrationCompleteResult = z.object({
  message: z.string(),
  user_name: z.string(),
});

/** Messages of account recovery and registration (shown as the API answers them). */
export const accountMessages = {
  registrationMailed:
    'We sent a link to this email address. Open it within a day to choose your user name and password.',
  registrationLinkInvalid: 'The registration link is invalid or has expired. Ask for a new one.',
  registrationDone: 'Your account has been created. Sign in to the portal with your user name and password.',
  userNameTaken: 'This user name is taken. Choose another.',
  unlocked: 'The account is unlocked: the person can sign in now.',
  resetLinkSent: 'A link to reset the password has been sent.',
  inviteSent: 'An invitation to the portal has been sent.',
  noEmail: 'The person has no email address. Add one first.',
  noUserName: 'The person has no user name. Add one first.',
  noPublicOrigin:
    'No link can be mailed: the public address of the site is not configured (PUBLIC_URL or the enterprise web address).',
} as const;
