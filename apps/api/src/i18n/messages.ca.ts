import type { MessageKey } from './messages.en.js';

/**
 * Catalan server messages, phrased like Laravel's Catalan lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const ca: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'El camp :attribute és obligatori.',
  'validation.present': 'El camp :attribute ha de ser present.',
  'validation.required_without': 'El camp :attribute és obligatori quan :values no és present.',
  'validation.string': 'El camp :attribute ha de ser una cadena.',
  'validation.integer': 'El camp :attribute ha de ser un nombre enter.',
  'validation.numeric': 'El camp :attribute ha de ser un número.',
  'validation.boolean': 'El camp :attribute ha de ser cert o fals.',
  'validation.array': 'El camp :attribute ha de ser una matriu.',
  'validation.email': 'El camp :attribute ha de ser una adreça electrònica vàlida.',
  'validation.date': 'El camp :attribute ha de ser una data vàlida.',
  'validation.alpha': 'El camp :attribute només pot contenir lletres.',
  'validation.in': 'El valor seleccionat de :attribute no és vàlid.',
  'validation.unique': 'El valor de :attribute ja està en ús.',
  'validation.regex': 'El format del camp :attribute no és vàlid.',
  'validation.confirmed': 'La confirmació del camp :attribute no coincideix.',
  'validation.between': 'El camp :attribute ha d’estar entre :min i :max.',
  'validation.min.numeric': 'El camp :attribute ha de ser com a mínim :min.',
  'validation.min.string': 'El camp :attribute ha de tenir com a mínim :min caràcters.',
  'validation.max.numeric': 'El camp :attribute no pot ser més gran que :max.',
  'validation.max.string': 'El camp :attribute no pot tenir més de :max caràcters.',
  'validation.max.file': 'El camp :attribute no pot ocupar més de :max kilobytes.',
  'validation.distinct': 'El camp :attribute té un valor duplicat.',
  'validation.scalar': 'El camp :attribute ha de ser una cadena, un número o un booleà.',
  'validation.file': 'El camp :attribute ha de ser un fitxer.',
  'validation.image': 'El camp :attribute ha de ser una imatge.',
  'validation.no_colon': 'El camp :attribute no pot contenir dos punts.',
  'validation.otpauth_uri': 'El camp :attribute no és un URI otpauth vàlid.',
  'validation.base32': 'El camp :attribute ha de ser una cadena codificada en base32.',
  'validation.otp_type': 'El camp :attribute no és compatible.',
  'validation.uri_label': 'L’URI ha de tenir una etiqueta.',
  'validation.ids': 'Els identificadors s’han de separar amb comes, sense coma final.',
  'validation.image_format': 'Els formats admesos són jpeg, png, bmp, gif, svg o webp.',
  'validation.email_not_found': 'No s’ha trobat cap compte amb aquest correu electrònic.',
  'validation.first_user': 'Ja hi ha un usuari registrat',
  'validation.icon_pack': 'No s’ha trobat el paquet d’icones al servidor.',
  'validation.idempotency_key_reused': 'El camp :attribute ja s’ha fet servir per a una altra sol·licitud.',
  'validation.and_more_error': '(i :count error més)',
  'validation.and_more_errors': '(i :count errors més)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Massa intents d’inici de sessió. Torneu-ho a provar d’aquí a :seconds segons.',
  'error.demo_disabled': 'Funció desactivada en el mode de demostració',
  'error.untrusted_proxy': 'La sol·licitud no prové d’un servidor intermediari de confiança',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Contingut massa gran',
  'error.unsupported_media_type': 'Tipus de contingut no admès',
  'error.service_unavailable': 'Servei no disponible',
  'error.method_not_allowed': 'El mètode :method no s’admet per a la ruta :route. Mètodes admesos: :methods.',
  'error.malformed_json': 'Cos JSON mal format',
  'error.malformed_multipart': 'Cos multipart mal format',
  'error.too_many_ids': 'Massa identificadors al paràmetre de la consulta, se n’admeten 100 com a màxim',
  'error.cannot_decipher':
    'No es pot desxifrar el secret. Això sol ser causat per una clau de xifratge incorrecta o per dades malmeses a la base de dades.',
  'error.invalid_base32_secret': 'no és un secret codificat en base32 vàlid',
  'error.invalid_otp_parameters': 'paràmetres OTP no vàlids',
  'error.unsupported_otp_type': 'Tipus d’OTP no compatible',
  'error.unable_to_decrypt_uri': 'No es pot desxifrar l’URI',
  'error.qr_not_found': 'No es detecta cap codi QR a la imatge, proveu de retallar-la',
  'error.qr_unreadable': 'Cap codi QR llegible',
  'error.migration_unreadable': 'Dades de :app no vàlides o il·legibles',
  'error.migration_no_format': 'Les dades no coincideixen amb cap format admès',
  'error.migration_encrypted': 'Il·legible, les dades semblen xifrades',
  'error.migration_use_export':
    'Sembla la base de dades xifrada de :app, que no es pot llegir; exporteu els vostres comptes de :app a un fitxer i importeu aquest fitxer',
  'error.migration_wrong_password': 'Contrasenya incorrecta, les dades de :app no es poden desxifrar',
  'error.migration_unsupported_encryption': 'Configuració de xifratge de :app no compatible',
  'error.migration_unsupported_cipher':
    'Configuració de xifratge de :app no compatible: el xifratge :cipher no es pot llegir',
  'error.migration_account_key':
    'Aquesta exportació de Bitwarden està xifrada amb la clau del vostre compte i no es pot importar; torneu-la a exportar amb una contrasenya o sense xifrar',
  'error.file_upload_failed': 'La pujada del fitxer ha fallat',
  'error.encryption_failed': 'El xifratge ha fallat, la base de dades continua sense protecció.',
  'error.decryption_failed':
    'El desxifratge ha fallat, la base de dades continua protegida. Això sol ser causat per un problema d’integritat de les dades xifrades d’un o més comptes.',
  'error.password_sign_in_off':
    "L'inici de sessió amb contrasenya està desactivat en aquest servidor: inicieu la sessió amb el vostre proveïdor d'identitat.",
  'error.oidc_unavailable':
    "Ara mateix no es pot contactar amb el proveïdor d'identitat. Torneu-ho a provar més tard.",
  'error.identity_confirmation_required':
    'Confirmeu la vostra identitat per veure això (contrasenya o dispositiu de seguretat).',
  'error.token_scope_required':
    'El vostre testimoni no pot fer això: necessita l\'abast ":scope" o un de més ampli.',
  'error.token_required':
    "Només un testimoni d'accés personal es pot revocar a si mateix; revoca testimonis a la Configuració.",
  'error.session_required': "Només una sessió iniciada pot fer això, no un testimoni d'accés personal.",
  'error.device_authorization_pending':
    "L'aparellament encara no s'ha aprovat: torna-ho a demanar d'aquí a uns segons.",
  'error.device_slow_down': "Massa ràpid: espera l'interval entre dues peticions.",
  'error.device_access_denied': "L'aparellament s'ha rebutjat.",
  'error.device_expired_token':
    "Aquest codi d'aparellament és desconegut, ha caducat o ja s'ha fet servir: torna a començar.",
  'validation.website': "El camp :attribute ha de ser el domini d'un lloc web, com ara github.com.",
  'error.wrong_password': 'Contrasenya incorrecta',
  'error.wrong_current_password': 'Contrasenya actual incorrecta, no s’ha canviat res',
  'error.user_deletion_failed': 'L’eliminació del compte d’usuari ha fallat, no s’ha eliminat cap dada',
  'error.email_sending_failed': 'L’enviament del correu ha fallat',
  'error.no_registered_user': 'cap usuari registrat',
  'error.cannot_register_more': 'No podeu registrar més d’un usuari.',
  'error.wait_before_retrying': 'Espereu abans de tornar-ho a provar.',
  'error.reset_user_not_found': 'No trobem cap usuari amb aquesta adreça electrònica.',
  'error.reset_token_invalid': 'Aquest testimoni de restabliment de la contrasenya no és vàlid.',
  'error.invalid_recovery_token': 'Testimoni de recuperació no vàlid',
  'error.otp_without_secret': 'No es pot crear un OTP sense secret',
  'error.device_not_verified': 'No s’ha pogut verificar el dispositiu de seguretat.',
  'error.webauthn_needs_device': 'Configureu almenys un dispositiu per activar aquestes opcions',
  'error.group_reserved_name': 'Nom reservat, trieu-ne un altre',
  'error.group_name_characters':
    'Feu servir només lletres, xifres, guions, guions baixos, espais o cometes simples',
  'error.only_custom_setting_deletable': 'Només es poden eliminar els paràmetres creats per l’usuari',
  'error.uri_alone':
    "El paràmetre uri s’ha de proporcionar sol o només juntament amb el paràmetre 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'La contrasenya s’ha canviat correctament',
  'success.reset_link_sent': 'Us hem enviat per correu l’enllaç per restablir la contrasenya!',
  'success.password_reset': 'S’ha restablert la vostra contrasenya!',
  'success.recovery_email_sent': 'S’ha enviat el correu de recuperació del compte!',
  'success.device_registered': 'El dispositiu s’ha registrat correctament',
  // Other texts
  'error.backup_password_missing':
    'No hi ha cap contrasenya de les còpies: definiu-ne una primer a Configuració → Còpies de seguretat.',
  'error.backup_password_wrong': 'La contrasenya actual de les còpies és incorrecta.',
  'breakglass.title': 'Twofold: còpia d’emergència',
  'breakglass.made': 'Creada el :date.',
  'breakglass.read_only':
    'Una còpia només de lectura dels vostres comptes: res d’aquí els modifica. Funciona sense connexió i no es connecta enlloc.',
  'breakglass.password': 'Contrasenya de les còpies',
  'breakglass.open': 'Obre',
  'breakglass.wrong': 'Aquesta contrasenya no obre aquest fitxer.',
  'breakglass.search': 'Cerca',
  'breakglass.counter': 'Comptador :counter',
  'breakglass.reveal': 'Mostra la nota i els codis de recuperació',
  'breakglass.note': 'Nota',
  'breakglass.recovery_codes': 'Codis de recuperació',
  'breakglass.used': 'usat',
  'breakglass.none': 'Cap compte no coincideix.',
  'group.all': 'Tots',
  'account.invalid_account': '- compte no vàlid -',
  'account.invalid_service': '- servei no vàlid -',
  // E-mails
  'mail.greeting': 'Hola, :name:',
  'mail.password_reset.subject': ':app: restabliu la contrasenya',
  'mail.password_reset.intro':
    'Heu demanat restablir la contrasenya. Obriu aquest enllaç en els propers 60 minuts per triar-ne una de nova:',
  'mail.password_reset.action': 'Restabliu la contrasenya',
  'mail.password_reset.ignore':
    'Si no ho heu demanat, no feu cas d’aquest missatge: la contrasenya continua igual.',
  'mail.webauthn_recovery.subject': ':app: registreu un dispositiu de seguretat nou',
  'mail.webauthn_recovery.intro':
    'Heu perdut un dispositiu de seguretat. Obriu aquest enllaç en els propers 60 minuts per registrar-ne un de nou:',
  'mail.webauthn_recovery.action': 'Registreu un dispositiu de seguretat nou',
  'mail.webauthn_recovery.ignore': 'Si no ho heu demanat, no feu cas d’aquest missatge.',
  // Alerts
  'validation.url': 'El camp :attribute ha de ser un URL vàlid.',
  'alert.new_device.title': 'Inici de sessió nou a Twofold',
  'alert.new_device.body':
    'S’ha iniciat la sessió des d’un dispositiu nou: :browser a :platform, adreça IP :ip. Si no heu estat vós, canvieu la contrasenya.',
  'alert.failed_sign_in.title': 'Inici de sessió fallit a Twofold',
  'alert.failed_sign_in.body':
    'Ha fallat un inici de sessió des de l’adreça IP :ip. No s’informarà d’altres errors durant els 15 minuts següents.',
  'alert.token_created.title': 'Testimoni d’accés personal nou',
  'alert.token_created.body': 'S’ha creat un testimoni d’accés personal anomenat «:name».',
  'alert.security_device_added.title': 'Dispositiu de seguretat nou',
  'alert.security_device_added.body': 'S’ha registrat un dispositiu de seguretat nou al vostre compte.',
  'alert.export.title': 'Comptes exportats',
  'alert.export.body': 'S’han exportat els vostres comptes amb els seus secrets (format: :format).',
  'alert.backup_failed.title': 'Ha fallat la còpia de seguretat planificada',
  'alert.backup_failed.body':
    'No s’ha pogut escriure la còpia de seguretat planificada. Comproveu la configuració de les còpies.',
  'error.disk_full':
    "No hi ha prou espai al disc de dades del servidor (DATA_DIR): no s'ha desat res. Allibereu espai i torneu-ho a provar.",
  'alert.clock_skew.title': 'El rellotge del servidor està malament',
  'alert.clock_skew.body':
    "El rellotge del servidor difereix :offset dels dispositius que l'utilitzen (+ avançat, − endarrerit). Els codis que calcula el servidor són incorrectes fins que se'n corregeixi l'hora (NTP).",
  'alert.clock_skew.gone.title': 'El rellotge del servidor torna a estar bé',
  'alert.clock_skew.gone.body': 'El rellotge del servidor torna a coincidir amb els seus dispositius.',
  'alert.disk_full.title': 'Disc del servidor ple',
  'alert.disk_full.body':
    "El disc de dades del servidor (DATA_DIR) és ple: es rebutgen les dades noves fins que s'alliberi espai. No s'ha perdut res del que ja estava desat.",
  'alert.test.title': 'Alerta de prova de Twofold',
  'alert.test.body': 'Aquest canal funciona: Twofold us pot enviar alertes aquí.',
  'alert.alerts_changed.title': 'S’ha canviat la configuració de les alertes',
  'alert.alerts_changed.body':
    'S’ha canviat la configuració de les vostres alertes (:changes). Si no heu estat vosaltres, revoqueu els testimonis d’accés personal i reviseu Configuració, Alertes.',
  'error.alert_url_password':
    'Torneu a escriure la contrasenya de l’URL: la desada pertany a l’adreça anterior.',
};

/** Catalan names of the `:attribute` values, keyed by the English attribute. */
export const caAttributes: Readonly<Record<string, string>> = {
  account: 'compte',
  algorithm: 'algorisme',
  counter: 'comptador',
  credential: 'credencial',
  'current password': 'contrasenya actual',
  'custom otp': 'OTP personalitzat',
  digits: 'xifres',
  email: 'adreça electrònica',
  file: 'fitxer',
  format: 'format',
  'group id': 'grup',
  icon: 'icona',
  'icon pack': 'paquet d’icones',
  key: 'clau',
  label: 'etiqueta',
  name: 'nom',
  'otp type': 'tipus d’OTP',
  password: 'contrasenya',
  'password confirmation': 'confirmació de la contrasenya',
  payload: 'dades',
  period: 'període',
  qrcode: 'codi QR',
  secret: 'secret',
  service: 'servei',
  token: 'testimoni',
  value: 'valor',
  variant: 'variant',
};
