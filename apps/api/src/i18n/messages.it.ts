import type { MessageKey } from './messages.en.js';

/**
 * Italian server messages, phrased like Laravel's Italian lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const it: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Il campo :attribute è obbligatorio.',
  'validation.present': 'Il campo :attribute deve essere presente.',
  'validation.required_without': 'Il campo :attribute è obbligatorio quando :values non è presente.',
  'validation.string': 'Il campo :attribute deve essere una stringa.',
  'validation.integer': 'Il campo :attribute deve essere un numero intero.',
  'validation.numeric': 'Il campo :attribute deve essere un numero.',
  'validation.boolean': 'Il campo :attribute deve essere vero o falso.',
  'validation.array': 'Il campo :attribute deve essere un array.',
  'validation.email': 'Il campo :attribute deve essere un indirizzo e-mail valido.',
  'validation.date': 'Il campo :attribute deve essere una data valida.',
  'validation.alpha': 'Il campo :attribute può contenere solo lettere.',
  'validation.in': 'Il valore selezionato per :attribute non è valido.',
  'validation.unique': 'Il valore del campo :attribute è già stato utilizzato.',
  'validation.regex': 'Il formato del campo :attribute non è valido.',
  'validation.confirmed': 'La conferma del campo :attribute non corrisponde.',
  'validation.between': 'Il campo :attribute deve essere compreso tra :min e :max.',
  'validation.min.numeric': 'Il campo :attribute deve essere almeno :min.',
  'validation.min.string': 'Il campo :attribute deve contenere almeno :min caratteri.',
  'validation.max.numeric': 'Il campo :attribute non può essere superiore a :max.',
  'validation.max.string': 'Il campo :attribute non può contenere più di :max caratteri.',
  'validation.max.file': 'Il campo :attribute non può superare :max kilobyte.',
  'validation.distinct': 'Il campo :attribute contiene un valore duplicato.',
  'validation.scalar': 'Il campo :attribute deve essere una stringa, un numero o un booleano.',
  'validation.file': 'Il campo :attribute deve essere un file.',
  'validation.image': "Il campo :attribute deve essere un'immagine.",
  'validation.no_colon': 'Il campo :attribute non può contenere i due punti.',
  'validation.otpauth_uri': 'Il campo :attribute non è un URI otpauth valido.',
  'validation.base32': 'Il campo :attribute deve essere una stringa codificata in base32.',
  'validation.otp_type': 'Il campo :attribute non è supportato.',
  'validation.uri_label': "L'URI deve avere un'etichetta.",
  'validation.ids': 'Gli ID devono essere separati da virgole, senza virgola finale.',
  'validation.image_format': 'I formati supportati sono jpeg, png, bmp, gif, svg o webp.',
  'validation.email_not_found': 'Nessun account trovato con questa e-mail.',
  'validation.first_user': "C'è già un utente registrato",
  'validation.icon_pack': 'Il pacchetto di icone non si trova sul server.',
  'validation.idempotency_key_reused': "Il campo :attribute è già stato usato per un'altra richiesta.",
  'validation.and_more_error': '(e :count altro errore)',
  'validation.and_more_errors': '(e altri :count errori)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Troppi tentativi di accesso. Riprova tra :seconds secondi.',
  'error.demo_disabled': 'Funzione disattivata in modalità demo',
  'error.untrusted_proxy': 'La richiesta non proviene da un proxy attendibile',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Contenuto troppo grande',
  'error.unsupported_media_type': 'Tipo di contenuto non supportato',
  'error.service_unavailable': 'Servizio non disponibile',
  'error.method_not_allowed':
    'Il metodo :method non è supportato per la rotta :route. Metodi supportati: :methods.',
  'error.malformed_json': 'Corpo JSON non valido',
  'error.malformed_multipart': 'Corpo multipart non valido',
  'error.too_many_ids': 'Troppi ID nel parametro della query, massimo 100',
  'error.cannot_decipher':
    'Impossibile decifrare il segreto. La causa è di solito una chiave di cifratura errata o dati danneggiati nel database.',
  'error.invalid_base32_secret': 'non è un segreto codificato in base32 valido',
  'error.invalid_otp_parameters': 'parametri OTP non validi',
  'error.unsupported_otp_type': 'Tipo di OTP non supportato',
  'error.unable_to_decrypt_uri': "Impossibile decifrare l'URI",
  'error.qr_not_found': "Nessun codice QR rilevato nell'immagine, prova a ritagliarla",
  'error.qr_unreadable': 'Nessun codice QR leggibile',
  'error.migration_unreadable': 'Dati :app non validi o illeggibili',
  'error.migration_no_format': 'I dati non corrispondono a nessun formato supportato',
  'error.migration_encrypted': 'Illeggibili, i dati sembrano cifrati',
  'error.migration_wrong_password': 'Password errata, impossibile decifrare i dati :app',
  'error.migration_unsupported_encryption': 'Impostazioni di cifratura di :app non supportate',
  'error.migration_unsupported_cipher':
    'Impostazioni di cifratura di :app non supportate: il cifrario :cipher non può essere letto',
  'error.migration_use_export':
    'Sembra il database cifrato di :app, che non può essere letto; esporta i tuoi account da :app in un file e importa quel file',
  'error.migration_account_key':
    'Questa esportazione di Bitwarden è cifrata con la chiave del tuo account e non può essere importata; esportala di nuovo con una password o senza cifratura',
  'error.file_upload_failed': 'Caricamento del file non riuscito',
  'error.encryption_failed': 'Cifratura non riuscita, il database resta non protetto.',
  'error.decryption_failed':
    'Decifratura non riuscita, il database è ancora protetto. La causa è di solito un problema di integrità dei dati cifrati di uno o più account.',
  'error.password_sign_in_off':
    "L'accesso con password è disattivato su questo server: accedi con il tuo provider di identità.",
  'error.oidc_unavailable':
    'Il provider di identità non è raggiungibile in questo momento. Riprova più tardi.',
  'error.identity_confirmation_required':
    'Conferma la tua identità per vedere questo contenuto (password o chiave di sicurezza).',
  'error.token_scope_required': 'Il tuo token non può farlo: serve l\'ambito ":scope" o uno più ampio.',
  'error.token_required':
    'Solo un token di accesso personale può revocare se stesso; revoca i token nelle Impostazioni.',
  'error.session_required':
    'Solo una sessione con accesso effettuato può farlo, non un token di accesso personale.',
  'error.device_authorization_pending': "L'associazione non è ancora approvata: riprova tra qualche secondo.",
  'error.device_slow_down': "Troppo veloce: attendi l'intervallo tra due richieste.",
  'error.device_access_denied': "L'associazione è stata rifiutata.",
  'error.device_expired_token':
    'Questo codice di associazione è sconosciuto, scaduto o già usato: ricomincia.',
  'validation.website': 'Il campo :attribute deve essere il dominio di un sito web, come github.com.',
  'error.wrong_password': 'Password errata',
  'error.wrong_current_password': 'Password attuale errata, non è stato modificato nulla',
  'error.user_deletion_failed':
    "Eliminazione dell'account utente non riuscita, nessun dato è stato eliminato",
  'error.email_sending_failed': "Invio dell'e-mail non riuscito",
  'error.no_registered_user': 'nessun utente registrato',
  'error.cannot_register_more': 'Non puoi registrare più di un utente.',
  'error.wait_before_retrying': 'Attendi prima di riprovare.',
  'error.reset_user_not_found': 'Non troviamo alcun utente con questo indirizzo e-mail.',
  'error.reset_token_invalid': 'Questo token di reimpostazione della password non è valido.',
  'error.invalid_recovery_token': 'Token di recupero non valido',
  'error.otp_without_secret': 'Impossibile creare un OTP senza segreto',
  'error.device_not_verified': 'Impossibile verificare il dispositivo di sicurezza.',
  'error.webauthn_needs_device': 'Registra almeno un dispositivo per attivare queste opzioni',
  'error.group_reserved_name': 'Nome riservato, scegline un altro',
  'error.group_name_characters': 'Usa solo lettere, numeri, trattini, trattini bassi, spazi o apostrofi',
  'error.only_custom_setting_deletable': "Solo le impostazioni create dall'utente possono essere eliminate",
  'error.uri_alone': "Il parametro uri deve essere fornito da solo o solo insieme al parametro 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Password cambiata correttamente',
  'success.reset_link_sent': 'Ti abbiamo inviato via e-mail il link per reimpostare la password!',
  'success.password_reset': 'La tua password è stata reimpostata!',
  'success.recovery_email_sent': "E-mail di recupero dell'account inviata!",
  'success.device_registered': 'Dispositivo registrato correttamente',
  // Other texts
  'error.backup_password_missing':
    'Nessuna password dei backup impostata: impostane prima una in Impostazioni → Backup.',
  'error.backup_password_wrong': 'La password dei backup attuale è errata.',
  'breakglass.title': 'Twofold: copia di emergenza',
  'breakglass.made': 'Creata il :date.',
  'breakglass.read_only':
    'Una copia di sola lettura dei tuoi account: nulla qui li modifica. Funziona offline e non si collega a nulla.',
  'breakglass.password': 'Password dei backup',
  'breakglass.open': 'Apri',
  'breakglass.wrong': 'Questa password non apre questo file.',
  'breakglass.search': 'Cerca',
  'breakglass.counter': 'Contatore :counter',
  'breakglass.reveal': 'Mostra nota e codici di recupero',
  'breakglass.note': 'Nota',
  'breakglass.recovery_codes': 'Codici di recupero',
  'breakglass.used': 'usato',
  'breakglass.none': 'Nessun account corrisponde.',
  'group.all': 'Tutti',
  'account.invalid_account': '- account non valido -',
  'account.invalid_service': '- servizio non valido -',
  // E-mails
  'mail.greeting': 'Ciao :name,',
  'mail.password_reset.subject': ':app: reimposta la password',
  'mail.password_reset.intro':
    'Hai chiesto di reimpostare la password. Apri questo link entro 60 minuti per sceglierne una nuova:',
  'mail.password_reset.action': 'Reimposta la password',
  'mail.password_reset.ignore':
    "Se non l'hai chiesto tu, ignora questo messaggio: la password resta invariata.",
  'mail.webauthn_recovery.subject': ':app: registra un nuovo dispositivo di sicurezza',
  'mail.webauthn_recovery.intro':
    'Hai perso un dispositivo di sicurezza. Apri questo link entro 60 minuti per registrarne uno nuovo:',
  'mail.webauthn_recovery.action': 'Registra un nuovo dispositivo di sicurezza',
  'mail.webauthn_recovery.ignore': "Se non l'hai chiesto tu, ignora questo messaggio.",
  // Alerts
  'validation.url': 'Il campo :attribute deve essere un URL valido.',
  'alert.new_device.title': 'Nuovo accesso a Twofold',
  'alert.new_device.body':
    'Accesso da un nuovo dispositivo: :browser su :platform, indirizzo IP :ip. Se non sei stato tu, cambia la password.',
  'alert.failed_sign_in.title': 'Accesso a Twofold non riuscito',
  'alert.failed_sign_in.body':
    'Un accesso dall’indirizzo IP :ip non è riuscito. Gli altri fallimenti nei prossimi 15 minuti non vengono segnalati.',
  'alert.token_created.title': 'Nuovo token di accesso personale',
  'alert.token_created.body': 'È stato creato un token di accesso personale chiamato «:name».',
  'alert.security_device_added.title': 'Nuovo dispositivo di sicurezza',
  'alert.security_device_added.body': 'Un nuovo dispositivo di sicurezza è stato registrato sul tuo account.',
  'alert.export.title': 'Account esportati',
  'alert.export.body': 'I tuoi account sono stati esportati con i loro segreti (formato: :format).',
  'alert.backup_failed.title': 'Backup pianificato non riuscito',
  'alert.backup_failed.body':
    'Non è stato possibile scrivere il backup pianificato. Controlla le impostazioni di backup.',
  'error.disk_full':
    'Spazio insufficiente sul disco dati del server (DATA_DIR): non è stato salvato nulla. Libera spazio e riprova.',
  'alert.clock_skew.title': "L'orologio del server è sbagliato",
  'alert.clock_skew.body':
    "L'orologio del server differisce di :offset dai dispositivi che lo usano (+ avanti, − indietro). I codici calcolati dal server sono errati finché la sua ora non viene corretta (NTP).",
  'alert.clock_skew.gone.title': "L'orologio del server è di nuovo giusto",
  'alert.clock_skew.gone.body': "L'orologio del server concorda di nuovo con i suoi dispositivi.",
  'alert.disk_full.title': 'Disco del server pieno',
  'alert.disk_full.body':
    'Il disco dati del server (DATA_DIR) è pieno: i nuovi dati vengono rifiutati finché non si libera spazio. Nulla di quanto salvato è andato perso.',
  'alert.test.title': 'Avviso di prova di Twofold',
  'alert.test.body': 'Questo canale funziona: Twofold può inviarti avvisi qui.',
  'alert.alerts_changed.title': 'Impostazioni degli avvisi modificate',
  'alert.alerts_changed.body':
    'Le impostazioni dei tuoi avvisi sono state modificate (:changes). Se non sei stato tu, revoca i tuoi token di accesso personali e controlla Impostazioni, Avvisi.',
  'error.alert_url_password':
    'Digita di nuovo la password nell’URL: quella salvata appartiene all’indirizzo precedente.',
};

/** Italian names of the `:attribute` values, keyed by the English attribute. */
export const itAttributes: Readonly<Record<string, string>> = {
  account: 'account',
  algorithm: 'algoritmo',
  counter: 'contatore',
  credential: 'credenziale',
  'current password': 'password attuale',
  'custom otp': 'OTP personalizzato',
  digits: 'cifre',
  email: 'indirizzo e-mail',
  file: 'file',
  format: 'formato',
  'group id': 'gruppo',
  icon: 'icona',
  'icon pack': 'pacchetto di icone',
  key: 'chiave',
  label: 'etichetta',
  name: 'nome',
  'otp type': 'tipo di OTP',
  password: 'password',
  'password confirmation': 'conferma della password',
  payload: 'dati',
  period: 'periodo',
  qrcode: 'codice QR',
  secret: 'segreto',
  service: 'servizio',
  token: 'token',
  value: 'valore',
  variant: 'variante',
};
