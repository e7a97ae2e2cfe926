/** 2FAuth's own test constants, verbatim: the same inputs must give the same answers. */
export const fixtures = {
  SECRET: 'A4GRFHVVRBGY7UIW',
  STEAM_SECRET: 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
  TOTP_FULL_CUSTOM_URI_NO_IMG:
    'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256',
  TOTP_FULL_CUSTOM_URI:
    'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256&image=https%3A%2F%2Fdemo.2fauth.app%2Ffavicon.png',
  HOTP_FULL_CUSTOM_URI_NO_IMG:
    'otpauth://hotp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&counter=5&algorithm=sha256',
  HOTP_FULL_CUSTOM_URI:
    'otpauth://hotp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&counter=5&algorithm=sha256&image=https%3A%2F%2Fdemo.2fauth.app%2Ffavicon.png',
  TOTP_SHORT_URI: 'otpauth://totp/account?secret=A4GRFHVVRBGY7UIW',
  HOTP_SHORT_URI: 'otpauth://hotp/account?secret=A4GRFHVVRBGY7UIW',
  STEAM_TOTP_URI:
    'otpauth://totp/Steam:account?secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE&issuer=Steam&digits=5&period=30&algorithm=sha1',
  TOTP_MICROSOFT_CORPORATE_URI_MISMATCHING_ISSUER:
    'otpauth://totp/MyOrganization:account?secret=A4GRFHVVRBGY7UIW&issuer=Microsoft',
  TOTP_MICROSOFT_CORPORATE_URI_INCLUDING_SHARP:
    'otpauth://totp/MyOrganization:account#EXT#@microsoft.com?secret=A4GRFHVVRBGY7UIW&issuer=Microsoft',
  INVALID_OTPAUTH_URI_MISMATCHING_ISSUER:
    'otpauth://totp/Microsoft:account?secret=A4GRFHVVRBGY7UIW&issuer=service',
  INVALID_OTPAUTH_URI: 'otpauth://Xotp/account?secret=A4GRFHVVRBGY7UIW',
  GOOGLE_AUTH_MIGRATION_URI:
    'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA',
  INVALID_GOOGLE_AUTH_MIGRATION_URI:
    'otpauthmigration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY2UgASgBMAIKLAoKBw0SnrWITY/RFhILYWNjb3VudF9iaXMaC3NlcnZpY2VfYmlzIAEoATACEAEYASAA',
  GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA:
    'otpauth-migration://offline?data=CiQKCgcNEp61iE2P0RYSB2FjY291bnQaB3NlcnZpY',
  FULL_CUSTOM_TOTP_PARAMS: {
    service: 'service',
    account: 'account',
    icon: 'test.png',
    otp_type: 'totp',
    secret: 'A4GRFHVVRBGY7UIW',
    digits: 7,
    algorithm: 'sha256',
    period: 40,
    counter: null,
  },
  FULL_CUSTOM_HOTP_PARAMS: {
    service: 'service',
    account: 'account',
    icon: 'test.png',
    otp_type: 'hotp',
    secret: 'A4GRFHVVRBGY7UIW',
    digits: 7,
    algorithm: 'sha256',
    period: null,
    counter: 5,
  },
} as const;
