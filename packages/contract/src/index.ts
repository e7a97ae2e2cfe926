export * from './client.js';
export * from './sdk.js';
export { TwofoldApiError, TwofoldNetworkError, unwrap } from './errors.js';
export { SDK_VERSION } from './version.js';
export { orderByUse, type UseOrder } from './usage-order.js';
export {
  DeviceAuthorizationError,
  deviceAuthorizationApi,
  type PollAnswer,
  type WaitOptions,
} from './device-authorization.js';
