// Test-only: a real SAML identity provider (samlify) answering the AuthnRequests of the server.
import { randomUUID } from 'node:crypto';
import * as xmllint from '@authenio/samlify-node-xmllint';
import * as samlify from 'samlify';

samlify.setSchemaValidator(xmllint);

export const IDP_ENTITY_ID = 'https://idp.test.invalid/metadata';
export const IDP_SSO_URL = 'https://idp.test.invalid/sso';
export const IDP_SLO_URL = 'https://idp.test.invalid/slo';

export interface IdpUser {
  email: string;
  attributes?: Record<string, string>;
}

const xmlEscape = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function createTestIdp(key: string, cert: string) {
  const idp = samlify.IdentityProvider({
    entityID: IDP_ENTITY_ID,
    privateKey: key,
    signingCert: cert,
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SSO_URL }],
    singleLogoutService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: IDP_SLO_URL }],
    // Our LogoutResponses must carry a valid signature of the service provider's key.
    wantLogoutResponseSigned: true,
  });

  /** Parses the AuthnRequest of a SignIn redirect and answers it with a signed Response (POST binding). */
  async function answer(spMetadata: string, redirectLocation: string, user: IdpUser) {
    const sp = samlify.ServiceProvider({ metadata: spMetadata, wantMessageSigned: true });
    const url = new URL(redirectLocation);
    const request = await idp.parseLoginRequest(sp, 'redirect', {
      query: Object.fromEntries(url.searchParams),
      octetString: url.search.slice(1),
    });
    const sent = request.extract.request as { id: string; assertionConsumerServiceUrl: string };
    const requestId = sent.id;
    const acs = sent.assertionConsumerServiceUrl;
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000);
    const attributes = Object.entries(user.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${xmlEscape(name)}"><saml:AttributeValue xsi:type="xs:string">${xmlEscape(value)}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    const id = `_${randomUUID()}`;
    const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`;
    const statement = attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '';
    const result = await idp.createLoginResponse(
      sp,
      { extract: request.extract },
      'post',
      { email: user.email },
      (template) => ({
        id,
        // replaceTagsByValue escapes values: the statements (XML) go in first.
        context: samlify.SamlLib.replaceTagsByValue(
          template.replace('{AuthnStatement}', authn).replace('{AttributeStatement}', statement),
          {
            ID: id,
            AssertionID: `_${randomUUID()}`,
            Destination: acs,
            Audience: sp.entityMeta.getEntityID(),
            SubjectRecipient: acs,
            Issuer: IDP_ENTITY_ID,
            IssueInstant: now.toISOString(),
            StatusCode: samlify.Constants.StatusCode.Success,
            ConditionsNotBefore: now.toISOString(),
            ConditionsNotOnOrAfter: later.toISOString(),
            SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
            NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
            NameID: user.email,
            InResponseTo: requestId,
          },
        ),
      }),
    );
    return {
      SAMLResponse: (result as { context: string }).context,
      RelayState: url.searchParams.get('RelayState') ?? '',
      requestId,
      nameID: user.email,
      sessionIndex: id,
    };
  }

  /**
   * A LogoutRequest (HTTP-Redirect binding) to the service provider's single logout address, signed
   * with this IdP's key unless `signed` is false; the path and query to call on the server.
   */
  function logoutRequest(
    spMetadata: string,
    who: { nameID: string; sessionIndex?: string },
    options: { signed?: boolean; relayState?: string } = {},
  ) {
    const sp = samlify.ServiceProvider({
      metadata: spMetadata,
      wantLogoutRequestSigned: options.signed ?? true,
    });
    const { id, context } = idp.createLogoutRequest(
      sp,
      'redirect',
      { logoutNameID: who.nameID, sessionIndex: who.sessionIndex ?? '' },
      options.relayState ?? '',
    ) as { id: string; context: string };
    const url = new URL(context);
    return { id, path: `${url.pathname}${url.search}` };
  }

  /** Parses and verifies (signature with the SP's certificate, issuer) a LogoutResponse redirect. */
  async function parseLogoutResponse(spMetadata: string, location: string) {
    const sp = samlify.ServiceProvider({ metadata: spMetadata });
    const url = new URL(location);
    const octetString = url.search
      .slice(1)
      .split('&')
      .filter((p) => !p.startsWith('Signature='))
      .join('&');
    const parsed = await idp.parseLogoutResponse(sp, 'redirect', {
      query: Object.fromEntries(url.searchParams),
      octetString,
    });
    return parsed.extract as { response: { inResponseTo: string; destination: string }; issuer: string };
  }

  return { answer, logoutRequest, parseLogoutResponse };
}
