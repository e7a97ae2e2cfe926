import type { MessageKey } from './messages.en.js';

/**
 * German server messages, phrased like Laravel's official German lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const de: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Das Feld :attribute ist erforderlich.',
  'validation.present': 'Das Feld :attribute muss vorhanden sein.',
  'validation.required_without': 'Das Feld :attribute ist erforderlich, wenn :values nicht vorhanden ist.',
  'validation.string': 'Das Feld :attribute muss eine Zeichenkette sein.',
  'validation.integer': 'Das Feld :attribute muss eine ganze Zahl sein.',
  'validation.numeric': 'Das Feld :attribute muss eine Zahl sein.',
  'validation.boolean': 'Das Feld :attribute muss wahr oder falsch sein.',
  'validation.array': 'Das Feld :attribute muss ein Array sein.',
  'validation.email': 'Das Feld :attribute muss eine gültige E-Mail-Adresse sein.',
  'validation.date': 'Das Feld :attribute muss ein gültiges Datum sein.',
  'validation.alpha': 'Das Feld :attribute darf nur Buchstaben enthalten.',
  'validation.in': 'Der gewählte Wert für :attribute ist ungültig.',
  'validation.unique': 'Der Wert des Feldes :attribute ist bereits vergeben.',
  'validation.regex': 'Das Format des Feldes :attribute ist ungültig.',
  'validation.confirmed': 'Die Bestätigung des Feldes :attribute stimmt nicht überein.',
  'validation.between': 'Das Feld :attribute muss zwischen :min und :max liegen.',
  'validation.min.numeric': 'Das Feld :attribute muss mindestens :min sein.',
  'validation.min.string': 'Das Feld :attribute muss mindestens :min Zeichen lang sein.',
  'validation.max.numeric': 'Das Feld :attribute darf nicht größer als :max sein.',
  'validation.max.string': 'Das Feld :attribute darf nicht länger als :max Zeichen sein.',
  'validation.max.file': 'Das Feld :attribute darf nicht größer als :max Kilobytes sein.',
  'validation.distinct': 'Das Feld :attribute enthält einen doppelten Wert.',
  'validation.scalar': 'Das Feld :attribute muss eine Zeichenkette, eine Zahl oder ein boolescher Wert sein.',
  'validation.file': 'Das Feld :attribute muss eine Datei sein.',
  'validation.image': 'Das Feld :attribute muss ein Bild sein.',
  'validation.no_colon': 'Das Feld :attribute darf keinen Doppelpunkt enthalten.',
  'validation.otpauth_uri': 'Das Feld :attribute ist keine gültige otpauth-URI.',
  'validation.base32': 'Das Feld :attribute muss eine Base32-kodierte Zeichenkette sein.',
  'validation.otp_type': 'Das Feld :attribute wird nicht unterstützt.',
  'validation.uri_label': 'Die URI muss eine Bezeichnung enthalten.',
  'validation.ids': 'IDs müssen durch Kommas getrennt sein, ohne abschließendes Komma.',
  'validation.image_format': 'Unterstützte Formate sind jpeg, png, bmp, gif, svg oder webp.',
  'validation.email_not_found': 'Es wurde kein Konto mit dieser E-Mail-Adresse gefunden.',
  'validation.first_user': 'Es ist bereits ein Benutzer registriert',
  'validation.icon_pack': 'Das Icon-Paket wurde auf dem Server nicht gefunden.',
  'validation.idempotency_key_reused':
    'Der Schlüssel :attribute wurde bereits für eine andere Anfrage verwendet.',
  'validation.and_more_error': '(und :count weiterer Fehler)',
  'validation.and_more_errors': '(und :count weitere Fehler)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Zu viele Anmeldeversuche. Bitte versuchen Sie es in :seconds Sekunden erneut.',
  'error.demo_disabled': 'Funktion im Demo-Modus deaktiviert',
  'error.untrusted_proxy': 'Die Anfrage stammt nicht von einem vertrauenswürdigen Proxy',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Anfrage zu groß',
  'error.unsupported_media_type': 'Nicht unterstützter Medientyp',
  'error.service_unavailable': 'Dienst nicht verfügbar',
  'error.method_not_allowed':
    'Die Methode :method wird für die Route :route nicht unterstützt. Unterstützte Methoden: :methods.',
  'error.malformed_json': 'Fehlerhafter JSON-Inhalt',
  'error.malformed_multipart': 'Fehlerhafter Multipart-Inhalt',
  'error.too_many_ids': 'Zu viele IDs im Abfrageparameter, höchstens 100 erlaubt',
  'error.cannot_decipher':
    'Das Geheimnis kann nicht entschlüsselt werden. Ursache ist meist ein falscher Verschlüsselungsschlüssel oder beschädigte Daten in der Datenbank.',
  'error.invalid_base32_secret': 'kein gültiges Base32-kodiertes Geheimnis',
  'error.invalid_otp_parameters': 'ungültige OTP-Parameter',
  'error.unsupported_otp_type': 'Nicht unterstützter OTP-Typ',
  'error.unable_to_decrypt_uri': 'Die URI kann nicht entschlüsselt werden',
  'error.qr_not_found': 'Im Bild wurde kein QR-Code erkannt, versuchen Sie, das Bild zuzuschneiden',
  'error.qr_unreadable': 'Kein lesbarer QR-Code',
  'error.migration_unreadable': 'Ungültige oder unlesbare :app-Daten',
  'error.migration_no_format': 'Die Daten entsprechen keinem unterstützten Format',
  'error.migration_encrypted': 'Unlesbar, die Daten scheinen verschlüsselt zu sein',
  'error.migration_wrong_password': 'Falsches Passwort, die :app-Daten können nicht entschlüsselt werden',
  'error.migration_unsupported_encryption': 'Nicht unterstützte :app-Verschlüsselungseinstellungen',
  'error.migration_unsupported_cipher':
    'Nicht unterstützte :app-Verschlüsselungseinstellungen: die Verschlüsselung :cipher kann nicht gelesen werden',
  'error.migration_use_export':
    'Dies scheint die verschlüsselte Datenbank von :app zu sein, die nicht gelesen werden kann; exportieren Sie Ihre Konten aus :app in eine Datei und importieren Sie stattdessen diese Datei',
  'error.migration_account_key':
    'Dieser Bitwarden-Export ist mit Ihrem Kontoschlüssel verschlüsselt und kann nicht importiert werden; exportieren Sie ihn erneut mit einem Passwort oder unverschlüsselt',
  'error.file_upload_failed': 'Hochladen der Datei fehlgeschlagen',
  'error.encryption_failed': 'Verschlüsselung fehlgeschlagen, Ihre Datenbank bleibt ungeschützt.',
  'error.decryption_failed':
    'Entschlüsselung fehlgeschlagen, Ihre Datenbank ist weiterhin geschützt. Ursache ist meist ein Integritätsproblem der verschlüsselten Daten eines oder mehrerer Konten.',
  'error.password_sign_in_off':
    'Die Anmeldung mit Passwort ist auf diesem Server ausgeschaltet: Melde dich über deinen Identitätsanbieter an.',
  'error.oidc_unavailable': 'Der Identitätsanbieter ist gerade nicht erreichbar. Versuche es später erneut.',
  'error.identity_confirmation_required':
    'Bestätigen Sie Ihre Identität, um dies zu sehen (Passwort oder Sicherheitsschlüssel).',
  'error.token_scope_required':
    'Ihr Token darf das nicht: Es braucht den Bereich ":scope" oder einen weiteren.',
  'error.token_required':
    'Nur ein persönliches Zugriffstoken kann sich selbst beenden; widerrufe Tokens in den Einstellungen.',
  'error.session_required':
    'Das geht nur in einer angemeldeten Sitzung, nicht mit einem persönlichen Zugriffstoken.',
  'error.device_authorization_pending':
    'Die Kopplung ist noch nicht bestätigt: frage in einigen Sekunden erneut.',
  'error.device_slow_down': 'Zu schnell: warte das Intervall zwischen zwei Anfragen ab.',
  'error.device_access_denied': 'Die Kopplung wurde abgelehnt.',
  'error.device_expired_token':
    'Dieser Kopplungscode ist unbekannt, abgelaufen oder schon benutzt: beginne von vorn.',
  'validation.website': 'Das Feld :attribute muss die Domain einer Website sein, zum Beispiel github.com.',
  'error.wrong_password': 'Falsches Passwort',
  'error.wrong_current_password': 'Falsches aktuelles Passwort, es wurde nichts geändert',
  'error.user_deletion_failed': 'Löschen des Benutzerkontos fehlgeschlagen, es wurden keine Daten gelöscht',
  'error.email_sending_failed': 'Senden der E-Mail fehlgeschlagen',
  'error.no_registered_user': 'kein registrierter Benutzer',
  'error.cannot_register_more': 'Sie können nicht mehr als einen Benutzer registrieren.',
  'error.wait_before_retrying': 'Bitte warten Sie, bevor Sie es erneut versuchen.',
  'error.reset_user_not_found': 'Es konnte kein Benutzer mit dieser E-Mail-Adresse gefunden werden.',
  'error.reset_token_invalid': 'Dieser Token zum Zurücksetzen des Passworts ist ungültig.',
  'error.invalid_recovery_token': 'Ungültiger Wiederherstellungstoken',
  'error.otp_without_secret': 'Ohne Geheimnis kann kein OTP erzeugt werden',
  'error.device_not_verified': 'Das Sicherheitsgerät konnte nicht überprüft werden.',
  'error.webauthn_needs_device': 'Registrieren Sie mindestens ein Gerät, um diese Optionen zu aktivieren',
  'error.group_reserved_name': 'Reservierter Name, bitte wählen Sie einen anderen',
  'error.group_name_characters':
    'Bitte verwenden Sie nur Buchstaben, Ziffern, Bindestriche, Unterstriche, Leerzeichen oder einfache Anführungszeichen',
  'error.only_custom_setting_deletable': 'Nur benutzerdefinierte Einstellungen können gelöscht werden',
  'error.uri_alone':
    "Der Parameter uri muss allein oder nur zusammen mit dem Parameter 'custom_otp' angegeben werden",
  // Success messages that are localised
  'success.password_changed': 'Passwort erfolgreich geändert',
  'success.reset_link_sent': 'Wir haben Ihnen den Link zum Zurücksetzen des Passworts per E-Mail gesendet!',
  'success.password_reset': 'Ihr Passwort wurde zurückgesetzt!',
  'success.recovery_email_sent': 'E-Mail zur Kontowiederherstellung gesendet!',
  'success.device_registered': 'Gerät erfolgreich registriert',
  // Other texts
  'error.backup_password_missing':
    'Es ist kein Sicherungspasswort festgelegt: Legen Sie zuerst eines unter Einstellungen → Sicherungen fest.',
  'error.backup_password_wrong': 'Das aktuelle Sicherungspasswort ist falsch.',
  'breakglass.title': 'Twofold: Notfallkopie',
  'breakglass.made': 'Erstellt am :date.',
  'breakglass.read_only':
    'Eine schreibgeschützte Kopie deiner Konten: Nichts hier ändert sie. Sie funktioniert offline und verbindet sich mit nichts.',
  'breakglass.password': 'Backup-Passwort',
  'breakglass.open': 'Öffnen',
  'breakglass.wrong': 'Dieses Passwort öffnet diese Datei nicht.',
  'breakglass.search': 'Suchen',
  'breakglass.counter': 'Zähler :counter',
  'breakglass.reveal': 'Notiz und Wiederherstellungscodes anzeigen',
  'breakglass.note': 'Notiz',
  'breakglass.recovery_codes': 'Wiederherstellungscodes',
  'breakglass.used': 'verwendet',
  'breakglass.none': 'Kein Konto passt.',
  'group.all': 'Alle',
  'account.invalid_account': '- ungültiges Konto -',
  'account.invalid_service': '- ungültiger Dienst -',
  // E-mails
  'mail.greeting': 'Hallo :name,',
  'mail.password_reset.subject': ':app: Passwort zurücksetzen',
  'mail.password_reset.intro':
    'Sie haben angefordert, Ihr Passwort zurückzusetzen. Öffnen Sie diesen Link innerhalb von 60 Minuten, um ein neues zu wählen:',
  'mail.password_reset.action': 'Passwort zurücksetzen',
  'mail.password_reset.ignore':
    'Falls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
  'mail.webauthn_recovery.subject': ':app: neues Sicherheitsgerät registrieren',
  'mail.webauthn_recovery.intro':
    'Sie haben ein Sicherheitsgerät verloren. Öffnen Sie diesen Link innerhalb von 60 Minuten, um ein neues zu registrieren:',
  'mail.webauthn_recovery.action': 'Neues Sicherheitsgerät registrieren',
  'mail.webauthn_recovery.ignore': 'Falls Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.',
  // Alerts
  'validation.url': 'Das Feld :attribute muss eine gültige URL sein.',
  'alert.new_device.title': 'Neue Anmeldung bei Twofold',
  'alert.new_device.body':
    'Anmeldung von einem neuen Gerät: :browser auf :platform, IP-Adresse :ip. Wenn Sie das nicht waren, ändern Sie Ihr Passwort.',
  'alert.failed_sign_in.title': 'Fehlgeschlagene Anmeldung bei Twofold',
  'alert.failed_sign_in.body':
    'Eine Anmeldung von der IP-Adresse :ip ist fehlgeschlagen. Weitere Fehlschläge in den nächsten 15 Minuten werden nicht gemeldet.',
  'alert.token_created.title': 'Neues persönliches Zugriffstoken',
  'alert.token_created.body': 'Ein persönliches Zugriffstoken namens „:name“ wurde erstellt.',
  'alert.security_device_added.title': 'Neues Sicherheitsgerät',
  'alert.security_device_added.body': 'Ein neues Sicherheitsgerät wurde für Ihr Konto registriert.',
  'alert.export.title': 'Konten exportiert',
  'alert.export.body': 'Ihre Konten wurden mit ihren Geheimnissen exportiert (Format: :format).',
  'alert.backup_failed.title': 'Geplante Sicherung fehlgeschlagen',
  'alert.backup_failed.body':
    'Die geplante Sicherung konnte nicht geschrieben werden. Prüfen Sie die Sicherungseinstellungen.',
  'error.disk_full':
    'Nicht genug Speicherplatz auf dem Datenträger des Servers (DATA_DIR): Nichts wurde gespeichert. Geben Sie Speicherplatz frei und versuchen Sie es erneut.',
  'alert.clock_skew.title': 'Die Uhr des Servers geht falsch',
  'alert.clock_skew.body':
    'Die Uhr des Servers weicht um :offset von den Geräten ab, die ihn nutzen (+ vor, − nach). Vom Server berechnete Codes sind falsch, bis seine Zeit korrigiert ist (NTP).',
  'alert.clock_skew.gone.title': 'Die Uhr des Servers geht wieder richtig',
  'alert.clock_skew.gone.body': 'Die Uhr des Servers stimmt wieder mit seinen Geräten überein.',
  'alert.disk_full.title': 'Datenträger des Servers voll',
  'alert.disk_full.body':
    'Der Datenträger des Servers (DATA_DIR) ist voll: Neue Daten werden abgelehnt, bis Speicherplatz frei ist. Bisher Gespeichertes ging nicht verloren.',
  'alert.test.title': 'Twofold-Testwarnung',
  'alert.test.body': 'Dieser Kanal funktioniert: Twofold kann Ihnen hier Warnungen senden.',
  'alert.alerts_changed.title': 'Warnungseinstellungen geändert',
  'alert.alerts_changed.body':
    'Ihre Warnungseinstellungen wurden geändert (:changes). Falls Sie das nicht waren, widerrufen Sie Ihre persönlichen Zugriffstoken und prüfen Sie Einstellungen, Warnungen.',
  'error.alert_url_password':
    'Geben Sie das Passwort in der URL erneut ein: das gespeicherte gehört zur vorherigen Adresse.',
};

/** German names of the `:attribute` values (the English attribute as key). */
export const deAttributes: Readonly<Record<string, string>> = {
  account: 'Konto',
  algorithm: 'Algorithmus',
  counter: 'Zähler',
  credential: 'Anmeldedaten',
  'current password': 'aktuelles Passwort',
  'custom otp': 'benutzerdefiniertes OTP',
  digits: 'Stellen',
  email: 'E-Mail-Adresse',
  file: 'Datei',
  format: 'Format',
  'group id': 'Gruppe',
  icon: 'Symbol',
  'icon pack': 'Icon-Paket',
  key: 'Schlüssel',
  label: 'Bezeichnung',
  name: 'Name',
  'otp type': 'OTP-Typ',
  password: 'Passwort',
  'password confirmation': 'Passwortbestätigung',
  payload: 'Daten',
  period: 'Zeitraum',
  qrcode: 'QR-Code',
  secret: 'Geheimnis',
  service: 'Dienst',
  token: 'Token',
  value: 'Wert',
  variant: 'Variante',
};
