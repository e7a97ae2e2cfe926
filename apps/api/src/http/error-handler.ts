import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { render, translate } from '../i18n/translate.js';
import type { Locale } from '../i18n/locales.js';
import { isConnectionError } from '../db/driver-errors.js';
import { AppError, errors, type Reason } from './errors.js';
import { isMalformedMultipart } from './multipart-errors.js';
import { isClientAbort } from './client-abort.js';
import { isDiskFull } from '../storage/disk.js';

function renderReason(reason: Reason, locale: Locale): unknown {
  if (typeof reason === 'string') return reason;
  if (Array.isArray(reason)) return (reason as Reason[]).map((item) => render(locale, item as string));
  return Object.fromEntries(
    Object.entries(reason as Record<string, string>).map(([key, value]) => [key, render(locale, value)]),
  );
}

/** The 2FAuth envelope of an AppError. */
export function errorBody(error: AppError, locale: Locale): Record<string, unknown> {
  if (error.code === 'validation' && error.errors && error.errors.length > 0) {
    const grouped: Record<string, string[]> = {};
    for (const { field, message } of error.errors) (grouped[field] ??= []).push(render(locale, message));
    // A fixed message (e.g. the second registration) replaces the first field message.
    if (error.wireMessage !== '') return { message: render(locale, error.wireMessage), errors: grouped };
    const all = Object.values(grouped).flat();
    const more = all.length - 1;
    const first = all[0] ?? '';
    const suffix =
      more === 0
        ? ''
        : ` ${translate(locale, more === 1 ? 'validation.and_more_error' : 'validation.and_more_errors', { count: more })}`;
    return { message: `${first}${suffix}`, errors: grouped };
  }
  const body: Record<string, unknown> = { message: render(locale, error.wireMessage) };
  if (error.reason !== undefined) body.reason = renderReason(error.reason, locale);
  return body;
}

/** Maps framework errors (parsers, limits) to our codes; anything unknown becomes a masked 500. */
function toAppError(error: FastifyError): AppError {
  // A full data disk, however deep in the causes: a clear 507, never a 500.
  if (!(error instanceof AppError && error.statusCode < 500) && isDiskFull(error))
    return errors.diskFull(error);
  if (error instanceof AppError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', { key: 'error.unsupported_media_type' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', { key: 'error.payload_too_large' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.badRequest([{ key: 'error.malformed_json' }]);
    default:
      break;
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return errors.badRequest([{ key: 'error.malformed_json' }]);
  }
  // The database is restarting, stopped or unreachable: temporary, the pool reconnects.
  if (isConnectionError(error)) {
    return new AppError('service_unavailable', { key: 'error.service_unavailable' }, { cause: error });
  }
  return errors.server(error);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((rawError: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isClientAbort(rawError, request)) {
      // The client closed the connection mid-body: not a server fault, and no one reads the answer.
      const route = request.routeOptions.url ?? '(no route)';
      request.log.info({ method: request.method, route }, 'client aborted the request');
      void reply.code(400).send({ message: 'bad request' });
      return;
    }
    const error = isMalformedMultipart(rawError, request)
      ? errors.badRequest([{ key: 'error.malformed_multipart' }])
      : toAppError(rawError);
    if (error.statusCode >= 500) {
      // The detail goes to the log only (database errors by SQL state, never their values);
      // the client gets the generic message.
      if (error.code === 'service_unavailable')
        request.log.warn({ err: error.cause }, 'database unavailable');
      // Logged at most once a minute by the disk watch, which also raises the alert.
      else if (error.code === 'insufficient_storage') request.server.deps.disk.reportFull(error.cause);
      else request.log.error({ err: error.cause ?? rawError }, 'request failed');
    }
    void reply.code(error.statusCode).headers(error.headers).send(errorBody(error, request.locale));
  });
}
