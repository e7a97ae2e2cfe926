import type { MessageKey } from './messages.en.js';

/**
 * Dutch server messages, phrased like Laravel's Dutch lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const nl: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Het veld :attribute is verplicht.',
  'validation.present': 'Het veld :attribute moet aanwezig zijn.',
  'validation.required_without': 'Het veld :attribute is verplicht als :values niet aanwezig is.',
  'validation.string': 'Het veld :attribute moet een tekenreeks zijn.',
  'validation.integer': 'Het veld :attribute moet een geheel getal zijn.',
  'validation.numeric': 'Het veld :attribute moet een getal zijn.',
  'validation.boolean': 'Het veld :attribute moet waar of onwaar zijn.',
  'validation.array': 'Het veld :attribute moet een array zijn.',
  'validation.email': 'Het veld :attribute moet een geldig e-mailadres zijn.',
  'validation.date': 'Het veld :attribute moet een geldige datum zijn.',
  'validation.alpha': 'Het veld :attribute mag alleen letters bevatten.',
  'validation.in': 'De gekozen :attribute is ongeldig.',
  'validation.unique': 'De :attribute is al in gebruik.',
  'validation.regex': 'Het formaat van het veld :attribute is ongeldig.',
  'validation.confirmed': 'De bevestiging van het veld :attribute komt niet overeen.',
  'validation.between': 'Het veld :attribute moet tussen :min en :max liggen.',
  'validation.min.numeric': 'Het veld :attribute moet minstens :min zijn.',
  'validation.min.string': 'Het veld :attribute moet minstens :min tekens bevatten.',
  'validation.max.numeric': 'Het veld :attribute mag niet groter zijn dan :max.',
  'validation.max.string': 'Het veld :attribute mag niet meer dan :max tekens bevatten.',
  'validation.max.file': 'Het veld :attribute mag niet groter zijn dan :max kilobytes.',
  'validation.distinct': 'Het veld :attribute bevat een dubbele waarde.',
  'validation.scalar': 'Het veld :attribute moet een tekenreeks, een getal of een booleaanse waarde zijn.',
  'validation.file': 'Het veld :attribute moet een bestand zijn.',
  'validation.image': 'Het veld :attribute moet een afbeelding zijn.',
  'validation.no_colon': 'Het veld :attribute mag geen dubbele punt bevatten.',
  'validation.otpauth_uri': 'Het veld :attribute is geen geldige otpauth-URI.',
  'validation.base32': 'Het veld :attribute moet een base32-gecodeerde tekenreeks zijn.',
  'validation.otp_type': 'Het veld :attribute wordt niet ondersteund.',
  'validation.uri_label': 'De URI moet een label hebben.',
  'validation.ids': "ID's moeten door komma's gescheiden zijn, zonder komma aan het eind.",
  'validation.image_format': 'Ondersteunde formaten zijn jpeg, png, bmp, gif, svg of webp.',
  'validation.email_not_found': 'Geen account gevonden met dit e-mailadres.',
  'validation.first_user': 'Er is al een geregistreerde gebruiker',
  'validation.icon_pack': 'Het pictogrammenpakket is niet gevonden op de server.',
  'validation.idempotency_key_reused': 'De :attribute is al gebruikt voor een ander verzoek.',
  'validation.and_more_error': '(en nog :count fout)',
  'validation.and_more_errors': '(en nog :count fouten)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Te veel inlogpogingen. Probeer het over :seconds seconden opnieuw.',
  'error.demo_disabled': 'Functie uitgeschakeld in de demomodus',
  'error.untrusted_proxy': 'Het verzoek komt niet van een vertrouwde proxy',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Inhoud te groot',
  'error.unsupported_media_type': 'Niet-ondersteund mediatype',
  'error.service_unavailable': 'Dienst niet beschikbaar',
  'error.method_not_allowed':
    'De methode :method wordt niet ondersteund voor de route :route. Ondersteunde methoden: :methods.',
  'error.malformed_json': 'Ongeldige JSON-inhoud',
  'error.malformed_multipart': 'Ongeldige multipart-inhoud',
  'error.too_many_ids': "Te veel ID's in de queryparameter, maximaal 100 toegestaan",
  'error.cannot_decipher':
    'Het geheim kan niet worden ontcijferd. Dit komt meestal door een verkeerde versleutelingssleutel of door beschadigde gegevens in de database.',
  'error.invalid_base32_secret': 'geen geldig base32-gecodeerd geheim',
  'error.invalid_otp_parameters': 'ongeldige OTP-parameters',
  'error.unsupported_otp_type': 'Niet-ondersteund OTP-type',
  'error.unable_to_decrypt_uri': 'Kan de URI niet ontsleutelen',
  'error.qr_not_found': 'Geen QR-code gevonden in de afbeelding, probeer de afbeelding bij te snijden',
  'error.qr_unreadable': 'Geen leesbare QR-code',
  'error.migration_unreadable': 'Ongeldige of onleesbare :app-gegevens',
  'error.migration_no_format': 'De gegevens komen met geen enkel ondersteund formaat overeen',
  'error.migration_encrypted': 'Onleesbaar, de gegevens lijken versleuteld',
  'error.migration_wrong_password': 'Verkeerd wachtwoord, de :app-gegevens kunnen niet worden ontsleuteld',
  'error.migration_unsupported_encryption': 'Niet-ondersteunde versleutelingsinstellingen van :app',
  'error.migration_unsupported_cipher':
    'Niet-ondersteunde versleutelingsinstellingen van :app: het :cipher-algoritme kan niet worden gelezen',
  'error.migration_use_export':
    'Dit lijkt de versleutelde database van :app, die niet gelezen kan worden; exporteer uw accounts vanuit :app naar een bestand en importeer dat bestand',
  'error.migration_account_key':
    'Deze Bitwarden-export is versleuteld met je accountsleutel en kan niet worden geïmporteerd; exporteer hem opnieuw met een wachtwoord of onversleuteld',
  'error.file_upload_failed': 'Uploaden van het bestand mislukt',
  'error.encryption_failed': 'Versleuteling mislukt, je database blijft onbeveiligd.',
  'error.decryption_failed':
    'Ontsleuteling mislukt, je database is nog steeds beveiligd. Dit komt meestal door een integriteitsprobleem van de versleutelde gegevens van een of meer accounts.',
  'error.password_sign_in_off':
    'Aanmelden met een wachtwoord is uitgeschakeld op deze server: meld je aan via je identiteitsprovider.',
  'error.oidc_unavailable':
    'De identiteitsprovider is op dit moment niet bereikbaar. Probeer het later opnieuw.',
  'error.identity_confirmation_required':
    'Bevestig uw identiteit om dit te zien (wachtwoord of beveiligingssleutel).',
  'error.token_scope_required':
    'Je token mag dit niet: het heeft het bereik ":scope" of een ruimer bereik nodig.',
  'error.token_required':
    'Alleen een persoonlijk toegangstoken kan zichzelf beëindigen; trek tokens in via Instellingen.',
  'error.session_required': 'Alleen een aangemelde sessie kan dit doen, geen persoonlijk toegangstoken.',
  'error.device_authorization_pending':
    'De koppeling is nog niet goedgekeurd: vraag het over enkele seconden opnieuw.',
  'error.device_slow_down': 'Te snel: wacht de interval tussen twee verzoeken af.',
  'error.device_access_denied': 'De koppeling is geweigerd.',
  'error.device_expired_token': 'Deze koppelcode is onbekend, verlopen of al gebruikt: begin opnieuw.',
  'validation.website': 'Het veld :attribute moet het domein van een website zijn, zoals github.com.',
  'error.wrong_password': 'Onjuist wachtwoord',
  'error.wrong_current_password': 'Verkeerd huidig wachtwoord, er is niets gewijzigd',
  'error.user_deletion_failed':
    'Verwijderen van het gebruikersaccount mislukt, er zijn geen gegevens verwijderd',
  'error.email_sending_failed': 'Versturen van de e-mail mislukt',
  'error.no_registered_user': 'geen geregistreerde gebruiker',
  'error.cannot_register_more': 'Je kunt niet meer dan één gebruiker registreren.',
  'error.wait_before_retrying': 'Wacht even voordat je het opnieuw probeert.',
  'error.reset_user_not_found': 'We kunnen geen gebruiker met dat e-mailadres vinden.',
  'error.reset_token_invalid': 'Dit token om het wachtwoord opnieuw in te stellen is ongeldig.',
  'error.invalid_recovery_token': 'Ongeldig hersteltoken',
  'error.otp_without_secret': 'Kan geen OTP aanmaken zonder geheim',
  'error.device_not_verified': 'Het beveiligingsapparaat kon niet worden geverifieerd.',
  'error.webauthn_needs_device': 'Registreer minstens één apparaat om deze opties in te schakelen',
  'error.group_reserved_name': 'Gereserveerde naam, kies iets anders',
  'error.group_name_characters':
    'Gebruik alleen letters, cijfers, streepjes, underscores, spaties of enkele aanhalingstekens',
  'error.only_custom_setting_deletable':
    'Alleen door de gebruiker aangemaakte instellingen kunnen worden verwijderd',
  'error.uri_alone':
    "De parameter uri moet alleen worden opgegeven, of alleen samen met de parameter 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Wachtwoord gewijzigd',
  'success.reset_link_sent': 'We hebben je een link gemaild om je wachtwoord opnieuw in te stellen!',
  'success.password_reset': 'Je wachtwoord is opnieuw ingesteld!',
  'success.recovery_email_sent': 'E-mail voor accountherstel verstuurd!',
  'success.device_registered': 'Apparaat geregistreerd',
  // Other texts
  'error.backup_password_missing':
    'Er is geen back-upwachtwoord ingesteld: stel er eerst een in via Instellingen → Back-ups.',
  'error.backup_password_wrong': 'Het huidige back-upwachtwoord is onjuist.',
  'breakglass.title': 'Twofold: noodkopie',
  'breakglass.made': 'Gemaakt op :date.',
  'breakglass.read_only':
    'Een alleen-lezen kopie van je accounts: niets hier wijzigt ze. Hij werkt offline en maakt nergens verbinding mee.',
  'breakglass.password': 'Back-upwachtwoord',
  'breakglass.open': 'Openen',
  'breakglass.wrong': 'Dit wachtwoord opent dit bestand niet.',
  'breakglass.search': 'Zoeken',
  'breakglass.counter': 'Teller :counter',
  'breakglass.reveal': 'Notitie en herstelcodes tonen',
  'breakglass.note': 'Notitie',
  'breakglass.recovery_codes': 'Herstelcodes',
  'breakglass.used': 'gebruikt',
  'breakglass.none': 'Geen account komt overeen.',
  'group.all': 'Alle',
  'account.invalid_account': '- ongeldig account -',
  'account.invalid_service': '- ongeldige dienst -',
  // E-mails
  'mail.greeting': 'Hallo :name,',
  'mail.password_reset.subject': ':app: stel je wachtwoord opnieuw in',
  'mail.password_reset.intro':
    'Je hebt gevraagd je wachtwoord opnieuw in te stellen. Open deze link binnen 60 minuten om een nieuw wachtwoord te kiezen:',
  'mail.password_reset.action': 'Wachtwoord opnieuw instellen',
  'mail.password_reset.ignore':
    'Heb je hier niet om gevraagd, negeer dan dit bericht: je wachtwoord blijft ongewijzigd.',
  'mail.webauthn_recovery.subject': ':app: registreer een nieuw beveiligingsapparaat',
  'mail.webauthn_recovery.intro':
    'Je bent een beveiligingsapparaat kwijt. Open deze link binnen 60 minuten om een nieuw apparaat te registreren:',
  'mail.webauthn_recovery.action': 'Nieuw beveiligingsapparaat registreren',
  'mail.webauthn_recovery.ignore': 'Heb je hier niet om gevraagd, negeer dan dit bericht.',
  // Alerts
  'validation.url': 'Het veld :attribute moet een geldige URL zijn.',
  'alert.new_device.title': 'Nieuwe aanmelding bij Twofold',
  'alert.new_device.body':
    'Aangemeld vanaf een nieuw apparaat: :browser op :platform, IP-adres :ip. Was u dit niet, wijzig dan uw wachtwoord.',
  'alert.failed_sign_in.title': 'Mislukte aanmelding bij Twofold',
  'alert.failed_sign_in.body':
    'Een aanmelding vanaf IP-adres :ip is mislukt. Andere mislukkingen in de komende 15 minuten worden niet gemeld.',
  'alert.token_created.title': 'Nieuw persoonlijk toegangstoken',
  'alert.token_created.body': 'Er is een persoonlijk toegangstoken met de naam ‘:name’ aangemaakt.',
  'alert.security_device_added.title': 'Nieuw beveiligingsapparaat',
  'alert.security_device_added.body': 'Er is een nieuw beveiligingsapparaat voor uw account geregistreerd.',
  'alert.export.title': 'Accounts geëxporteerd',
  'alert.export.body': 'Uw accounts zijn met hun geheimen geëxporteerd (formaat: :format).',
  'alert.backup_failed.title': 'Geplande back-up mislukt',
  'alert.backup_failed.body':
    'De geplande back-up kon niet worden geschreven. Controleer de back-upinstellingen.',
  'error.disk_full':
    'Onvoldoende ruimte op de gegevensschijf van de server (DATA_DIR): er is niets opgeslagen. Maak ruimte vrij en probeer het opnieuw.',
  'alert.clock_skew.title': 'De klok van de server staat verkeerd',
  'alert.clock_skew.body':
    'De klok van de server wijkt :offset af van de apparaten die hem gebruiken (+ voor, − achter). Codes die de server berekent zijn fout tot zijn tijd is hersteld (NTP).',
  'alert.clock_skew.gone.title': 'De klok van de server staat weer goed',
  'alert.clock_skew.gone.body': 'De klok van de server komt weer overeen met zijn apparaten.',
  'alert.disk_full.title': 'Schijf van de server vol',
  'alert.disk_full.body':
    'De gegevensschijf van de server (DATA_DIR) is vol: nieuwe gegevens worden geweigerd tot er ruimte vrijkomt. Niets van wat al was opgeslagen is verloren gegaan.',
  'alert.test.title': 'Testmelding van Twofold',
  'alert.test.body': 'Dit kanaal werkt: Twofold kan u hier meldingen sturen.',
  'alert.alerts_changed.title': 'Meldingsinstellingen gewijzigd',
  'alert.alerts_changed.body':
    'Uw meldingsinstellingen zijn gewijzigd (:changes). Was u dit niet, trek dan uw persoonlijke toegangstokens in en controleer Instellingen, Meldingen.',
  'error.alert_url_password':
    'Typ het wachtwoord in de URL opnieuw: het opgeslagen wachtwoord hoort bij het vorige adres.',
};

/** Dutch names of the `:attribute` values, keyed by the English attribute. */
export const nlAttributes: Readonly<Record<string, string>> = {
  account: 'account',
  algorithm: 'algoritme',
  counter: 'teller',
  credential: 'inloggegevens',
  'current password': 'huidig wachtwoord',
  'custom otp': 'aangepaste OTP',
  digits: 'cijfers',
  email: 'e-mailadres',
  file: 'bestand',
  format: 'formaat',
  'group id': 'groep',
  icon: 'pictogram',
  'icon pack': 'pictogrammenpakket',
  key: 'sleutel',
  label: 'label',
  name: 'naam',
  'otp type': 'OTP-type',
  password: 'wachtwoord',
  'password confirmation': 'wachtwoordbevestiging',
  payload: 'gegevens',
  period: 'periode',
  qrcode: 'QR-code',
  secret: 'geheim',
  service: 'dienst',
  token: 'token',
  value: 'waarde',
  variant: 'variant',
};
