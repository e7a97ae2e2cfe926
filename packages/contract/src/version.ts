/** This SDK's version, the `version` of its package.json (a test keeps the two equal). */
export const SDK_VERSION = '0.1.0';
