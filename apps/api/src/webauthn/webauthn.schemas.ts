import { Type } from 'typebox';
import { Nullable, Timestamp } from '../http/common.schemas.js';

const Base64Url = Type.String({ description: 'base64url' });

/** The browser's `PublicKeyCredential` of a registration (`toJSON()` form). */
export const RegistrationResponseBody = Type.Object({
  id: Base64Url,
  rawId: Base64Url,
  type: Type.String(),
  response: Type.Object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: Type.Optional(Type.Array(Type.String())),
  }),
  clientExtensionResults: Type.Optional(Type.Unknown()),
  authenticatorAttachment: Type.Optional(Type.Unknown()),
});

/** The browser's assertion of a sign-in; `userHandle` may be null; an `email` key is ignored. */
export const AuthenticationResponseBody = Type.Object({
  id: Base64Url,
  rawId: Base64Url,
  type: Type.String(),
  response: Type.Object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Type.Optional(Nullable(Base64Url)),
  }),
  clientExtensionResults: Type.Optional(Type.Unknown()),
  authenticatorAttachment: Type.Optional(Type.Unknown()),
});

const CredentialDescriptor = Type.Object({
  id: Base64Url,
  type: Type.Literal('public-key'),
  transports: Type.Optional(Type.Array(Type.String())),
});

export const CreationOptions = Type.Object(
  {
    rp: Type.Object({ name: Type.String(), id: Type.String() }),
    user: Type.Object({ id: Base64Url, name: Type.String(), displayName: Type.String() }),
    challenge: Base64Url,
    pubKeyCredParams: Type.Array(Type.Object({ type: Type.Literal('public-key'), alg: Type.Integer() })),
    timeout: Type.Integer(),
    attestation: Type.String(),
    excludeCredentials: Type.Array(CredentialDescriptor),
    authenticatorSelection: Type.Object({
      residentKey: Type.String(),
      userVerification: Type.String(),
    }),
  },
  { description: 'WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON)' },
);

export const RequestOptions = Type.Object(
  {
    challenge: Base64Url,
    timeout: Type.Integer(),
    rpId: Type.String(),
    allowCredentials: Type.Array(CredentialDescriptor),
    userVerification: Type.String(),
  },
  { description: 'WebAuthn request options (PublicKeyCredentialRequestOptionsJSON)' },
);

export const Credential = Type.Object(
  {
    id: Base64Url,
    name: Nullable(Type.String()),
    alias: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { description: 'A security device; name and alias carry the same value' },
);

export const CredentialIdParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]+$', maxLength: 1024 }),
});
export const RenameBody = Type.Object({ name: Type.String({ maxLength: 255 }) });
export const LoginOptionsBody = Type.Object({
  email: Type.Optional(Type.Unknown({ description: 'Ignored' })),
});
export const LostDeviceBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 191, 'x-lowercase': true }),
});
export const RecoveryBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 191, 'x-lowercase': true }),
  token: Type.String(),
});
