import type { MessageKey } from './messages.en.js';

/**
 * Danish server messages, phrased like Laravel's Danish lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const da: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Feltet :attribute er påkrævet.',
  'validation.present': 'Feltet :attribute skal være til stede.',
  'validation.required_without': 'Feltet :attribute er påkrævet, når :values ikke er til stede.',
  'validation.string': 'Feltet :attribute skal være en tekststreng.',
  'validation.integer': 'Feltet :attribute skal være et heltal.',
  'validation.numeric': 'Feltet :attribute skal være et tal.',
  'validation.boolean': 'Feltet :attribute skal være sand eller falsk.',
  'validation.array': 'Feltet :attribute skal være et array.',
  'validation.email': 'Feltet :attribute skal være en gyldig e-mailadresse.',
  'validation.date': 'Feltet :attribute skal være en gyldig dato.',
  'validation.alpha': 'Feltet :attribute må kun indeholde bogstaver.',
  'validation.in': 'Den valgte værdi for :attribute er ugyldig.',
  'validation.unique': 'Værdien for :attribute er allerede i brug.',
  'validation.regex': 'Formatet for feltet :attribute er ugyldigt.',
  'validation.confirmed': 'Bekræftelsen af feltet :attribute stemmer ikke overens.',
  'validation.between': 'Feltet :attribute skal være mellem :min og :max.',
  'validation.min.numeric': 'Feltet :attribute skal være mindst :min.',
  'validation.min.string': 'Feltet :attribute skal være på mindst :min tegn.',
  'validation.max.numeric': 'Feltet :attribute må ikke være større end :max.',
  'validation.max.string': 'Feltet :attribute må ikke være på mere end :max tegn.',
  'validation.max.file': 'Feltet :attribute må ikke være større end :max kilobyte.',
  'validation.distinct': 'Feltet :attribute indeholder en dubletværdi.',
  'validation.scalar': 'Feltet :attribute skal være en tekststreng, et tal eller en boolesk værdi.',
  'validation.file': 'Feltet :attribute skal være en fil.',
  'validation.image': 'Feltet :attribute skal være et billede.',
  'validation.no_colon': 'Feltet :attribute må ikke indeholde kolon.',
  'validation.otpauth_uri': 'Feltet :attribute er ikke en gyldig otpauth-URI.',
  'validation.base32': 'Feltet :attribute skal være en base32-kodet tekststreng.',
  'validation.otp_type': 'Feltet :attribute understøttes ikke.',
  'validation.uri_label': 'En URI skal have en etiket.',
  'validation.ids': 'ID skal være kommaseparerede, uden komma til sidst.',
  'validation.image_format': 'Understøttede formater er jpeg, png, bmp, gif, svg eller webp.',
  'validation.email_not_found': 'Der blev ikke fundet nogen konto med denne e-mail.',
  'validation.first_user': 'Der er allerede en registreret bruger',
  'validation.icon_pack': 'Ikonpakken blev ikke fundet på serveren.',
  'validation.idempotency_key_reused': 'Feltet :attribute er allerede brugt til en anden anmodning.',
  'validation.and_more_error': '(og :count fejl mere)',
  'validation.and_more_errors': '(og :count fejl mere)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'For mange loginforsøg. Prøv igen om :seconds sekunder.',
  'error.demo_disabled': 'Funktionen er deaktiveret i demotilstand',
  'error.untrusted_proxy': 'Anmodningen kommer ikke fra en betroet proxy',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Indholdet er for stort',
  'error.unsupported_media_type': 'Medietypen understøttes ikke',
  'error.service_unavailable': 'Tjenesten er ikke tilgængelig',
  'error.method_not_allowed':
    'Metoden :method understøttes ikke for ruten :route. Understøttede metoder: :methods.',
  'error.malformed_json': 'Ugyldig JSON-brødtekst',
  'error.malformed_multipart': 'Ugyldig multipart-brødtekst',
  'error.too_many_ids': 'For mange ID i forespørgselsparameteren, højst 100 tilladt',
  'error.cannot_decipher':
    'Hemmeligheden kan ikke dekrypteres. Det skyldes oftest en forkert krypteringsnøgle eller beskadigede data i databasen.',
  'error.invalid_base32_secret': 'ikke en gyldig base32-kodet hemmelighed',
  'error.invalid_otp_parameters': 'ugyldige OTP-parametre',
  'error.unsupported_otp_type': 'OTP-typen understøttes ikke',
  'error.unable_to_decrypt_uri': 'Denne URI kan ikke dekrypteres',
  'error.qr_not_found': 'Der blev ikke fundet nogen QR-kode i billedet, prøv at beskære billedet',
  'error.qr_unreadable': 'Ingen læsbar QR-kode',
  'error.migration_unreadable': 'Ugyldige eller ulæselige data fra :app',
  'error.migration_no_format': 'Dataene matcher ikke noget understøttet format',
  'error.migration_encrypted': 'Ulæselige, dataene ser ud til at være krypterede',
  'error.migration_wrong_password': 'Forkert adgangskode, dataene fra :app kan ikke dekrypteres',
  'error.migration_unsupported_encryption': 'Krypteringsindstillingerne i :app understøttes ikke',
  'error.migration_unsupported_cipher':
    'Krypteringsindstillingerne i :app understøttes ikke: chifferet :cipher kan ikke læses',
  'error.migration_use_export':
    'Dette ligner den krypterede database fra :app, som ikke kan læses; eksportér dine konti fra :app til en fil, og importér den fil i stedet',
  'error.migration_account_key':
    'Denne eksport fra Bitwarden er krypteret med din kontonøgle og kan ikke importeres; eksportér den igen med en adgangskode eller ukrypteret',
  'error.file_upload_failed': 'Upload af filen mislykkedes',
  'error.encryption_failed': 'Krypteringen mislykkedes, databasen er stadig ubeskyttet.',
  'error.decryption_failed':
    'Dekrypteringen mislykkedes, databasen er stadig beskyttet. Det skyldes oftest et integritetsproblem i de krypterede data for en eller flere konti.',
  'error.password_sign_in_off':
    'Login med adgangskode er slået fra på denne server: log ind med din identitetsudbyder.',
  'error.oidc_unavailable': 'Identitetsudbyderen kan ikke nås lige nu. Prøv igen senere.',
  'error.identity_confirmation_required':
    'Bekræft din identitet for at se dette (adgangskode eller sikkerhedsnøgle).',
  'error.token_scope_required':
    'Dit token kan ikke gøre dette: det kræver omfanget ":scope" eller et bredere.',
  'error.session_required': 'Kun en logget ind session kan gøre dette, ikke et personligt adgangstoken.',
  'error.wrong_password': 'Forkert adgangskode',
  'error.wrong_current_password': 'Forkert nuværende adgangskode, intet er ændret',
  'error.user_deletion_failed': 'Sletning af brugerkontoen mislykkedes, ingen data er slettet',
  'error.email_sending_failed': 'Afsendelse af e-mail mislykkedes',
  'error.no_registered_user': 'ingen registreret bruger',
  'error.cannot_register_more': 'Du kan ikke registrere mere end én bruger.',
  'error.wait_before_retrying': 'Vent venligst, før du prøver igen.',
  'error.reset_user_not_found': 'Vi kan ikke finde en bruger med den e-mailadresse.',
  'error.reset_token_invalid': 'Dette token til nulstilling af adgangskode er ugyldigt.',
  'error.invalid_recovery_token': 'Ugyldigt gendannelsestoken',
  'error.otp_without_secret': 'Der kan ikke oprettes en OTP uden hemmelighed',
  'error.device_not_verified': 'Sikkerhedsenheden kunne ikke bekræftes.',
  'error.webauthn_needs_device': 'Registrér mindst én enhed for at slå disse indstillinger til',
  'error.group_reserved_name': 'Reserveret navn, vælg venligst noget andet',
  'error.group_name_characters':
    'Brug kun bogstaver, tal, bindestreger, understregninger, mellemrum eller enkelte anførselstegn',
  'error.only_custom_setting_deletable': 'Kun indstillinger oprettet af brugeren kan slettes',
  'error.uri_alone': "Parameteren uri skal angives alene eller kun sammen med parameteren 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Adgangskoden er ændret',
  'success.reset_link_sent': 'Vi har sendt dig et link til nulstilling af adgangskoden!',
  'success.password_reset': 'Din adgangskode er nulstillet!',
  'success.recovery_email_sent': 'E-mail til gendannelse af kontoen er sendt!',
  'success.device_registered': 'Enheden er registreret',
  // Other texts
  'error.backup_password_missing':
    'Der er ingen adgangskode til sikkerhedskopier: angiv først en under Indstillinger → Sikkerhedskopier.',
  'error.backup_password_wrong': 'Den nuværende adgangskode til sikkerhedskopier er forkert.',
  'group.all': 'Alle',
  'account.invalid_account': '- ugyldig konto -',
  'account.invalid_service': '- ugyldig tjeneste -',
  // E-mails
  'mail.greeting': 'Hej :name,',
  'mail.password_reset.subject': ':app: nulstil din adgangskode',
  'mail.password_reset.intro':
    'Du har bedt om at nulstille din adgangskode. Åbn dette link inden for 60 minutter for at vælge en ny:',
  'mail.password_reset.action': 'Nulstil din adgangskode',
  'mail.password_reset.ignore':
    'Hvis du ikke har bedt om det, kan du se bort fra denne besked: din adgangskode forbliver uændret.',
  'mail.webauthn_recovery.subject': ':app: registrer en ny sikkerhedsenhed',
  'mail.webauthn_recovery.intro':
    'Du har mistet en sikkerhedsenhed. Åbn dette link inden for 60 minutter for at registrere en ny:',
  'mail.webauthn_recovery.action': 'Registrer en ny sikkerhedsenhed',
  'mail.webauthn_recovery.ignore': 'Hvis du ikke har bedt om det, kan du se bort fra denne besked.',
  // Alerts
  'validation.url': 'Feltet :attribute skal være en gyldig URL.',
  'alert.new_device.title': 'Nyt login i Twofold',
  'alert.new_device.body':
    'Logget ind fra en ny enhed: :browser på :platform, IP-adresse :ip. Hvis det ikke var dig, så skift din adgangskode.',
  'alert.failed_sign_in.title': 'Mislykket login i Twofold',
  'alert.failed_sign_in.body':
    'Et login fra IP-adressen :ip mislykkedes. Andre fejl i de næste 15 minutter rapporteres ikke.',
  'alert.token_created.title': 'Nyt personligt adgangstoken',
  'alert.token_created.body': 'Et personligt adgangstoken med navnet “:name” blev oprettet.',
  'alert.security_device_added.title': 'Ny sikkerhedsenhed',
  'alert.security_device_added.body': 'En ny sikkerhedsenhed blev registreret til din konto.',
  'alert.export.title': 'Konti eksporteret',
  'alert.export.body': 'Dine konti blev eksporteret med deres hemmeligheder (format: :format).',
  'alert.backup_failed.title': 'Planlagt sikkerhedskopi mislykkedes',
  'alert.backup_failed.body':
    'Den planlagte sikkerhedskopi kunne ikke skrives. Tjek indstillingerne for sikkerhedskopiering.',
  'error.disk_full':
    'Der er ikke plads nok på serverens datadisk (DATA_DIR): intet blev gemt. Frigør plads, og prøv igen.',
  'alert.clock_skew.title': 'Serverens ur går forkert',
  'alert.clock_skew.body':
    'Serverens ur afviger :offset fra de enheder, der bruger den (+ foran, − bagud). Koder beregnet af serveren er forkerte, indtil dens tid er rettet (NTP).',
  'alert.clock_skew.gone.title': 'Serverens ur går rigtigt igen',
  'alert.clock_skew.gone.body': 'Serverens ur stemmer igen overens med dens enheder.',
  'alert.disk_full.title': 'Serverens disk er fuld',
  'alert.disk_full.body':
    'Serverens datadisk (DATA_DIR) er fuld: nye data afvises, indtil der frigøres plads. Intet af det gemte gik tabt.',
  'alert.test.title': 'Testadvarsel fra Twofold',
  'alert.test.body': 'Denne kanal virker: Twofold kan sende dig advarsler her.',
  'alert.alerts_changed.title': 'Advarselsindstillinger ændret',
  'alert.alerts_changed.body':
    'Dine advarselsindstillinger blev ændret (:changes). Hvis det ikke var dig, så tilbagekald dine personlige adgangstokens og kontrollér Indstillinger, Advarsler.',
  'error.alert_url_password': 'Skriv adgangskoden i URL’en igen: den gemte hører til den tidligere adresse.',
};

/** Danish names of the `:attribute` values, keyed by the English attribute. */
export const daAttributes: Readonly<Record<string, string>> = {
  account: 'konto',
  algorithm: 'algoritme',
  counter: 'tæller',
  credential: 'loginoplysninger',
  'current password': 'nuværende adgangskode',
  'custom otp': 'tilpasset OTP',
  digits: 'cifre',
  email: 'e-mailadresse',
  file: 'fil',
  format: 'format',
  'group id': 'gruppe',
  icon: 'ikon',
  'icon pack': 'ikonpakke',
  key: 'nøgle',
  label: 'etiket',
  name: 'navn',
  'otp type': 'OTP-type',
  password: 'adgangskode',
  'password confirmation': 'bekræftelse af adgangskode',
  payload: 'data',
  period: 'periode',
  qrcode: 'QR-kode',
  secret: 'hemmelighed',
  service: 'tjeneste',
  token: 'token',
  value: 'værdi',
  variant: 'variant',
};
