import type { Static } from 'typebox';
import type { Deps } from '../shared/deps.js';
import { encryptionForWrite } from '../settings/encryption-at-rest.js';
import { unixSeconds } from '../clock.js';
import { AppError, errors } from '../http/errors.js';
import { validateBody } from '../http/field-errors.js';
import { toView, type AccountView } from './accounts.mapper.js';
import { lockAccountRow, updateAccountRow } from './accounts.queries.js';
import { OtpParamsBody, UriBody, type Otp } from './accounts.schemas.js';
import { normalise, parseUriOrThrow } from './account-input.js';
import { snapshot } from './accounts.reads.js';
import { OtpError, codeAt, timedCodes, type OtpParameters } from './otp.js';
import { canonicalSecret, isOtpType, serializeOtpauthUri, type SerializableAccount } from '@twofold/otp';

/** A code as `GET /twofaccounts/{id}/otp` answers it. */
export type OtpResponse = Static<typeof Otp>;

function otpFailure(error: unknown): never {
  if (error instanceof OtpError) {
    switch (error.failure.kind) {
      case 'unsupported_type':
        throw errors.business('error.unsupported_otp_type');
      case 'invalid_secret':
        throw errors.business('error.invalid_base32_secret');
      case 'invalid_parameters':
        throw errors.business('error.invalid_otp_parameters', undefined, [error.failure.cause]);
    }
  }
  throw error;
}

function timedOtp(params: OtpParameters, now: number): OtpResponse {
  try {
    const codes = timedCodes(params, now);
    return {
      password: codes.password,
      otp_type: params.otp_type,
      generated_at: now,
      period: codes.period,
      next_password: codes.next_password,
    };
  } catch (error) {
    return otpFailure(error);
  }
}

/**
 * A HOTP answer: the code at `counter` and the counter the next code uses. With the account's
 * other fields, also its otpauth URI at that next counter (the parameter form's test shows it,
 * so that what a user tests is what they would store).
 */
function hotpOtp(
  params: OtpParameters,
  counter: number,
  account?: SerializableAccount,
): OtpResponse & { counter: number } {
  let password: string;
  try {
    password = codeAt(params, counter);
  } catch (error) {
    return otpFailure(error);
  }
  const next = counter + 1;
  const uri = account ? { uri: serializeOtpauthUri({ ...account, counter: next }) } : {};
  return { password, otp_type: 'hotp', counter: next, ...uri };
}

const cannotDecipher = () => errors.business('error.cannot_decipher');

/** A code of a stored account, with the account's names (the code log keeps them). */
export interface AccountOtp {
  readonly otp: OtpResponse;
  readonly names: { readonly service: string | null; readonly account: string };
}

/**
 * `GET /api/v1/twofaccounts/{id}/otp`. HOTP: the row is locked, the code computed
 * at the stored counter and the counter moved on in the same transaction, so two concurrent
 * calls never get the same code.
 */
export async function otpOfAccount(
  deps: Deps,
  id: number,
  options: { consume: boolean } = { consume: true },
): Promise<AccountOtp> {
  const now = unixSeconds(deps.clock);
  const cached = (await snapshot(deps)).byId.get(id);
  if (!cached) throw errors.notFound();
  if (!isOtpType(cached.otp_type)) throw errors.business('error.unsupported_otp_type');
  if (cached.otp_type !== 'hotp') {
    if (!cached.secretReadable) throw cannotDecipher();
    return { otp: timedOtp(cached, now), names: { service: cached.service, account: cached.account } };
  }
  return deps.db.transaction().execute(async (trx) => {
    // The lock and the setting are read again here: a switch may have rewritten the row meanwhile.
    const encryptedNow = await encryptionForWrite(trx);
    const locked = await lockAccountRow(trx, id);
    if (!locked) throw errors.notFound();
    const view = toView(deps.keys, locked, encryptedNow);
    if (!view.secretReadable) throw cannotDecipher();
    const otp = hotpOtp(view, view.counter ?? 0);
    if (options.consume) await updateAccountRow(trx, id, { counter: otp.counter });
    return { otp, names: { service: view.service, account: view.account } };
  });
}

/** `POST /api/v1/twofaccounts/otp`: nothing stored, no icon fetched. */
export async function otpPreview(
  deps: Deps,
  body: unknown,
  query: Record<string, unknown>,
): Promise<OtpResponse> {
  const now = unixSeconds(deps.clock);
  const object =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  if ('uri' in object) {
    const others = Object.keys(object).filter((key) => key !== 'uri' && key !== 'custom_otp');
    if (others.length > 0 || Object.keys(query).length > 0) {
      throw new AppError('bad_request', 'bad request', { reason: { uri: { key: 'error.uri_alone' } } });
    }
    const input = await validateBody<Static<typeof UriBody>>(UriBody, object);
    const data = normalise(parseUriOrThrow(input.uri, input.custom_otp));
    return data.otp_type === 'hotp' ? hotpOtp(data, data.counter ?? 0) : timedOtp(data, now);
  }
  const input = await validateBody<Static<typeof OtpParamsBody>>(OtpParamsBody, object);
  const data = normalise({ ...input, service: input.service ?? null, secret: canonicalSecret(input.secret) });
  return data.otp_type === 'hotp' ? hotpOtp(data, data.counter ?? 0, data) : timedOtp(data, now);
}

/** The URI an account is exported or drawn as; 400 when it cannot be decrypted. */
export function generatedUri(view: AccountView): string {
  return serializeOtpauthUri(view);
}
