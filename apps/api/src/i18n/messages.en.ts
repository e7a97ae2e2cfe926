/**
 * English server messages: 2FAuth's texts, word for word (clients match on some of them). Every other locale file must hold
 * the same keys (its type says so). `:attribute`, `:min`... are filled in by `translate`.
 */
export const en = {
  // Validation templates
  'validation.required': 'The :attribute field is required.',
  'validation.present': 'The :attribute field must be present.',
  'validation.required_without': 'The :attribute field is required when :values is not present.',
  'validation.string': 'The :attribute field must be a string.',
  'validation.integer': 'The :attribute field must be an integer.',
  'validation.numeric': 'The :attribute field must be a number.',
  'validation.boolean': 'The :attribute field must be true or false.',
  'validation.array': 'The :attribute field must be an array.',
  'validation.email': 'The :attribute field must be a valid email address.',
  'validation.date': 'The :attribute field must be a valid date.',
  'validation.alpha': 'The :attribute field must only contain letters.',
  'validation.in': 'The selected :attribute is invalid.',
  'validation.unique': 'The :attribute has already been taken.',
  'validation.regex': 'The :attribute field format is invalid.',
  'validation.confirmed': 'The :attribute field confirmation does not match.',
  'validation.between': 'The :attribute field must be between :min and :max.',
  'validation.min.numeric': 'The :attribute field must be at least :min.',
  'validation.min.string': 'The :attribute field must be at least :min characters.',
  'validation.max.numeric': 'The :attribute field must not be greater than :max.',
  'validation.max.string': 'The :attribute field must not be greater than :max characters.',
  'validation.max.file': 'The :attribute field must not be greater than :max kilobytes.',
  'validation.distinct': 'The :attribute field has a duplicate value.',
  'validation.scalar': 'The :attribute field must be a string, a number or a boolean.',
  'validation.file': 'The :attribute field must be a file.',
  'validation.image': 'The :attribute field must be an image.',
  'validation.no_colon': 'The :attribute field must not contain colon.',
  'validation.otpauth_uri': 'The :attribute field is not a valid otpauth uri.',
  'validation.base32': 'The :attribute field must be a base32 encoded string.',
  'validation.otp_type': 'The :attribute field is not supported.',
  'validation.uri_label': 'The uri must have a label.',
  'validation.ids': 'IDs must be comma separated, without trailing comma.',
  'validation.image_format': 'Supported format are jpeg, png, bmp, gif, svg, or webp.',
  'validation.email_not_found': 'No account found using this email.',
  'validation.first_user': 'There is already a registered user',
  'validation.icon_pack': 'The icon pack cannot be found on the server.',
  'validation.idempotency_key_reused': 'The :attribute was already used for another request.',
  'validation.and_more_error': '(and :count more error)',
  'validation.and_more_errors': '(and :count more errors)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Too many login attempts. Please try again in :seconds seconds.',
  'error.demo_disabled': 'Feature disabled in Demo mode',
  'error.untrusted_proxy': 'Request does not come from a trusted proxy',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Payload Too Large',
  'error.unsupported_media_type': 'Unsupported Media Type',
  'error.service_unavailable': 'Service unavailable',
  'error.method_not_allowed':
    'The :method method is not supported for route :route. Supported methods: :methods.',
  'error.malformed_json': 'Malformed JSON body',
  'error.malformed_multipart': 'Malformed multipart body',
  'error.too_many_ids': 'Too many ids in the query parameter, max 100 allowed',
  'error.cannot_decipher':
    'The secret cannot be deciphered. This is mainly caused by a wrong encryption key or by corrupted data stored in the database.',
  'error.invalid_base32_secret': 'not a valid base32 encoded secret',
  'error.invalid_otp_parameters': 'invalid OTP parameters',
  'error.unsupported_otp_type': 'Unsupported OTP type',
  'error.unable_to_decrypt_uri': 'Unable to decrypt uri',
  'error.qr_not_found': 'Cannot detect a QR code in the image, try to crop the image',
  'error.qr_unreadable': 'No readable QR code',
  'error.migration_unreadable': 'Invalid or unreadable :app data',
  'error.migration_no_format': 'Data do not match any supported format',
  'error.migration_encrypted': 'Unreadable, the data seem encrypted',
  'error.migration_wrong_password': 'Wrong password, the :app data cannot be decrypted',
  'error.migration_unsupported_encryption': 'Unsupported :app encryption settings',
  'error.migration_unsupported_cipher':
    'Unsupported :app encryption settings: the :cipher cipher cannot be read',
  'error.migration_use_export':
    'This looks like the encrypted database of :app, which cannot be read; export your accounts from :app to a file and import that file instead',
  'error.migration_account_key':
    'This Bitwarden export is encrypted with your account key and cannot be imported; export it again with a password or unencrypted',
  'error.file_upload_failed': 'File upload failed',
  'error.encryption_failed': 'Encryption failed, your database remains unprotected.',
  'error.decryption_failed':
    'Decryption failed, your database is still protected. This is mainly caused by an integrity issue of encrypted data for one or more accounts.',
  'error.password_sign_in_off':
    'Password sign-in is turned off on this server: sign in with your identity provider.',
  'error.oidc_unavailable': 'The identity provider cannot be reached right now. Try again later.',
  'error.identity_confirmation_required': 'Confirm your identity to see this (password or security device).',
  'error.token_scope_required': 'Your token cannot do this: it needs the ":scope" scope or a wider one.',
  'error.session_required': 'Only a signed-in session can do this, not a personal access token.',
  'error.wrong_password': 'Wrong password',
  'error.wrong_current_password': 'Wrong current password, nothing has changed',
  'error.user_deletion_failed': 'User account deletion failed, no data have been deleted',
  'error.email_sending_failed': 'Email sending failed',
  'error.no_registered_user': 'no registered user',
  'error.cannot_register_more': 'You cannot register more than one user.',
  'error.wait_before_retrying': 'Please wait before retrying.',
  'error.reset_user_not_found': "We can't find a user with that email address.",
  'error.reset_token_invalid': 'This password reset token is invalid.',
  'error.invalid_recovery_token': 'Invalid recovery token',
  'error.otp_without_secret': 'Cannot create an OTP without a secret',
  'error.device_not_verified': 'The security device could not be verified.',
  'error.webauthn_needs_device': 'Set at least one device to enable these options',
  'error.group_reserved_name': 'Reserved name, please choose something else',
  'error.group_name_characters':
    'Please only use letters, numbers, dashes, underscores, spaces or single quotation marks',
  'error.only_custom_setting_deletable': 'Only user-created setting can be deleted',
  'error.uri_alone':
    "The uri parameter must be provided alone or only in combination with the 'custom_otp' parameter",
  // Success messages that are localised
  'success.password_changed': 'Password successfully changed',
  'success.reset_link_sent': 'We have emailed your password reset link!',
  'success.password_reset': 'Your password has been reset!',
  'success.recovery_email_sent': 'Account recovery email sent!',
  'success.device_registered': 'Device successfully registered',
  // Other texts
  'error.backup_password_missing': 'No backup password is set: set one in Settings → Backups first.',
  'error.backup_password_wrong': 'The current backup password is wrong.',
  'group.all': 'All',
  'account.invalid_account': '- invalid account -',
  'account.invalid_service': '- invalid service -',
  // E-mails
  'mail.greeting': 'Hello :name,',
  'mail.password_reset.subject': ':app: reset your password',
  'mail.password_reset.intro':
    'You asked to reset your password. Open this link within 60 minutes to choose a new one:',
  'mail.password_reset.action': 'Reset your password',
  'mail.password_reset.ignore':
    'If you did not ask for it, ignore this message: your password stays as it is.',
  'mail.webauthn_recovery.subject': ':app: register a new security device',
  'mail.webauthn_recovery.intro':
    'You lost a security device. Open this link within 60 minutes to register a new one:',
  'mail.webauthn_recovery.action': 'Register a new security device',
  'mail.webauthn_recovery.ignore': 'If you did not ask for it, ignore this message.',
  // Alerts
  'validation.url': 'The :attribute field must be a valid URL.',
  'alert.new_device.title': 'New sign-in to Twofold',
  'alert.new_device.body':
    'Signed in from a new device: :browser on :platform, IP address :ip. If it was not you, change your password.',
  'alert.failed_sign_in.title': 'Failed sign-in to Twofold',
  'alert.failed_sign_in.body':
    'A sign-in failed from the IP address :ip. Other failures in the next 15 minutes are not reported.',
  'alert.token_created.title': 'New personal access token',
  'alert.token_created.body': 'A personal access token named ":name" was created.',
  'alert.security_device_added.title': 'New security device',
  'alert.security_device_added.body': 'A new security device was registered to your account.',
  'alert.export.title': 'Accounts exported',
  'alert.export.body': 'Your accounts were exported with their secrets (format: :format).',
  'alert.backup_failed.title': 'Scheduled backup failed',
  'alert.backup_failed.body': 'The scheduled backup could not be written. Check the backup settings.',
  'error.disk_full':
    "Not enough space on the server's data disk (DATA_DIR): nothing was saved. Free some space and try again.",
  'alert.clock_skew.title': 'Server clock is wrong',
  'alert.clock_skew.body':
    "The server's clock is off by :offset against the devices that use it (+ ahead, − behind). Codes computed by the server are wrong until its time is fixed (NTP).",
  'alert.clock_skew.gone.title': 'Server clock is right again',
  'alert.clock_skew.gone.body': "The server's clock agrees with its devices again.",
  'alert.disk_full.title': 'Server disk full',
  'alert.disk_full.body':
    "The server's data disk (DATA_DIR) is full: new data is refused until space is freed. Nothing saved so far was lost.",
  'alert.test.title': 'Twofold test alert',
  'alert.test.body': 'This channel works: Twofold can send you alerts here.',
  'alert.alerts_changed.title': 'Alert settings changed',
  'alert.alerts_changed.body':
    'Your alert settings were changed (:changes). If it was not you, revoke your personal access tokens and check Settings, Alerts.',
  'error.alert_url_password':
    'Type the password in the URL again: the saved one belongs to the previous address.',
} as const;

export type MessageKey = keyof typeof en;
