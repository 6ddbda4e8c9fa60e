import type { CredentialVerification } from '@licensure/contracts';
import { api } from '../../platform/api/client';

/** Checks a card's signed statement (the token of its QR code) and the credential's live status. */
export const verifySignedCredential = (token: string, signal?: AbortSignal) =>
  api.post<CredentialVerification>('/api/credentials/verify', { token }, { signal });
