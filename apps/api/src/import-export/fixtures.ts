/** formats.md §5.4: 2FAuth's VALID_2FAUTH_JSON_MIGRATION_PAYLOAD, constants expanded. */
export const TWOFAUTH_JSON = {
  app: '2fauth_v3.4.1',
  schema: 1,
  datetime: '2022-12-14T14:53:06.173939Z',
  data: [
    {
      otp_type: 'totp',
      account: 'account',
      service: 'service',
      icon: null,
      icon_mime: null,
      icon_file: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 7,
      algorithm: 'sha256',
      period: 40,
      counter: null,
      legacy_uri:
        'otpauth://totp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&period=40&algorithm=sha256',
    },
    {
      otp_type: 'hotp',
      account: 'account',
      service: 'service',
      icon: null,
      icon_mime: null,
      icon_file: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 7,
      algorithm: 'sha256',
      period: null,
      counter: 5,
      legacy_uri:
        'otpauth://hotp/service:account?secret=A4GRFHVVRBGY7UIW&issuer=service&digits=7&counter=5&algorithm=sha256',
    },
    {
      otp_type: 'steamtotp',
      account: 'account',
      service: 'Steam',
      icon: null,
      icon_mime: null,
      icon_file: null,
      secret: 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE',
      digits: 5,
      algorithm: 'sha256',
      period: 40,
      counter: null,
      legacy_uri:
        'otpauth://totp/Steam:account?secret=XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE&issuer=Steam&digits=5&period=30&algorithm=sha1',
    },
  ],
};
